import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Wrong passwords allowed per account within the window; the next attempt is refused (429). */
export const ACCOUNT_FAILURE_LIMIT = 5;
/** Per client address, across accounts (password spraying). */
export const ADDRESS_FAILURE_LIMIT = 100;
export const THROTTLE_WINDOW_SECONDS = 15 * 60;

/**
 * Reserves one attempt for a key, atomically: the row is created or its counter raised only while it is
 * under the limit (or its window has passed), in one statement. So 50 parallel tries with limit N give
 * exactly N password checks.
 */
export async function reserveAttempt(db: Db, key: string, limit: number): Promise<boolean> {
  const { rows } = await sql<{ failures: number }>`
    INSERT INTO login_throttle (key, failures, window_started_at) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN login_throttle.window_started_at < now() - make_interval(secs => ${THROTTLE_WINDOW_SECONDS})
                      THEN 1 ELSE login_throttle.failures + 1 END,
      window_started_at = CASE WHEN login_throttle.window_started_at < now() - make_interval(secs => ${THROTTLE_WINDOW_SECONDS})
                      THEN now() ELSE login_throttle.window_started_at END
    WHERE login_throttle.failures < ${limit}
       OR login_throttle.window_started_at < now() - make_interval(secs => ${THROTTLE_WINDOW_SECONDS})
    RETURNING failures`.execute(db);
  return rows.length === 1;
}

/** A successful login clears the account's failures. */
export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}

/** A successful login gives the address its reserved attempt back: only failures count against it. */
export async function releaseAttempt(db: Db, key: string): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set({ failures: sql`greatest(failures - 1, 0)` })
    .where('key', '=', key)
    .execute();
}

export const accountKey = (email: string): string => `account:${email.trim().toLowerCase()}`;
export const addressKey = (ip: string): string => `address:${ip}`;
