import { z } from 'zod';

/** Every request carries user_id and project_id in the query (spec 2 §7); the server trusts only the session. */
export const scopeQuery = z.object({
  user_id: z.coerce.number().int().optional(),
  project_id: z.coerce.number().int().optional(),
  atime: z.coerce.number().int().optional(),
});

/** Path ids: positive and within PostgreSQL's integer range; `-1` creates (spec 2 §7). */
export { rowIdOrNewParam as idOrNewParam, rowIdParam as idParam } from './row-id.ts';

export const okResponse = z.object({ status: z.literal('ok') });
export const idResponse = z.object({ id: z.number().int() });
export const errorResponse = z.object({ statusCode: z.number(), error: z.string(), message: z.string() });

export type ProjectEnv = 'dev' | 'prod';
export const projectEnv = z.enum(['dev', 'prod']);
