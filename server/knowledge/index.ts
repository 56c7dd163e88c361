import MiniSearch, { type AsPlainObject } from 'minisearch';
import { matchingSentences } from './answer.ts';
import { compoundParts } from './compounds.ts';
import { coverageConfidence, inverseDocumentFrequency } from './confidence.ts';
import { type KnowledgeAnalyzer, knowledgeAnalyzer } from './language.ts';
import { splitPassages } from './passages.ts';
import { type SerializedVocabulary, Vocabulary } from './vocabulary.ts';
import type {
  KnowledgeDocument,
  KnowledgeHit,
  KnowledgeIndex,
  KnowledgeSearchOptions,
  SerializedKnowledgeIndex,
} from './types.ts';

export type { KnowledgeDocument, KnowledgeHit, KnowledgeIndex, KnowledgeSearchOptions, SerializedKnowledgeIndex };
export { DEFAULT_KNOWLEDGE_THRESHOLD } from './types.ts';

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

const FIELDS = ['text', 'questions', 'title'] as const;
const DEFAULT_LIMIT = 5;
/** A term on more passages than this (and than COMMON_TERM_SHARE of them) only scores the rare terms' candidates. */
const COMMON_TERM_PASSAGES = 2_000;
const COMMON_TERM_SHARE = 0.01;
/** How many of the rare terms' best passages the common terms score. */
const CANDIDATE_PASSAGES = 1_000;

/** One entry as stored in the index. */
interface EntryRecord {
  id: number;
  link: string;
  title: string;
}

/** One passage: its entry (an index into `entries`) and its text. */
interface PassageRecord {
  entry: number;
  text: string;
}

/** What MiniSearch indexes for a passage: its terms, its entry's title terms and QA questions' terms, each joined by spaces. */
interface IndexedPassage {
  id: number;
  text: string;
  questions: string;
  title: string;
}

/** What the index holds besides MiniSearch's part (which lives in the MiniSearch instance itself). */
interface IndexContent {
  format: 1;
  language: string;
  entries: EntryRecord[];
  passages: PassageRecord[];
  /** How many passages (with their title and questions) contain each term. */
  vocabulary: SerializedVocabulary;
}

/** The serialized form (format 1): the content plus MiniSearch's own plain object. */
type KnowledgeIndexData = IndexContent & SerializedKnowledgeIndex & { minisearch: AsPlainObject };

/** A term MiniSearch is asked for: a question term, or a longer index term it begins, with its weight. */
interface QueryTerm {
  term: string;
  /** The question's term it stands for (itself, or the prefix it extends). */
  source: string;
  weight: number;
}

interface RankedPassage {
  id: number;
  /** BM25 summed over the matched terms, times the number of the question's terms matched (as MiniSearch does). */
  score: number;
  /** The question's terms the passage matched, exactly or by a longer term. */
  sources: Set<string>;
  /** The question's terms the passage contains as they are (what confidence counts). */
  exact: string[];
}

function miniSearchOptions() {
  return {
    idField: 'id',
    fields: [...FIELDS],
    // Fields hold our analyzer's terms joined by spaces (analysed once, in buildKnowledgeIndex): MiniSearch only splits them.
    tokenize: splitTerms,
    processTerm: (term: string) => term || null,
    searchOptions: {
      boost: KNOWLEDGE_RANKING.boost,
      bm25: KNOWLEDGE_RANKING.bm25,
      combineWith: 'OR' as const,
      // Prefix matches are expanded by us (Vocabulary.extensions), so that common expansions can be held back.
      prefix: false,
      fuzzy: false,
    },
  };
}

const splitTerms = (text: string) => text.split(' ');

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

function distinct(terms: string[]): string[] {
  return [...new Set(terms)];
}

class MiniSearchKnowledgeIndex implements KnowledgeIndex {
  readonly language: string;
  private readonly analyzer: KnowledgeAnalyzer;
  private readonly data: Omit<IndexContent, 'vocabulary'>;
  private readonly vocabulary: Vocabulary;
  private readonly search_: MiniSearch<IndexedPassage>;

  constructor(data: Omit<IndexContent, 'vocabulary'>, vocabulary: Vocabulary, search: MiniSearch<IndexedPassage>) {
    this.language = data.language;
    this.analyzer = knowledgeAnalyzer(data.language);
    this.data = data;
    this.vocabulary = vocabulary;
    this.search_ = search;
  }

  get passages(): number {
    return this.data.passages.length;
  }

  private idf = (term: string): number =>
    inverseDocumentFrequency(this.vocabulary.frequency(term), this.data.passages.length);

  /**
   * The question's terms; the parts of a word the index does not know but can read as a compound; and the
   * longer index terms each term begins; the last two weighted down; each term once.
   */
  private queryTerms(terms: string[]): QueryTerm[] {
    const { prefixMinLength, prefixWeight, prefixExpansions, compoundPartWeight } = KNOWLEDGE_RANKING;
    const query = new Map<string, QueryTerm>(terms.map((term) => [term, { term, source: term, weight: 1 }]));
    for (const source of terms) {
      for (const part of compoundParts(source, this.vocabulary, this.analyzer) ?? []) {
        if (!query.has(part)) query.set(part, { term: part, source, weight: compoundPartWeight });
      }
    }
    if (prefixMinLength <= 0) return [...query.values()];
    for (const source of terms) {
      if (source.length < prefixMinLength) continue;
      for (const term of this.vocabulary.extensions(source, prefixExpansions)) {
        if (query.has(term)) continue;
        const added = term.length - source.length;
        query.set(term, { term, source, weight: (prefixWeight * term.length) / (term.length + 0.3 * added) });
      }
    }
    return [...query.values()];
  }

  /**
   * MiniSearch multiplies a passage's score by the number of query terms it matched; an expansion is a query
   * term of its own here, so that factor is taken out and put back (in `rank`) counting the question's terms.
   */
  private searchTerms(query: QueryTerm[], onlyCandidates?: (id: number) => number): RankedPassage[] {
    const byTerm = new Map(query.map((q) => [q.term, q]));
    return this.search_
      .search(query.map((q) => q.term).join(' '), {
        boostTerm: (term) => byTerm.get(term)?.weight ?? 1,
        boostDocument: onlyCandidates,
      })
      .map((result) => ({
        id: result.id as number,
        score: result.score / Math.max(1, result.queryTerms.length),
        sources: new Set(result.queryTerms.map((term) => byTerm.get(term)?.source ?? term)),
        exact: result.queryTerms.filter((term) => byTerm.get(term)?.source === term),
      }));
  }

  /**
   * BM25 over the question's terms. In a large index a common term's posting list is long, and MiniSearch
   * builds a result for every passage on it (a third of a second for 30,000 passages): there the rare terms
   * pick the candidates first, and the common terms then only score those candidates. Common terms carry
   * little IDF, so the top of the ranking stays the same in practice; an index where no list is that long
   * takes the exact single pass.
   */
  private rank(terms: string[]): RankedPassage[] {
    const query = this.queryTerms(terms);
    const commonFrom = Math.max(COMMON_TERM_PASSAGES, this.data.passages.length * COMMON_TERM_SHARE);
    const isCommon = (q: QueryTerm) => this.vocabulary.frequency(q.term) > commonFrom;
    let common = query.filter(isCommon);
    let rare = query.filter((q) => !isCommon(q));
    if (rare.length === 0) {
      // Only common terms: the rarest of them picks the candidates.
      const rarest = common.reduce((a, b) =>
        this.vocabulary.frequency(b.term) < this.vocabulary.frequency(a.term) ? b : a,
      );
      rare = [rarest];
      common = common.filter((q) => q !== rarest);
    }
    let ranked = this.searchTerms(rare);
    if (common.length > 0) {
      const candidates = new Map(ranked.slice(0, CANDIDATE_PASSAGES).map((r) => [r.id, r]));
      for (const result of this.searchTerms(common, (id) => (candidates.has(id) ? 1 : 0))) {
        const candidate = candidates.get(result.id)!;
        candidate.score += result.score;
        for (const source of result.sources) candidate.sources.add(source);
        candidate.exact.push(...result.exact);
      }
      ranked = [...candidates.values()];
    }
    for (const result of ranked) result.score *= result.sources.size;
    return ranked.sort((a, b) => b.score - a.score);
  }

  search(question: string, options: KnowledgeSearchOptions = {}): KnowledgeHit[] {
    const limit = options.limit ?? DEFAULT_LIMIT;
    const terms = distinct(this.analyzer.terms(question));
    if (terms.length === 0 || limit <= 0) return [];
    const hits: KnowledgeHit[] = [];
    const seenEntries = new Set<number>();
    // One hit per entry: its best passage (an entry's other passages would only crowd out other entries).
    for (const result of this.rank(terms)) {
      const passage = this.data.passages[result.id]!;
      if (seenEntries.has(passage.entry)) continue;
      seenEntries.add(passage.entry);
      const entry = this.data.entries[passage.entry]!;
      const hit = {
        entryId: entry.id,
        link: entry.link,
        title: entry.title,
        passage: passage.text,
        answer: '',
        score: result.score,
        confidence: coverageConfidence(terms, new Set(result.exact), this.idf),
      };
      // Shortening re-reads the passage's sentences (most of a query's cost): done only for hits whose answer is read.
      lazyProperty(hit, 'answer', () => matchingSentences(passage.text, terms, this.analyzer, this.idf));
      hits.push(hit);
      if (hits.length >= limit) break;
    }
    return hits;
  }

  toJSON(): SerializedKnowledgeIndex {
    const serialized: KnowledgeIndexData = {
      ...this.data,
      vocabulary: this.vocabulary.toJSON(),
      minisearch: this.search_.toJSON(),
    };
    return serialized;
  }
}

/** Splits the entries into passages and indexes them (text, the entry's title and its QA trainings' questions). */
export function buildKnowledgeIndex(documents: KnowledgeDocument[], language: string): KnowledgeIndex {
  const analyzer = knowledgeAnalyzer(language);
  const entries: EntryRecord[] = [];
  const passages: PassageRecord[] = [];
  const indexed: IndexedPassage[] = [];
  const documentFrequency = new Map<string, number>();
  for (const document of documents) {
    const entry = entries.push({ id: document.id, link: document.link, title: document.title }) - 1;
    const title = analyzer.terms(document.title);
    const questions = analyzer.terms(document.questions.join('\n'));
    const joinedTitle = title.join(' ');
    const joinedQuestions = questions.join(' ');
    for (const text of splitPassages(document.text, analyzer.code)) {
      const id = passages.push({ entry, text }) - 1;
      const terms = analyzer.terms(text);
      indexed.push({ id, text: terms.join(' '), questions: joinedQuestions, title: joinedTitle });
      for (const term of new Set([...terms, ...title, ...questions])) {
        documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
      }
    }
  }
  const search = new MiniSearch<IndexedPassage>(miniSearchOptions());
  search.addAll(indexed);
  return new MiniSearchKnowledgeIndex(
    { format: 1, language: analyzer.code, entries, passages },
    Vocabulary.fromCounts(documentFrequency),
    search,
  );
}

/** The index `toJSON()` gave, ready to search again (no re-analysis of the passages). */
export function loadKnowledgeIndex(serialized: SerializedKnowledgeIndex): KnowledgeIndex {
  if (serialized?.format !== 1) throw new Error('Unsupported knowledge index format.');
  const data = serialized as KnowledgeIndexData;
  if (!Array.isArray(data.entries) || !Array.isArray(data.passages) || !data.minisearch) {
    throw new Error('The knowledge index is incomplete.');
  }
  const { minisearch, vocabulary, ...content } = data;
  const search = MiniSearch.loadJS<IndexedPassage>(minisearch, miniSearchOptions());
  return new MiniSearchKnowledgeIndex(content, Vocabulary.load(vocabulary), search);
}
