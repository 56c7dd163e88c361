import type { QaEvaluationResult } from '../../../src/api/contract/qa-trainings.ts';
import type { Db } from '../../db/database.ts';
import { evaluateQaTrainings } from '../../knowledge/evaluate-qa.ts';
import { EVALUATE_QA_JOB, qaEvaluationInput, storeQaEvaluation } from './qa-evaluation.ts';
import type { Job } from '../../jobs/job-queue.ts';

export { EVALUATE_QA_JOB };

export const QA_EVALUATION_FOLDS = 5;
export const QA_EVALUATION_SEED = 42;

/**
 * The QA evaluation job (issue 16 §4): k folds so a question never finds itself; per question the rank of its
 * entry, the confidence and a hint; per project recall@1, recall@3, MRR and "no answer" precision.
 */
export async function evaluateQaJob(db: Db, job: Job): Promise<void> {
  const projectId = job.project_id;
  if (projectId === null) throw new Error('A QA evaluation job needs a project.');
  const project = await db.selectFrom('projects').select('id').where('id', '=', projectId).executeTakeFirst();
  if (!project) return;
  const input = await qaEvaluationInput(db, projectId);
  const evaluation = evaluateQaTrainings(input.entries, input.questions, input.language, {
    threshold: input.threshold,
    folds: QA_EVALUATION_FOLDS,
    seed: QA_EVALUATION_SEED,
  });
  const { totals } = evaluation;
  const result: QaEvaluationResult = {
    recall_at_1: totals.answerable > 0 ? totals.recallAt1 : null,
    recall_at_3: totals.answerable > 0 ? totals.recallAt3 : null,
    mrr: totals.answerable > 0 ? totals.mrr : null,
    no_answer_precision: totals.noAnswerPrecision,
    perfect: totals.perfect,
    threshold: evaluation.threshold,
    folds: evaluation.folds,
    questions: evaluation.questions.map((q) => ({
      qa_training_id: q.id,
      question: q.text,
      knowledge_id: q.expectedEntryId,
      rank: q.rank,
      confidence: q.confidence,
      answered_knowledge_id: q.answered ? q.topEntryId : null,
      hit: q.hit,
      hint: q.hit ? null : q.hint,
    })),
  };
  await storeQaEvaluation(db, projectId, result, input.hash);
}
