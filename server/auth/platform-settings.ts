import type { PlatformSettings } from '../../src/api/contract/platform.ts';
import type { Db } from '../db/database.ts';

// Platform-wide settings (writes go through server/http/platform-write.ts: atime under project 0).

export async function readPlatformSettings(db: Db): Promise<PlatformSettings> {
  const row = await db
    .selectFrom('platform_settings')
    .select(['max_password_age_days', 'require_otp'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return row ?? { max_password_age_days: null, require_otp: false };
}

/** Applies the fields given (none: nothing changes) and answers the platform settings as they now are. */
export async function updatePlatformSettings(trx: Db, patch: Partial<PlatformSettings>): Promise<PlatformSettings> {
  if (Object.keys(patch).length > 0)
    await trx.updateTable('platform_settings').set(patch).where('id', '=', 1).execute();
  return readPlatformSettings(trx);
}

/** Whether a password set at `changedAt` is past the platform's maximum age (never, when none is set). */
export function isPasswordPastMaxAge(settings: PlatformSettings, changedAt: Date, now = new Date()): boolean {
  if (settings.max_password_age_days === null) return false;
  return now.getTime() - changedAt.getTime() > settings.max_password_age_days * 86_400_000;
}
