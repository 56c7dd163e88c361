import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export const SESSION_COOKIE = 'console_session';
/** Idle and absolute limits, enforced on the server (ASVS 7.3). */
export const SESSION_IDLE_SECONDS = 8 * 3600;
export const SESSION_ABSOLUTE_SECONDS = 24 * 3600;

const digest = (token: string): string => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      id: digest(token),
      user_id: userId,
      last_seen_at: new Date(),
      expires_at: new Date(Date.now() + SESSION_ABSOLUTE_SECONDS * 1000),
    })
    .execute();
  return token;
}

/** The user of a live session, touching its idle clock; null when unknown, idle too long or expired. */
export async function resolveSession(db: Db, token: string | undefined): Promise<number | null> {
  if (!token || token.length > 200) return null;
  const row = await db
    .updateTable('sessions')
    .set({ last_seen_at: sql`now()` })
    .where('id', '=', digest(token))
    .where('expires_at', '>', sql<Date>`now()`)
    .where('last_seen_at', '>', sql<Date>`now() - make_interval(secs => ${SESSION_IDLE_SECONDS})`)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export async function endSession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.deleteFrom('sessions').where('id', '=', digest(token)).execute();
}

/** After a password change, reset, lock or role removal no earlier cookie works. */
export async function endAllSessions(db: Db, userId: number, keepToken?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepToken) query = query.where('id', '!=', digest(keepToken));
  await query.execute();
}
