import MiniSearch, { type AsPlainObject, type SearchOptions } from 'minisearch';
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

function miniSearchOptions(analyzer: KnowledgeAnalyzer) {
  return {
    idField: 'id',
    fields: [...FIELDS],
    // Our analyzer does tokenising, stop words and stemming in one pass; MiniSearch indexes its terms as they are.
    tokenize: (text: string) => analyzer.terms(text),
    processTerm: (term: string) => term,
    searchOptions: { ...KNOWLEDGE_RANKING, combineWith: 'OR' as const, prefix: false, fuzzy: false },
  };
}

/** A question's terms are analysed once; MiniSearch then only splits them again. */
const PREPARED_QUERY: SearchOptions = {
  tokenize: (text: string) => text.split(' '),
  processTerm: (term: string) => term,
};

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
    for (const result of this.search_.search(terms.join(' '), PREPARED_QUERY)) {
      const passage = this.data.passages[result.id as number]!;
      if (seenEntries.has(passage.entry)) continue;
      seenEntries.add(passage.entry);
      const entry = this.data.entries[passage.entry]!;
      hits.push({
        entryId: entry.id,
        link: entry.link,
        title: entry.title,
        passage: passage.text,
        answer: matchingSentences(passage.text, terms, this.analyzer, this.idf),
        score: result.score,
        confidence: coverageConfidence(terms, new Set(result.terms), this.idf),
      });
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
    const questions = document.questions.join('\n');
    const sharedTerms = [...analyzer.terms(document.title), ...analyzer.terms(questions)];
    for (const text of splitPassages(document.text, analyzer.code)) {
      const id = passages.push({ entry, text }) - 1;
      indexed.push({ id, text, questions, title: document.title });
      for (const term of new Set([...analyzer.terms(text), ...sharedTerms])) {
        documentFrequency[term] = (documentFrequency[term] ?? 0) + 1;
      }
    }
  }
  const search = new MiniSearch<IndexedPassage>(miniSearchOptions(analyzer));
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
  const search = MiniSearch.loadJS<IndexedPassage>(minisearch, miniSearchOptions(knowledgeAnalyzer(data.language)));
  return new MiniSearchKnowledgeIndex(content, search);
}
