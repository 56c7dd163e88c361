import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Microseconds now, from the database clock, so every server process agrees. */
const nowMicros = sql<number>`(extract(epoch from clock_timestamp()) * 1000000)::bigint`;

export async function readAtime(db: Db, projectId: number, resource: string): Promise<number> {
  const row = await db
    .selectFrom('resource_atimes')
    .select('atime')
    .where('project_id', '=', projectId)
    .where('resource', '=', resource)
    .executeTakeFirst();
  return row?.atime ?? 0;
}

/**
 * Compare-and-set of a resource's change time in ONE statement (DESIGN §3): it moves forward, strictly
 * increasing even when the clock ticks coarsely, only if nobody changed the resource after `seen`.
 * Returns the new atime, or null when `seen` is stale (the caller answers 409 and rolls back).
 */
export async function claimAtime(db: Db, projectId: number, resource: string, seen: number): Promise<number | null> {
  const { rows } = await sql<{ atime: number }>`
    INSERT INTO resource_atimes (project_id, resource, atime) VALUES (${projectId}, ${resource}, ${nowMicros})
    ON CONFLICT (project_id, resource) DO UPDATE
      SET atime = greatest(resource_atimes.atime + 1, ${nowMicros})
      WHERE resource_atimes.atime <= ${seen}
    RETURNING atime`.execute(db);
  return rows[0]?.atime ?? null;
}
