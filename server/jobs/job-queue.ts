import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * The job queue (DESIGN §2, issue 4 §6): a table of our own, taken with `FOR UPDATE SKIP LOCKED`, so any
 * number of server or worker processes on PostgreSQL share it without taking a job twice, and PGlite runs
 * the very same statements in process.
 */
export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface Job {
  id: number;
  kind: string;
  project_id: number | null;
  payload: Record<string, unknown>;
  status: JobStatus;
  attempts: number;
  error: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

/** A running job whose worker has not reported for this long is taken over (its process died). */
export const STALE_AFTER_SECONDS = 120;
/** A job taken over this many times is given up. */
export const MAX_ATTEMPTS = 3;

const jobColumns = [
  'id',
  'kind',
  'project_id',
  'payload',
  'status',
  'attempts',
  'error',
  'created_at',
  'started_at',
  'finished_at',
] as const;

/**
 * Queues a job. With `coalesce`, a job of the same kind and project still waiting is answered instead
 * (pressing Train twice trains once; a job already running still gets a successor, the data may have changed).
 */
export async function enqueueJob(
  db: Db,
  job: { kind: string; projectId: number | null; payload?: Record<string, unknown>; coalesce?: boolean },
): Promise<Job> {
  if (job.coalesce) {
    const waiting = await db
      .selectFrom('jobs')
      .select(jobColumns)
      .where('kind', '=', job.kind)
      .where('status', '=', 'queued')
      .$call((q) =>
        job.projectId === null ? q.where('project_id', 'is', null) : q.where('project_id', '=', job.projectId),
      )
      .orderBy('id')
      .executeTakeFirst();
    if (waiting) return waiting;
  }
  return db
    .insertInto('jobs')
    .values({ kind: job.kind, project_id: job.projectId, payload: JSON.stringify(job.payload ?? {}), status: 'queued' })
    .returning(jobColumns)
    .executeTakeFirstOrThrow();
}

/** Takes the oldest waiting job of the given kinds (or a stale running one) for `workerId`, or null. */
export async function takeJob(db: Db, workerId: string, kinds: string[]): Promise<Job | null> {
  if (kinds.length === 0) return null;
  const { rows } = await sql<Job>`
    UPDATE jobs SET status = 'running', started_at = now(), heartbeat_at = now(), locked_by = ${workerId},
      attempts = attempts + 1, error = NULL
    WHERE id = (
      SELECT id FROM jobs
      WHERE kind IN (${sql.join(kinds)})
        AND (status = 'queued'
          OR (status = 'running' AND heartbeat_at < now() - make_interval(secs => ${STALE_AFTER_SECONDS})
              AND attempts < ${MAX_ATTEMPTS}))
      ORDER BY id
      FOR UPDATE SKIP LOCKED
      LIMIT 1)
    RETURNING id, kind, project_id, payload, status, attempts, error, created_at, started_at, finished_at`.execute(db);
  return rows[0] ?? null;
}

/** The worker is alive; returns false when the job was taken away from it. */
export async function heartbeat(db: Db, jobId: number, workerId: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ heartbeat_at: sql`now()` })
    .where('id', '=', jobId)
    .where('locked_by', '=', workerId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function finishJob(db: Db, jobId: number, workerId: string, outcome: { error?: string }): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      status: outcome.error === undefined ? 'done' : 'failed',
      error: outcome.error?.slice(0, 2000) ?? null,
      finished_at: sql`now()`,
    })
    .where('id', '=', jobId)
    .where('locked_by', '=', workerId)
    .execute();
}

/** Gives up running jobs abandoned too often (called by the runner now and then). */
export async function failAbandonedJobs(db: Db): Promise<void> {
  await sql`
    UPDATE jobs SET status = 'failed', error = 'The worker stopped responding.', finished_at = now()
    WHERE status = 'running' AND attempts >= ${MAX_ATTEMPTS}
      AND heartbeat_at < now() - make_interval(secs => ${STALE_AFTER_SECONDS})`.execute(db);
}

export async function latestJob(db: Db, projectId: number, kind: string): Promise<Job | undefined> {
  return db
    .selectFrom('jobs')
    .select(jobColumns)
    .where('project_id', '=', projectId)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function jobById(db: Db, id: number): Promise<Job | undefined> {
  return db.selectFrom('jobs').select(jobColumns).where('id', '=', id).executeTakeFirst();
}
