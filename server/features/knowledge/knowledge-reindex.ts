import { createHash } from 'node:crypto';
import type { ReindexStatus } from '../../../src/api/contract/knowledges.ts';
import type { Db } from '../../db/database.ts';
import { type Job, enqueueJob, latestJob } from '../../jobs/job-queue.ts';
import { DEFAULT_KNOWLEDGE_THRESHOLD, type KnowledgeDocument } from '../../knowledge/types.ts';
import { draftIndexInfo } from './knowledge-index-store.ts';
import { knowledgeRows } from './knowledges.ts';
import { readSettings } from '../settings/settings.ts';

export const REINDEX_KNOWLEDGE_JOB = 'reindex-knowledge';

/** What a reindex did, kept with the index it built (the contract's `report`). */
export interface ReindexReport {
  fetched: number;
  changed: number;
  unchanged: number;
  failed: { id: number; link: string; error: string }[];
}

/** The project's knowledge settings: language, threshold and the fallback switch. */
export async function knowledgeSettings(
  db: Db,
  projectId: number,
): Promise<{ language: string; threshold: number; fallback: boolean }> {
  const s = await readSettings(db, projectId);
  return {
    language: s.language,
    threshold: s.knowledge_threshold ?? DEFAULT_KNOWLEDGE_THRESHOLD,
    fallback: s.knowledge_fallback ?? false,
  };
}

/** The engine's documents: every entry with the QA questions tied to it (extra matching text, issue 16 §4). */
export async function knowledgeDocuments(db: Db, projectId: number): Promise<KnowledgeDocument[]> {
  const [rows, questions] = await Promise.all([
    knowledgeRows(db, projectId),
    db
      .selectFrom('qa_trainings')
      .select(['knowledge_id', 'question'])
      .where('project_id', '=', projectId)
      .where('knowledge_id', 'is not', null)
      .orderBy('id')
      .execute(),
  ]);
  const byEntry = new Map<number, string[]>();
  for (const q of questions) byEntry.set(q.knowledge_id!, [...(byEntry.get(q.knowledge_id!) ?? []), q.question]);
  return rows.map((r) => ({
    id: r.id,
    link: r.link,
    title: r.title,
    text: r.knowledge,
    questions: byEntry.get(r.id) ?? [],
  }));
}

/** What an index is made of: comparing it with the stored index's says whether that one is stale. */
export const knowledgeDataHash = (language: string, documents: KnowledgeDocument[]): string =>
  createHash('sha256')
    .update(JSON.stringify([language, documents]))
    .digest('hex');

/** GET /knowledges/reindex: queue a reindex (a waiting one is reused). */
export async function queueReindex(db: Db, projectId: number): Promise<Job> {
  return enqueueJob(db, { kind: REINDEX_KNOWLEDGE_JOB, projectId, coalesce: true });
}

export async function reindexStatus(db: Db, projectId: number): Promise<ReindexStatus> {
  const [job, index, { language, fallback }, documents] = await Promise.all([
    latestJob(db, projectId, REINDEX_KNOWLEDGE_JOB),
    draftIndexInfo(db, projectId),
    knowledgeSettings(db, projectId),
    knowledgeDocuments(db, projectId),
  ]);
  return {
    state: job ? job.status : index ? 'done' : 'none',
    job_id: job?.id ?? null,
    error: job?.status === 'failed' ? job.error : null,
    indexed_at: index ? new Date(index.built_at).toISOString() : null,
    entries: index?.entries ?? 0,
    passages: index?.passages ?? 0,
    stale: !index || index.data_hash !== knowledgeDataHash(language, documents),
    report: (index?.report as ReindexReport | null) ?? null,
    used_by_bot: fallback,
  };
}
