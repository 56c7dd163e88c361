import type { Db } from '../db/database.ts';

/** Appends the human-readable line every state change leaves (DESIGN §5); the log has no edit call. */
export async function logUserAction(
  db: Db,
  entry: { userId: number | null; projectId?: number | null; action: string },
): Promise<void> {
  await db
    .insertInto('users_logs')
    .values({ user_id: entry.userId, project_id: entry.projectId ?? null, action: entry.action.slice(0, 500) })
    .execute();
}
