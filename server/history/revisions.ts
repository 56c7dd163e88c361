import type { Db } from '../db/database.ts';

/** One append-only row per changed item, written in the same transaction as the change (DESIGN §5). */
export async function recordRevision(
  db: Db,
  r: {
    projectId: number;
    resource: string;
    itemId: string | number;
    time: number;
    userId: number | null;
    data: unknown;
    deleted?: boolean;
  },
): Promise<void> {
  await db
    .insertInto('revisions')
    .values({
      project_id: r.projectId,
      resource: r.resource,
      item_id: String(r.itemId),
      time: r.time,
      user_id: r.userId,
      data: r.data === undefined || r.deleted ? null : JSON.stringify(r.data),
      deleted: r.deleted ?? false,
    })
    .execute();
}
