import { createHash } from 'node:crypto';
import type { QaEvaluationResult, QaEvaluationStatus } from '../../../src/api/contract/qa-trainings.ts';
import type { Db } from '../../db/database.ts';
import { type Job, enqueueJob, latestJob } from '../../jobs/job-queue.ts';
import type { QaEntry, QaQuestion } from '../../knowledge/evaluate-qa.ts';
import { knowledgeSettings } from './knowledge-reindex.ts';
import { knowledgeRows } from './knowledges.ts';

export const EVALUATE_QA_JOB = 'evaluate-qa';

/** What an evaluation is made of: entries, questions, language and threshold. */
export interface QaEvaluationInput {
  language: string;
  threshold: number;
  entries: QaEntry[];
  questions: QaQuestion[];
  hash: string;
}

export async function qaEvaluationInput(db: Db, projectId: number): Promise<QaEvaluationInput> {
  const [{ language, threshold }, rows, questions] = await Promise.all([
    knowledgeSettings(db, projectId),
    knowledgeRows(db, projectId),
    db
      .selectFrom('qa_trainings')
      .select(['id', 'question', 'knowledge_id'])
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute(),
  ]);
  const entries = rows.map((r) => ({ id: r.id, link: r.link, title: r.title, text: r.knowledge }));
  const asked = questions.map((q) => ({ id: q.id, text: q.question, expectedEntryId: q.knowledge_id }));
  const hash = createHash('sha256')
    .update(JSON.stringify([language, threshold, entries, asked]))
    .digest('hex');
  return { language, threshold, entries, questions: asked, hash };
}

export async function queueQaEvaluation(db: Db, projectId: number): Promise<Job> {
  return enqueueJob(db, { kind: EVALUATE_QA_JOB, projectId, coalesce: true });
}

export async function storeQaEvaluation(
  db: Db,
  projectId: number,
  result: QaEvaluationResult,
  hash: string,
): Promise<void> {
  const values = { data: JSON.stringify(result), data_hash: hash, finished_at: new Date() };
  await db
    .insertInto('qa_evaluations')
    .values({ project_id: projectId, ...values })
    .onConflict((oc) => oc.column('project_id').doUpdateSet(values))
    .execute();
}

export async function latestQaEvaluation(db: Db, projectId: number): Promise<QaEvaluationResult | null> {
  const row = await db
    .selectFrom('qa_evaluations')
    .select('data')
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return (row?.data as QaEvaluationResult | undefined) ?? null;
}

export async function qaEvaluationStatus(db: Db, projectId: number): Promise<QaEvaluationStatus> {
  const [job, stored, input] = await Promise.all([
    latestJob(db, projectId, EVALUATE_QA_JOB),
    db
      .selectFrom('qa_evaluations')
      .select(['data_hash', 'finished_at'])
      .where('project_id', '=', projectId)
      .executeTakeFirst(),
    qaEvaluationInput(db, projectId),
  ]);
  return {
    state: job ? job.status : stored ? 'done' : 'none',
    job_id: job?.id ?? null,
    error: job?.status === 'failed' ? job.error : null,
    evaluated_at: stored ? new Date(stored.finished_at).toISOString() : null,
    stale: !stored || stored.data_hash !== input.hash,
  };
}
