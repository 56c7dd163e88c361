import type { Migration } from 'kysely';
import * as platform from './0001-platform.ts';
import * as settings from './0003-settings.ts';
import * as storageOtpSso from './0004-storage-otp-sso.ts';

/** Every migration, in order. A new file is added here under the next number. */
export const migrations: Record<string, Migration> = {
  '0001-platform': platform,
  '0003-settings': settings,
  '0004-storage-otp-sso': storageOtpSso,
};
