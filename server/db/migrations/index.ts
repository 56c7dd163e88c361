import type { Migration } from 'kysely';
import * as platform from './0001-platform.ts';

/** Every migration, in order. A new file is added here under the next number. */
export const migrations: Record<string, Migration> = {
  '0001-platform': platform,
};
