import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** One item of a resource as its last revision at or before a time left it. */
export interface ItemAt<T = unknown> {
  itemId: string;
  data: T;
  time: number;
  userId: number | null;
}

/**
 * A resource as it was at `mtime` (DESIGN §5, `GET /v1/{resource}?mtime=T`): for each item the newest
 * revision at or before T, leaving out items whose newest revision is a deletion. Any resource whose writes
 * record revisions (intents, reactions, actions, entities, knowledges, settings, labels) can answer from it.
 * Items are ordered by id (numerically when the ids are numbers).
 */
export async function resourceAt<T = unknown>(
  db: Db,
  projectId: number,
  resource: string,
  mtime: number,
): Promise<ItemAt<T>[]> {
  const { rows } = await sql<{ item_id: string; data: T; time: number; user_id: number | null; deleted: boolean }>`
    SELECT DISTINCT ON (item_id) item_id, data, time, user_id, deleted
    FROM revisions
    WHERE project_id = ${projectId} AND resource = ${resource} AND time <= ${mtime}
    ORDER BY item_id, time DESC, id DESC`.execute(db);
  return rows
    .filter((r) => !r.deleted)
    .map((r) => ({ itemId: r.item_id, data: r.data, time: r.time, userId: r.user_id }))
    .sort(compareItemIds);
}

function compareItemIds(a: { itemId: string }, b: { itemId: string }): number {
  const x = Number(a.itemId);
  const y = Number(b.itemId);
  if (Number.isFinite(x) && Number.isFinite(y)) return x - y;
  return a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0;
}

export interface DeletedSince {
  resource: string;
  item_id: string;
  name: string | null;
  time: number;
  user_id: number | null;
  user_name: string | null;
}

/** The name of revision `r`'s item as its last revision up to then gave it (a deletion has no data of its own). */
const itemNameAtRevision = sql<string | null>`(SELECT coalesce(p.data->>'name', p.data->>'intent',
           nullif(p.data->>'title', ''), nullif(p.data->>'link', ''), p.data->>'question')
         FROM revisions p
        WHERE p.project_id = r.project_id AND p.resource = r.resource AND p.item_id = r.item_id
          AND NOT p.deleted AND p.time <= r.time
        ORDER BY p.time DESC, p.id DESC LIMIT 1)`;

/** Items of the project deleted after `mtime`, newest first, named by their last revision before deletion. */
export async function deletedSince(db: Db, projectId: number, mtime: number, limit = 5000): Promise<DeletedSince[]> {
  const { rows } = await sql<DeletedSince>`
    SELECT r.resource, r.item_id, r.time, r.user_id, u.name AS user_name,
      ${itemNameAtRevision} AS name
    FROM revisions r
    LEFT JOIN users u ON u.id = r.user_id
    WHERE r.project_id = ${projectId} AND r.deleted AND r.time > ${mtime}
    ORDER BY r.time DESC, r.id DESC
    LIMIT ${limit}`.execute(db);
  return rows;
}

export interface ChangedSince {
  resource: string;
  item_id: string;
  name: string | null;
  time: number;
  deleted: boolean;
  user_id: number | null;
  user_name: string | null;
}

/**
 * Revisions of a resource after `from` and at or before `to`, newest first, with their author and the item's
 * name (a deletion is named by the last revision before it). Several project ids: see audit-fields.ts.
 */
export async function changesBetween(
  db: Db,
  projectIds: readonly number[],
  resource: string,
  from: number,
  to: number,
  limit = 5000,
): Promise<ChangedSince[]> {
  const { rows } = await sql<ChangedSince>`
    SELECT r.resource, r.item_id, r.time, r.deleted, r.user_id, u.name AS user_name,
      ${itemNameAtRevision} AS name
    FROM revisions r
    LEFT JOIN users u ON u.id = r.user_id
    WHERE r.project_id IN (${sql.join(projectIds)}) AND r.resource = ${resource}
      AND r.time > ${from} AND r.time <= ${to}
    ORDER BY r.time DESC, r.id DESC
    LIMIT ${limit}`.execute(db);
  return rows;
}
