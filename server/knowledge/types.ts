/**
 * The knowledge engine's interface (issue 16 §2): as pure as server/nlu — no database, no HTTP. The server builds an
 * index from a project's entries (and its QA trainings' questions) in a job, stores `toJSON()` with the bot, and loads
 * it again where conversations are answered.
 */

/** One knowledge entry as the engine sees it. */
export interface KnowledgeDocument {
  id: number;
  /** The citation shown with an answer (http(s) URL, or empty). */
  link: string;
  title: string;
  /** The readable text; split into passages of about 80–200 words. */
  text: string;
  /** QA trainings' questions tied to this entry: extra matching text for retrieval. */
  questions: string[];
}

/** One ranked passage for a question. */
export interface KnowledgeHit {
  entryId: number;
  link: string;
  title: string;
  /** The whole passage. */
  passage: string;
  /** The passage shortened to the sentences that match the question. */
  answer: string;
  /** BM25 score (unbounded; only comparable within one question). */
  score: number;
  /** 0..1: the share of the question's rare words that the passage covers. */
  confidence: number;
}

export interface KnowledgeSearchOptions {
  /** How many hits at most (default 5). */
  limit?: number;
}

export interface KnowledgeIndex {
  readonly language: string;
  readonly passages: number;
  search(question: string, options?: KnowledgeSearchOptions): KnowledgeHit[];
  /** Plain JSON that `loadKnowledgeIndex` turns back into the same index. */
  toJSON(): SerializedKnowledgeIndex;
}

export interface SerializedKnowledgeIndex {
  /** 2 since the index is our own typed arrays; 1 (MiniSearch's plain object) is still read. */
  format: number;
  language: string;
  [key: string]: unknown;
}

/** Answers below this confidence are "no answer" unless the project sets its own threshold. */
export const DEFAULT_KNOWLEDGE_THRESHOLD = 0.5;

/** One entry as stored in the index. */
export interface EntryRecord {
  id: number;
  link: string;
  title: string;
}

/** What the index holds besides its postings. */
export interface IndexContent {
  language: string;
  entries: EntryRecord[];
  /** Each passage's entry (an index into `entries`). */
  passageEntries: Int32Array;
  passageTexts: string[];
}
