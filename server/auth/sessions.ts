import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { preparedStatement } from '../db/prepared-statements.ts';

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

/**
 * Touches a live session's idle clock and answers its user. Prepared once per connection: it runs on every
 * authenticated request, and on PGlite an unprepared statement costs four times as much (parse, plan, five calls).
 */
const touchStatement = preparedStatement(
  ['id'],
  ({ id }) => sql<{ user_id: number }>`
  UPDATE sessions SET last_seen_at = now()
  WHERE id = ${id} AND expires_at > now() AND last_seen_at > now() - make_interval(secs => ${SESSION_IDLE_SECONDS})
  RETURNING user_id`,
);

/** The user of a live session, touching its idle clock; null when unknown, idle too long or expired. */
export async function resolveSession(db: Db, token: string | undefined): Promise<number | null> {
  if (!token || token.length > 200) return null;
  const [row] = await touchStatement(db, { id: digest(token) });
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
