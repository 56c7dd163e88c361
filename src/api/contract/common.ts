import { z } from 'zod';

/** Every request carries user_id and project_id in the query (spec 2 §7); the server trusts only the session. */
export const scopeQuery = z.object({
  user_id: z.coerce.number().int().optional(),
  project_id: z.coerce.number().int().optional(),
  atime: z.coerce.number().int().optional(),
});

export const idParam = z.object({ id: z.coerce.number().int() });
/** `-1` creates (spec 2 §7); other ids must be positive. */
export const idOrNewParam = z.object({ id: z.coerce.number().int().min(-1) });

export const okResponse = z.object({ status: z.literal('ok') });
export const idResponse = z.object({ id: z.number().int() });
export const errorResponse = z.object({ statusCode: z.number(), error: z.string(), message: z.string() });

export type ProjectEnv = 'dev' | 'prod';
export const projectEnv = z.enum(['dev', 'prod']);
