import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Who last changed an item and when (spec 2 §3 "Audit fields on resources"), read from its revisions. */
export interface AuditFields {
  /** Microseconds of the item's latest revision; null when it has none. */
  version: number | null;
  /** The name of the user who wrote that revision; null when unknown (a system write, a seed). */
  who: string | null;
}

export const NO_AUDIT: AuditFields = { version: null, who: null };

/**
 * itemId -> audit fields of every item of a resource, in one query: each item's newest revision (at or
 * before `mtime` when given). Several project ids serve resources kept partly elsewhere (system entities).
 */
export async function auditFields(
  db: Db,
  projectIds: number | readonly number[],
  resource: string,
  mtime?: number,
): Promise<Map<string, AuditFields>> {
  const ids = typeof projectIds === 'number' ? [projectIds] : [...projectIds];
  const { rows } = await sql<{ item_id: string; time: number; who: string | null }>`
    SELECT DISTINCT ON (r.item_id) r.item_id, r.time, u.name AS who
    FROM revisions r
    LEFT JOIN users u ON u.id = r.user_id
    WHERE r.project_id IN (${sql.join(ids)}) AND r.resource = ${resource}
      ${mtime === undefined ? sql`` : sql`AND r.time <= ${mtime}`}
    ORDER BY r.item_id, r.time DESC, r.id DESC`.execute(db);
  return new Map(rows.map((r) => [r.item_id, { version: Number(r.time), who: r.who }]));
}

/** The items with their audit fields merged in (items without a revision get nulls). */
export async function withAuditFields<T extends { id: number | string }>(
  db: Db,
  projectIds: number | readonly number[],
  resource: string,
  items: readonly T[],
  mtime?: number,
): Promise<(T & AuditFields)[]> {
  const audit = await auditFields(db, projectIds, resource, mtime);
  return items.map((item) => ({ ...item, ...(audit.get(String(item.id)) ?? NO_AUDIT) }));
}
