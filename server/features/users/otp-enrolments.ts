import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { turnOtpOn } from './users-store.ts';

/** A restart replaces the pending secret and its clock; one upsert, so parallel starts never collide. */
export async function startEnrolment(db: Db, userId: number, secret: string): Promise<void> {
  await sql`
    INSERT INTO otp_enrolments (user_id, secret) VALUES (${userId}, ${secret})
    ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, created_at = now()`.execute(db);
}

/** The user's pending enrolment, if any. */
export function pendingEnrolment(db: Db, userId: number) {
  return db
    .selectFrom('otp_enrolments')
    .select(['secret', 'created_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Claims the pending secret and turns codes on with it, in one transaction: parallel confirmations give one
 * success. False when another confirmation won or codes were already on.
 */
export function activateEnrolment(db: Db, userId: number, secret: string, step: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .deleteFrom('otp_enrolments')
      .where('user_id', '=', userId)
      .where('secret', '=', secret)
      .returning('secret')
      .executeTakeFirst();
    if (!claimed) return false;
    return turnOtpOn(trx, userId, claimed.secret, step);
  });
}

/** The user's confirmed secret, or null when codes are off. */
export async function otpSecretOf(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('otp_secret').where('id', '=', userId).executeTakeFirst();
  return row?.otp_secret ?? null;
}
