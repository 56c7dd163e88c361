import { matchingSentences } from './answer.ts';
import { compoundParts } from './compounds.ts';
import { decodeIntegers, encodeIntegers } from './codec.ts';
import { coverageConfidence, inverseDocumentFrequency } from './confidence.ts';
import { type KnowledgeAnalyzer, knowledgeAnalyzer } from './language.ts';
import {
  FIELDS,
  type FieldPostings,
  type InvertedIndex,
  InvertedIndexBuilder,
  type SerializedField,
  loadField,
  serializeField,
} from './inverted.ts';
import { loadLegacyIndex } from './legacy.ts';
import { splitPassages } from './passages.ts';
import { Vocabulary } from './vocabulary.ts';
import type {
  EntryRecord,
  IndexContent,
  KnowledgeDocument,
  KnowledgeHit,
  KnowledgeIndex,
  KnowledgeSearchOptions,
  SerializedKnowledgeIndex,
} from './types.ts';

// The index's types and threshold are its callers' too.
export * from './types.ts';

/**
 * Field boosts and BM25 parameters, tuned on XQuAD (bench/knowledge.ts): the passage's own words count most;
 * QA trainings' questions are strong evidence for their entry; the title only helps to tell entries apart.
 */
export const KNOWLEDGE_RANKING = {
  boost: { text: 1, questions: 1.5, title: 0.5 },
  bm25: { k: 0.9, b: 0.5, d: 0.5 },
  /** Question terms at least this long also match longer index terms they begin (0: off). */
  prefixMinLength: 5,
  /** A prefix match's weight, falling slowly with the letters it adds (as MiniSearch's own prefix search). */
  prefixWeight: 0.375,
  /** At most this many longer terms per question term. */
  prefixExpansions: 50,
  /** The weight of each part of a question word read as a compound (compoundParts). */
  compoundPartWeight: 0.5,
};

const DEFAULT_LIMIT = 5;
/** Above this share of the touched entries wanted, they are simply sorted (below, the best are picked in one pass). */
const SORT_ALL_SHARE = 0.125;

/** The serialized form (format 2): postings as LEB128 text (codec.ts), passages as two parallel arrays. */
interface KnowledgeIndexData extends SerializedKnowledgeIndex {
  format: 2;
  entries: EntryRecord[];
  passages: { entries: string; texts: string[] };
  vocabulary: { terms: string[]; passages: string };
  fields: Record<(typeof FIELDS)[number], SerializedField>;
}

/** A term scored for a question: a question term, a part of one read as a compound, or a longer term one begins. */
interface QueryTerm {
  /** The term's number in the vocabulary. */
  id: number;
  /** Which of the question's terms it stands for. */
  source: number;
  weight: number;
}

/**
 * Per-passage scratch for one query at a time, reused (a query only touches the passages on its terms' lists;
 * `mark` tells this query's values from an earlier one's, so nothing is cleared).
 */
class Scratch {
  readonly mark: Int32Array;
  readonly scores: Float64Array;
  /** The last question term (source) counted for the passage, and how many were. */
  readonly lastSource: Int32Array;
  readonly sources: Int32Array;
  readonly touched: Int32Array;
  readonly entryMark: Int32Array;
  readonly entryScore: Float64Array;
  readonly entryPassage: Int32Array;
  readonly entryOrder: Int32Array;
  readonly touchedEntries: Int32Array;
  current = 0;

  constructor(passages: number, entries: number) {
    this.mark = new Int32Array(passages);
    this.scores = new Float64Array(passages);
    this.lastSource = new Int32Array(passages);
    this.sources = new Int32Array(passages);
    this.touched = new Int32Array(passages);
    this.entryMark = new Int32Array(entries);
    this.entryScore = new Float64Array(entries);
    this.entryPassage = new Int32Array(entries);
    this.entryOrder = new Int32Array(entries);
    this.touchedEntries = new Int32Array(entries);
  }

  next(): number {
    if (this.current === 0x7fffffff) {
      this.mark.fill(0);
      this.entryMark.fill(0);
      this.current = 0;
    }
    return ++this.current;
  }
}

function distinct(terms: string[]): string[] {
  return [...new Set(terms)];
}

/** Replaces `key` by a getter that computes the value on first read and keeps it (still enumerable, so JSON and equality see it). */
function lazyProperty<T extends object, K extends keyof T>(target: T, key: K, compute: () => T[K]): void {
  let value: T[K] | undefined;
  let done = false;
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get: () => {
      if (!done) {
        value = compute();
        done = true;
      }
      return value;
    },
  });
}

/** Whether a sorted Int32Array holds `value` between from and to. */
function holds(sorted: Int32Array, from: number, to: number, value: number): boolean {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low < to && sorted[low] === value;
}

class TypedKnowledgeIndex implements KnowledgeIndex {
  readonly language: string;
  private readonly analyzer: KnowledgeAnalyzer;
  private readonly content: IndexContent;
  private readonly vocabulary: Vocabulary;
  private readonly fields: FieldPostings[];
  /** Per field and passage: BM25's length normalisation k·(1 − b + b·length/average). */
  private readonly norms: Float64Array[];
  private scratch: Scratch | undefined;

  constructor(content: IndexContent, inverted: InvertedIndex) {
    this.language = content.language;
    this.analyzer = knowledgeAnalyzer(content.language);
    this.content = content;
    this.vocabulary = inverted.vocabulary;
    this.fields = inverted.fields;
    const { k, b } = KNOWLEDGE_RANKING.bm25;
    this.norms = this.fields.map((field) => {
      const norms = new Float64Array(field.lengths.length);
      for (let p = 0; p < norms.length; p++) norms[p] = k * (1 - b + (b * field.lengths[p]!) / field.average);
      return norms;
    });
  }

  get passages(): number {
    return this.content.passageTexts.length;
  }

  private idf = (term: string): number =>
    inverseDocumentFrequency(this.vocabulary.frequency(term), this.content.passageTexts.length);

  /**
   * The question's terms; the parts of a word the index does not know but can read as a compound; and the
   * longer index terms each term begins; the last two weighted down; each term once, grouped by the
   * question's term it stands for. Terms the index does not hold are left out (they match nothing).
   */
  private queryTerms(terms: string[]): QueryTerm[] {
    const { prefixMinLength, prefixWeight, prefixExpansions, compoundPartWeight } = KNOWLEDGE_RANKING;
    const taken = new Set<number>();
    const bySource: QueryTerm[][] = terms.map(() => []);
    const take = (id: number, source: number, weight: number) => {
      if (id < 0 || taken.has(id)) return;
      taken.add(id);
      bySource[source]!.push({ id, source, weight });
    };
    for (const [source, term] of terms.entries()) take(this.vocabulary.id(term), source, 1);
    for (const [source, term] of terms.entries()) {
      for (const part of compoundParts(term, this.vocabulary, this.analyzer) ?? []) {
        take(this.vocabulary.id(part), source, compoundPartWeight);
      }
    }
    for (const [source, term] of terms.entries()) {
      if (prefixMinLength <= 0 || term.length < prefixMinLength) continue;
      for (const id of this.vocabulary.extensionIds(term, prefixExpansions)) {
        const length = this.vocabulary.term(id).length;
        take(id, source, (prefixWeight * length) / (length + 0.3 * (length - term.length)));
      }
    }
    return bySource.flat();
  }

  /**
   * BM25 (MiniSearch's formula: per field, IDF over the passages holding the term in that field, the field's
   * boost, the query term's weight) summed over every posting of every query term into a score per passage,
   * then multiplied by the number of the question's terms the passage matched (exactly, as a compound or by a
   * longer term). Every posting list is walked whole: in typed arrays that is a few milliseconds even for
   * words on most of 100,000 passages.
   */
  private score(query: QueryTerm[], scratch: Scratch, mark: number): number {
    const { k, d } = KNOWLEDGE_RANKING.bm25;
    const boosts = FIELDS.map((field) => KNOWLEDGE_RANKING.boost[field]);
    const total = this.passages;
    const { scores, lastSource, sources, touched } = scratch;
    const marks = scratch.mark;
    let touchedCount = 0;
    for (const term of query) {
      for (let f = 0; f < this.fields.length; f++) {
        const field = this.fields[f]!;
        const from = field.offsets[term.id]!;
        const to = field.offsets[term.id + 1]!;
        if (from === to) continue;
        const frequency = to - from;
        const weight = term.weight * boosts[f]! * inverseDocumentFrequency(frequency, total);
        const norms = this.norms[f]!;
        const { passages, counts } = field;
        for (let i = from; i < to; i++) {
          const passage = passages[i]!;
          const count = counts[i]!;
          const value = weight * (d + (count * (k + 1)) / (count + norms[passage]!));
          if (marks[passage] !== mark) {
            marks[passage] = mark;
            scores[passage] = value;
            lastSource[passage] = term.source;
            sources[passage] = 1;
            touched[touchedCount++] = passage;
          } else {
            scores[passage]! += value;
            if (lastSource[passage] !== term.source) {
              lastSource[passage] = term.source;
              sources[passage]!++;
            }
          }
        }
      }
    }
    return touchedCount;
  }

  /**
   * The best `limit` entries, each with its best passage, best first (ties: the passage reached first). One
   * pass keeps each entry's best passage; a second keeps the best entries in a short sorted list.
   */
  private best(scratch: Scratch, mark: number, touchedCount: number, limit: number): number[] {
    const { scores, sources, touched, entryMark, entryScore, entryPassage, entryOrder, touchedEntries } = scratch;
    const entryOf = this.content.passageEntries;
    let entryCount = 0;
    for (let i = 0; i < touchedCount; i++) {
      const passage = touched[i]!;
      const score = scores[passage]! * sources[passage]!;
      const entry = entryOf[passage]!;
      if (entryMark[entry] !== mark) {
        entryMark[entry] = mark;
        entryScore[entry] = score;
        entryPassage[entry] = passage;
        entryOrder[entry] = i;
        touchedEntries[entryCount++] = entry;
      } else if (score > entryScore[entry]!) {
        entryScore[entry] = score;
        entryPassage[entry] = passage;
        entryOrder[entry] = i;
      }
    }
    const before = (a: number, b: number) =>
      entryScore[a]! > entryScore[b]! || (entryScore[a] === entryScore[b] && entryOrder[a]! < entryOrder[b]!);
    let top: number[];
    if (limit >= entryCount * SORT_ALL_SHARE) {
      top = Array.from(touchedEntries.subarray(0, entryCount)).sort((a, b) =>
        before(a, b) ? -1 : before(b, a) ? 1 : 0,
      );
      top.length = Math.min(top.length, limit);
    } else {
      top = [];
      for (let i = 0; i < entryCount; i++) {
        const entry = touchedEntries[i]!;
        if (top.length === limit && !before(entry, top[limit - 1]!)) continue;
        let at = top.length === limit ? limit - 1 : top.length;
        while (at > 0 && before(entry, top[at - 1]!)) {
          top[at] = top[at - 1]!;
          at--;
        }
        top[at] = entry;
      }
    }
    return top.map((entry) => entryPassage[entry]!);
  }

  /** Whether the passage holds the term itself (in any field). */
  private contains(passage: number, id: number): boolean {
    return this.fields.some((field) => holds(field.passages, field.offsets[id]!, field.offsets[id + 1]!, passage));
  }

  search(question: string, options: KnowledgeSearchOptions = {}): KnowledgeHit[] {
    const limit = options.limit ?? DEFAULT_LIMIT;
    const terms = distinct(this.analyzer.terms(question));
    if (terms.length === 0 || limit <= 0 || this.passages === 0) return [];
    const query = this.queryTerms(terms);
    if (query.length === 0) return [];
    this.scratch ??= new Scratch(this.passages, this.content.entries.length);
    const scratch = this.scratch;
    const mark = scratch.next();
    const touchedCount = this.score(query, scratch, mark);
    const termIds = terms.map((term) => this.vocabulary.id(term));
    return this.best(scratch, mark, touchedCount, limit).map((passage) => {
      const entry = this.content.entries[this.content.passageEntries[passage]!]!;
      const text = this.content.passageTexts[passage]!;
      const exact = new Set(terms.filter((_, i) => termIds[i]! >= 0 && this.contains(passage, termIds[i]!)));
      const hit = {
        entryId: entry.id,
        link: entry.link,
        title: entry.title,
        passage: text,
        answer: '',
        score: scratch.scores[passage]! * scratch.sources[passage]!,
        confidence: coverageConfidence(terms, exact, this.idf),
      };
      // Shortening re-reads the passage's sentences (most of a query's cost): done only for hits whose answer is read.
      lazyProperty(hit, 'answer', () => matchingSentences(text, terms, this.analyzer, this.idf));
      return hit;
    });
  }

  toJSON(): SerializedKnowledgeIndex {
    const vocabulary = this.vocabulary.toJSON();
    const serialized: KnowledgeIndexData = {
      format: 2,
      language: this.language,
      entries: this.content.entries,
      passages: { entries: encodeIntegers(this.content.passageEntries), texts: this.content.passageTexts },
      vocabulary: { terms: vocabulary.terms, passages: encodeIntegers(vocabulary.passages) },
      fields: {
        text: serializeField(this.fields[0]!),
        questions: serializeField(this.fields[1]!),
        title: serializeField(this.fields[2]!),
      },
    };
    return serialized;
  }
}

/**
 * Splits the entries into passages and indexes them (text, the entry's title and its QA trainings' questions),
 * analysing each text once and counting its terms straight into the index's typed arrays.
 */
export function buildKnowledgeIndex(documents: KnowledgeDocument[], language: string): KnowledgeIndex {
  const analyzer = knowledgeAnalyzer(language);
  const builder = new InvertedIndexBuilder();
  // Each distinct word is stemmed and numbered once per build (-1: a stop word).
  const wordNumbers = new Map<string, number>();
  const termNumbers = (text: string): number[] => {
    const out: number[] = [];
    for (const word of analyzer.words(text)) {
      let id = wordNumbers.get(word);
      if (id === undefined) {
        const term = analyzer.searchTerm(word);
        id = term === undefined ? -1 : builder.number(term);
        wordNumbers.set(word, id);
      }
      if (id >= 0) out.push(id);
    }
    return out;
  };
  const entries: EntryRecord[] = [];
  const passageEntries: number[] = [];
  const passageTexts: string[] = [];
  for (const document of documents) {
    const entry = entries.push({ id: document.id, link: document.link, title: document.title }) - 1;
    const title = builder.bag(termNumbers(document.title));
    const questions = builder.bag(termNumbers(document.questions.join('\n')));
    for (const text of splitPassages(document.text, analyzer.code)) {
      passageEntries.push(entry);
      passageTexts.push(text);
      builder.add([builder.bag(termNumbers(text)), questions, title]);
    }
  }
  return new TypedKnowledgeIndex(
    { language: analyzer.code, entries, passageEntries: Int32Array.from(passageEntries), passageTexts },
    builder.finish(),
  );
}

/** The index `toJSON()` gave, ready to search again (no re-analysis of the passages). */
export function loadKnowledgeIndex(serialized: SerializedKnowledgeIndex): KnowledgeIndex {
  if (serialized?.format === 1) {
    const { content, inverted } = loadLegacyIndex(serialized);
    return new TypedKnowledgeIndex(content, inverted);
  }
  if (serialized?.format !== 2) throw new Error('Unsupported knowledge index format.');
  const data = serialized as KnowledgeIndexData;
  if (
    !Array.isArray(data.entries) ||
    !Array.isArray(data.passages?.texts) ||
    !Array.isArray(data.vocabulary?.terms) ||
    !data.fields
  ) {
    throw new Error('The knowledge index is incomplete.');
  }
  const passageCount = data.passages.texts.length;
  const passageEntries = decodeIntegers(data.passages.entries, passageCount);
  if (passageEntries.some((entry) => entry >= data.entries.length))
    throw new Error('The knowledge index is incomplete.');
  const termCount = data.vocabulary.terms.length;
  const vocabulary = Vocabulary.fromSorted(data.vocabulary.terms, decodeIntegers(data.vocabulary.passages, termCount));
  const fields = FIELDS.map((field) => loadField(data.fields[field], termCount, passageCount));
  return new TypedKnowledgeIndex(
    { language: String(data.language), entries: data.entries, passageEntries, passageTexts: data.passages.texts },
    { vocabulary, fields },
  );
}
