import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** What every error answer looks like (error-handler.ts writes it), declared so the OpenAPI document tells the truth. */
export const errorAnswer = z
  .object({ statusCode: z.number().int(), error: z.string(), message: z.string() })
  .describe('An error: its status, the status name and a message a person can read.');

/**
 * The error statuses any /v1 call may answer: bad input (400), not logged in (401), refused by permission
 * (402, as spec 2 §3 answers), forbidden (403), missing (404), stale atime (409), too large (413), throttled (429),
 * database unavailable (503: stopped or restarting; the same call succeeds once it is back).
 */
const ERROR_STATUSES = [400, 401, 402, 403, 404, 409, 413, 428, 429, 503] as const;

/** Every route of this scope declares the error answers beside its own (a route's own declaration wins). */
export function declareErrorResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const declared = (route.schema?.response ?? {}) as Record<string, unknown>;
    const response: Record<string, unknown> = {};
    for (const status of ERROR_STATUSES) response[status] = errorAnswer;
    route.schema = { ...route.schema, response: { ...response, ...declared } };
  });
}
