import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { preparedStatement } from '../db/prepared-statements.ts';

/** Microseconds now, from the database clock, so every server process agrees. */
const nowMicros = sql<number>`(extract(epoch from clock_timestamp()) * 1000000)::bigint`;

// Both statements are prepared once per connection: every GET of a project resource reads its atime, every write
// claims one (on PGlite an unprepared statement parses and plans again each time, several times the cost).
const readStatement = preparedStatement(
  ['projectId', 'resource'],
  ({ projectId, resource }) => sql<{ atime: number }>`
  SELECT atime FROM resource_atimes WHERE project_id = ${projectId} AND resource = ${resource}`,
);

const claimStatement = preparedStatement(
  ['projectId', 'resource', 'seen'],
  ({ projectId, resource, seen }) => sql<{ atime: number }>`
    INSERT INTO resource_atimes (project_id, resource, atime) VALUES (${projectId}, ${resource}, ${nowMicros})
    ON CONFLICT (project_id, resource) DO UPDATE
      SET atime = greatest(resource_atimes.atime + 1, ${nowMicros})
      WHERE resource_atimes.atime <= ${seen}
    RETURNING atime`,
);

export async function readAtime(db: Db, projectId: number, resource: string): Promise<number> {
  const [row] = await readStatement(db, { projectId, resource });
  return row?.atime ?? 0;
}

/**
 * Compare-and-set of a resource's change time in ONE statement (DESIGN §3): it moves forward, strictly
 * increasing even when the clock ticks coarsely, only if nobody changed the resource after `seen`.
 * Returns the new atime, or null when `seen` is stale (the caller answers 409 and rolls back).
 */
export async function claimAtime(db: Db, projectId: number, resource: string, seen: number): Promise<number | null> {
  const [row] = await claimStatement(db, { projectId, resource, seen });
  return row?.atime ?? null;
}
