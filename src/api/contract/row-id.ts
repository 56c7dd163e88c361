import { z } from 'zod';

/** PostgreSQL's integer bound: a larger id is a bad request, never a database error. */
export const MAX_ROW_ID = 2_147_483_647;

/** A stored row's id in a path: a positive whole number ("", 0, -2, "null", "[]" and huge numbers are 400). */
export const rowIdParam = z.object({
  id: z.coerce
    .number({ error: 'id must be a positive whole number' })
    .int('id must be a positive whole number')
    .min(1, 'id must be a positive whole number')
    .max(MAX_ROW_ID, 'id is too large'),
});

/** A stored row's id, or -1 to create one (spec 2 §7). */
export const rowIdOrNewParam = z.object({
  id: z.coerce
    .number({ error: 'id must be -1 or a positive whole number' })
    .int('id must be -1 or a positive whole number')
    .min(-1, 'id must be -1 or a positive whole number')
    .max(MAX_ROW_ID, 'id is too large')
    .refine((id) => id !== 0, 'id must be -1 or a positive whole number'),
});

/** An id inside a body: a JSON number, never a string or an array. */
export const bodyRowId = z.number().int().min(1).max(MAX_ROW_ID);
