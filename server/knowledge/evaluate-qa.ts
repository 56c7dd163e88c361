import { seededRandom, shuffleInPlace } from '../nlu/seeded-random.ts';
import { buildKnowledgeIndex } from './index.ts';
import type { KnowledgeDocument, KnowledgeHit } from './types.ts';
import { DEFAULT_KNOWLEDGE_THRESHOLD } from './types.ts';

/**
 * QA trainings' evaluation (issue 16 §4), as pure as the intents' cross-validation: each question is asked of
 * an index built without it (k folds), and the answer is compared with the entry it is tied to.
 */

/** An entry as the evaluation needs it; its QA questions come from the questions list. */
export type QaEntry = Omit<KnowledgeDocument, 'questions'>;

export interface QaQuestion {
  id: number;
  text: string;
  /** The entry that must answer it; null: the question must get no answer. */
  expectedEntryId: number | null;
}

export interface QaEvaluationOptions {
  /** Confidence at or above which the top hit is given as the answer (default DEFAULT_KNOWLEDGE_THRESHOLD). */
  threshold?: number;
  /** Number of folds (default 5; fewer when there are fewer questions). */
  folds?: number;
  seed?: number;
}

/** How far down the ranking the expected entry is looked for (MRR@10). */
export const QA_RANK_DEPTH = 10;

export interface QaQuestionResult {
  id: number;
  text: string;
  expectedEntryId: number | null;
  /** 1-based rank of the expected entry among the hits (first QA_RANK_DEPTH), null when absent or not expected. */
  rank: number | null;
  /** The best hit's entry, null when nothing matched at all. */
  topEntryId: number | null;
  /** The best hit's confidence (0 when nothing matched). */
  confidence: number;
  /** The best hit clears the threshold, so the bot would answer with it. */
  answered: boolean;
  /** Answered by its entry, or (must-not question) not answered. */
  hit: boolean;
  /** One line for the QA trainings list, worded like the intents' template hints. */
  hint: string;
}

export interface QaEvaluationTotals {
  questions: number;
  /** Questions tied to an entry. */
  answerable: number;
  /** Questions that must get no answer. */
  unanswerable: number;
  /** Share of answerable questions whose entry ranks first (whatever the confidence). */
  recallAt1: number;
  /** Share of answerable questions whose entry is in the first three. */
  recallAt3: number;
  /** Mean reciprocal rank of the expected entry (0 beyond rank QA_RANK_DEPTH). */
  mrr: number;
  /** Share of answerable questions answered by their entry (rank 1 and at or above the threshold). */
  answeredCorrectly: number;
  /** Of the questions left without an answer, the share that must get none; null when every question got one. */
  noAnswerPrecision: number | null;
  /** Every answerable question answered by its entry at rank 1, every must-not question unanswered. */
  perfect: boolean;
}

export interface QaEvaluation {
  threshold: number;
  folds: number;
  seed: number;
  questions: QaQuestionResult[];
  totals: QaEvaluationTotals;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
const percent = (confidence: number) => `${(confidence * 100).toFixed(0)} %`;
const sameText = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** Questions dealt round the folds after a seeded shuffle, so a run repeats. */
export function assignQaFolds(count: number, folds: number, seed: number): number[] {
  const order = shuffleInPlace(
    Array.from({ length: count }, (_, i) => i),
    seededRandom(seed),
  );
  const assignment = new Array<number>(count);
  order.forEach((question, position) => {
    assignment[question] = position % folds;
  });
  return assignment;
}

/** The hint line, in the intents' wording ("Recognized (87 %)", "Predicted X (60 %)"). */
function qaHint(
  question: QaQuestion,
  rank: number | null,
  top: KnowledgeHit | undefined,
  answered: boolean,
  entryName: (id: number) => string,
): string {
  const confidence = percent(top?.confidence ?? 0);
  if (question.expectedEntryId === null) {
    if (!top) return 'Not answered (nothing matched)';
    return answered
      ? `Answered by ${entryName(top.entryId)} (${confidence}) but must not be answered`
      : `Not answered (${confidence})`;
  }
  if (rank === 1) return answered ? `Answered (${confidence})` : `Answered below threshold (${confidence})`;
  if (!top) return 'Not answered (nothing matched)';
  const where = rank === null ? 'its entry not found' : `its entry ranked ${rank}`;
  return answered
    ? `Answered by ${entryName(top.entryId)} (${confidence}); ${where}`
    : `Not answered, best ${entryName(top.entryId)} (${confidence}); ${where}`;
}

export function evaluateQaTrainings(
  entries: QaEntry[],
  questions: QaQuestion[],
  language: string,
  options: QaEvaluationOptions = {},
): QaEvaluation {
  const threshold = options.threshold ?? DEFAULT_KNOWLEDGE_THRESHOLD;
  const seed = options.seed ?? 42;
  const folds = Math.max(1, Math.min(options.folds ?? 5, questions.length));
  const assignment = assignQaFolds(questions.length, folds, seed);
  const titles = new Map(entries.map((e) => [e.id, e.title.trim() || `#${e.id}`]));
  const entryName = (id: number) => `"${titles.get(id) ?? `#${id}`}"`;
  const results = new Array<QaQuestionResult>(questions.length);

  for (let fold = 0; fold < folds; fold++) {
    const asked = questions.filter((_, i) => assignment[i] === fold);
    if (asked.length === 0) continue;
    // Left out: the fold's questions and any other question worded the same way, so none finds itself.
    const askedTexts = new Set(asked.map((q) => sameText(q.text)));
    const known = new Map<number, string[]>();
    questions.forEach((q, i) => {
      if (assignment[i] === fold || q.expectedEntryId === null || askedTexts.has(sameText(q.text))) return;
      const list = known.get(q.expectedEntryId) ?? [];
      list.push(q.text);
      known.set(q.expectedEntryId, list);
    });
    const index = buildKnowledgeIndex(
      entries.map((e) => ({ ...e, questions: known.get(e.id) ?? [] })),
      language,
    );
    questions.forEach((question, i) => {
      if (assignment[i] !== fold) return;
      const hits = index.search(question.text, { limit: QA_RANK_DEPTH });
      const top = hits[0];
      const answered = top !== undefined && top.confidence >= threshold;
      const position =
        question.expectedEntryId === null ? -1 : hits.findIndex((h) => h.entryId === question.expectedEntryId);
      const rank = position >= 0 ? position + 1 : null;
      const hit = question.expectedEntryId === null ? !answered : answered && rank === 1;
      results[i] = {
        id: question.id,
        text: question.text,
        expectedEntryId: question.expectedEntryId,
        rank,
        topEntryId: top?.entryId ?? null,
        confidence: round3(top?.confidence ?? 0),
        answered,
        hit,
        hint: qaHint(question, rank, top, answered, entryName),
      };
    });
  }
  return { threshold, folds, seed, questions: results, totals: qaTotals(results) };
}

/** recall@1, recall@3, MRR and "no answer" precision over per-question results, rounded to 3 decimals. */
export function qaTotals(results: readonly QaQuestionResult[]): QaEvaluationTotals {
  const answerable = results.filter((r) => r.expectedEntryId !== null);
  const unanswerable = results.length - answerable.length;
  const share = (count: number, of: number) => (of === 0 ? 0 : round3(count / of));
  const unanswered = results.filter((r) => !r.answered);
  return {
    questions: results.length,
    answerable: answerable.length,
    unanswerable,
    recallAt1: share(answerable.filter((r) => r.rank === 1).length, answerable.length),
    recallAt3: share(answerable.filter((r) => r.rank !== null && r.rank <= 3).length, answerable.length),
    mrr: share(
      answerable.reduce((sum, r) => sum + (r.rank === null ? 0 : 1 / r.rank), 0),
      answerable.length,
    ),
    answeredCorrectly: share(answerable.filter((r) => r.hit).length, answerable.length),
    noAnswerPrecision:
      unanswered.length === 0
        ? null
        : share(unanswered.filter((r) => r.expectedEntryId === null).length, unanswered.length),
    perfect: results.length > 0 && results.every((r) => r.hit),
  };
}
