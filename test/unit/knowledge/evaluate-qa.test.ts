import { describe, expect, it } from 'vitest';
import {
  assignQaFolds,
  evaluateQaTrainings,
  type QaEntry,
  type QaQuestion,
  type QaQuestionResult,
  qaTotals,
} from '../../../server/knowledge/evaluate-qa.ts';

const entries: QaEntry[] = [
  {
    id: 1,
    link: '',
    title: 'Refunds',
    text: 'Refunds are issued to the original payment card within fourteen days of the returned parcel arriving at our warehouse. Gift cards cannot be refunded.',
  },
  {
    id: 2,
    link: '',
    title: 'Opening hours',
    text: 'Our branches open at nine in the morning and close at six in the evening from Monday to Friday. On Saturdays the branches close at noon.',
  },
  {
    id: 3,
    link: '',
    title: 'Passwords',
    text: 'You can reset a forgotten password from the sign-in page. The reset link we email is valid for one hour.',
  },
];

const q = (id: number, text: string, expectedEntryId: number | null): QaQuestion => ({ id, text, expectedEntryId });

describe('evaluateQaTrainings', () => {
  it('ranks each question’s entry, answers above the threshold and leaves unrelated questions unanswered', () => {
    const questions = [
      q(1, 'How many days until my refund reaches the payment card?', 1),
      q(2, 'When do the branches close on Saturdays?', 2),
      q(3, 'How long is the password reset link valid?', 3),
      q(4, 'Who painted the ceiling of the Sistine chapel?', null),
    ];
    const evaluation = evaluateQaTrainings(entries, questions, 'en', { threshold: 0.5, folds: 2 });
    expect(evaluation.folds).toBe(2);
    expect(evaluation.questions.map((r) => r.id)).toEqual([1, 2, 3, 4]);
    expect(evaluation.questions.map((r) => r.rank)).toEqual([1, 1, 1, null]);
    expect(evaluation.questions.map((r) => r.topEntryId).slice(0, 3)).toEqual([1, 2, 3]);
    expect(evaluation.questions.map((r) => r.hit)).toEqual([true, true, true, true]);
    expect(evaluation.questions[3]!.answered).toBe(false);
    expect(evaluation.questions[0]!.hint).toMatch(/^Answered \(\d+ %\)$/);
    expect(evaluation.totals).toMatchObject({
      questions: 4,
      answerable: 3,
      unanswerable: 1,
      recallAt1: 1,
      recallAt3: 1,
      mrr: 1,
      answeredCorrectly: 1,
      noAnswerPrecision: 1,
      perfect: true,
    });
  });

  it('never lets a question find itself, nor a copy of it in another fold', () => {
    // The entry shares no word with the question: only QA questions could lead to it.
    const questions = [
      q(1, 'zebra xylophone quartet', 1),
      q(2, 'Zebra  xylophone QUARTET', 1), // the same question written again
      q(3, 'Sistine chapel ceiling', null),
    ];
    const alone = evaluateQaTrainings(entries, questions, 'en', { folds: 3 });
    expect(alone.questions[0]!.rank).toBeNull();
    expect(alone.questions[1]!.rank).toBeNull();
    expect(alone.questions[0]!.hint).toBe('Not answered (nothing matched)');
    // A differently worded sibling question in another fold does lead to the entry.
    const withSibling = evaluateQaTrainings(entries, [...questions, q(4, 'a zebra playing the xylophone', 1)], 'en', {
      folds: 4,
    });
    expect(withSibling.questions[0]!.rank).toBe(1);
    expect(withSibling.questions[0]!.topEntryId).toBe(1);
  });

  it('says where a missed question’s entry ranked and which entry answered instead', () => {
    const questions = [
      q(1, 'Can I get my gift card refunded at a branch on Saturday?', 2), // tied to the wrong entry on purpose
      q(2, 'reset the password link', null), // must not be answered, but it is
    ];
    const evaluation = evaluateQaTrainings(entries, questions, 'en', { threshold: 0.2, folds: 2 });
    const [missed, wronglyAnswered] = evaluation.questions;
    expect(missed!.topEntryId).toBe(1);
    expect(missed!.rank).toBe(2);
    expect(missed!.hit).toBe(false);
    expect(missed!.hint).toMatch(/^Answered by "Refunds" \(\d+ %\); its entry ranked 2$/);
    expect(wronglyAnswered!.answered).toBe(true);
    expect(wronglyAnswered!.hint).toMatch(/^Answered by "Passwords" \(\d+ %\) but must not be answered$/);
    expect(evaluation.totals.perfect).toBe(false);
    expect(evaluation.totals.recallAt1).toBe(0);
    expect(evaluation.totals.mrr).toBe(0.5);
    expect(evaluation.totals.noAnswerPrecision).toBeNull();
  });

  it('reports a right entry below the threshold as not answered', () => {
    const evaluation = evaluateQaTrainings(entries, [q(1, 'password sistine chapel ceiling painter', 3)], 'en', {
      threshold: 0.9,
    });
    const [result] = evaluation.questions;
    expect(result!.rank).toBe(1);
    expect(result!.answered).toBe(false);
    expect(result!.hit).toBe(false);
    expect(result!.hint).toMatch(/^Answered below threshold \(\d+ %\)$/);
    expect(evaluation.totals.noAnswerPrecision).toBe(0);
  });

  it('deals questions round the folds the same way every run', () => {
    const folds = assignQaFolds(10, 3, 7);
    expect(folds).toEqual(assignQaFolds(10, 3, 7));
    expect([0, 1, 2].map((f) => folds.filter((x) => x === f).length).sort()).toEqual([3, 3, 4]);
  });
});

describe('qaTotals', () => {
  const result = (expectedEntryId: number | null, rank: number | null, answered: boolean): QaQuestionResult => ({
    id: 0,
    text: '',
    expectedEntryId,
    rank,
    topEntryId: null,
    confidence: 0,
    answered,
    hit: expectedEntryId === null ? !answered : answered && rank === 1,
    hint: '',
  });

  it('rounds recall, MRR and no-answer precision to 3 decimals', () => {
    const totals = qaTotals([
      result(1, 1, true),
      result(1, 2, true),
      result(1, null, false),
      result(null, null, false),
      result(null, null, true),
    ]);
    expect(totals).toEqual({
      questions: 5,
      answerable: 3,
      unanswerable: 2,
      recallAt1: 0.333,
      recallAt3: 0.667,
      mrr: 0.5,
      answeredCorrectly: 0.333,
      noAnswerPrecision: 0.5,
      perfect: false,
    });
  });

  it('is not perfect without questions', () => {
    expect(qaTotals([]).perfect).toBe(false);
  });
});
