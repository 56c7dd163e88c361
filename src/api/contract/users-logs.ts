import { z } from 'zod';
import { defineCall, grant } from './call.ts';
import { scopeQuery } from './common.ts';
import { plainText } from './settings.ts';

export const CANNOT_DOWNLOAD = 'Cannot download file!';
/** Spec 1 §9: the log shown covers the last 2 months. */
export const USERS_LOG_MONTHS = 2;
export const USERS_LOG_PAGE_SIZES = [25, 50, 100, 200] as const;

/** A users-log line (spec 1 §3): who (name, email), what, when. */
export const usersLogEntry = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  action: z.string(),
  created_at: z.string(),
});
export type UsersLogEntry = z.infer<typeof usersLogEntry>;

export const usersLogQuery = scopeQuery.extend({
  page: z.coerce
    .number({ error: 'page must be a number.' })
    .int('page must be a whole number.')
    .min(1, 'page starts at 1.')
    .max(1_000_000)
    .default(1),
  size: z.coerce
    .number({ error: 'size must be a number.' })
    .int('size must be a whole number.')
    .min(1, 'size must be at least 1.')
    .max(500, 'size must be at most 500.')
    .default(50),
  /** Part of the user's name or email. */
  user: plainText('The user filter', 200).optional(),
  /** Part of the action text. */
  search: plainText('The search text', 200).optional(),
  /** `csv` streams every matching line as a file instead of a page. */
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv.' }).default('json'),
});

export const usersLogPage = z.object({
  items: z.array(usersLogEntry),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type UsersLogPage = z.infer<typeof usersLogPage>;

/** Read-only: the log has no edit or delete call (QUALITY: audit). */
export const getUsersLogs = defineCall({
  name: 'getUsersLogs',
  method: 'GET',
  path: '/users-logs',
  resource: '/users-logs',
  access: grant('GET', '/users-logs'),
  query: usersLogQuery,
  response: usersLogPage,
});
