import MiniSearch, { type AsPlainObject } from 'minisearch';
import { matchingSentences } from './answer.ts';
import { coverageConfidence, inverseDocumentFrequency } from './confidence.ts';
import { type KnowledgeAnalyzer, knowledgeAnalyzer } from './language.ts';
import { splitPassages } from './passages.ts';
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
  bm25: { k: 1.2, b: 0.75, d: 0.5 },
  /** Question terms at least this long also match longer index terms they begin (0: off). */
  prefixMinLength: Number(process.env.KB_PREFIX ?? 0),
  prefixWeight: Number(process.env.KB_PREFIXW ?? 0.375),
};

const FIELDS = ['text', 'questions', 'title'] as const;
const DEFAULT_LIMIT = 5;

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
  documentFrequency: Record<string, number>;
}

/** The serialized form (format 1): the content plus MiniSearch's own plain object. */
type KnowledgeIndexData = IndexContent & SerializedKnowledgeIndex & { minisearch: AsPlainObject };

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
      prefix: (term: string) => KNOWLEDGE_RANKING.prefixMinLength > 0 && term.length >= KNOWLEDGE_RANKING.prefixMinLength,
      weights: { prefix: KNOWLEDGE_RANKING.prefixWeight, fuzzy: 0 },
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
  private readonly data: IndexContent;
  private readonly search_: MiniSearch<IndexedPassage>;

  constructor(data: IndexContent, search: MiniSearch<IndexedPassage>) {
    this.language = data.language;
    this.analyzer = knowledgeAnalyzer(data.language);
    this.data = data;
    this.search_ = search;
  }

  get passages(): number {
    return this.data.passages.length;
  }

  private idf = (term: string): number =>
    inverseDocumentFrequency(
      // Own properties only: a JSON-loaded object inherits "constructor" and the like.
      Object.hasOwn(this.data.documentFrequency, term) ? this.data.documentFrequency[term]! : 0,
      this.data.passages.length,
    );

  search(question: string, options: KnowledgeSearchOptions = {}): KnowledgeHit[] {
    const limit = options.limit ?? DEFAULT_LIMIT;
    const terms = distinct(this.analyzer.terms(question));
    if (terms.length === 0 || limit <= 0) return [];
    const hits: KnowledgeHit[] = [];
    const seenEntries = new Set<number>();
    // One hit per entry: its best passage (an entry's other passages would only crowd out other entries).
    for (const result of this.search_.search(terms.join(' '))) {
      const passage = this.data.passages[result.id as number]!;
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
        confidence: coverageConfidence(terms, new Set(process.env.KB_QT ? result.queryTerms : result.terms), this.idf),
      };
      // Shortening re-reads the passage's sentences (most of a query's cost): done only for hits whose answer is read.
      lazyProperty(hit, 'answer', () => matchingSentences(passage.text, terms, this.analyzer, this.idf));
      hits.push(hit);
      if (hits.length >= limit) break;
    }
    return hits;
  }

  toJSON(): SerializedKnowledgeIndex {
    const serialized: KnowledgeIndexData = { ...this.data, minisearch: this.search_.toJSON() };
    return serialized;
  }
}

/** Splits the entries into passages and indexes them (text, the entry's title and its QA trainings' questions). */
export function buildKnowledgeIndex(documents: KnowledgeDocument[], language: string): KnowledgeIndex {
  const analyzer = knowledgeAnalyzer(language);
  const entries: EntryRecord[] = [];
  const passages: PassageRecord[] = [];
  const indexed: IndexedPassage[] = [];
  const documentFrequency: Record<string, number> = Object.create(null);
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
        documentFrequency[term] = (documentFrequency[term] ?? 0) + 1;
      }
    }
  }
  const search = new MiniSearch<IndexedPassage>(miniSearchOptions());
  search.addAll(indexed);
  return new MiniSearchKnowledgeIndex(
    { format: 1, language: analyzer.code, entries, passages, documentFrequency },
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
  const { minisearch, ...content } = data;
  const search = MiniSearch.loadJS<IndexedPassage>(minisearch, miniSearchOptions());
  return new MiniSearchKnowledgeIndex(content, search);
}
