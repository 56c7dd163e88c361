import type { z } from 'zod';

/** Who may make a call: nobody needs a session, any session, or a grant of the permission catalogue. */
export type CallAccess =
  | { kind: 'public' }
  | { kind: 'session' }
  | { kind: 'grant'; method: HttpMethod; path: string; env?: 'dev' | 'prod' | 'query' };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call of the API, shared by the browser client and the server route.
 * `resource` is the canonical path whose x-atime the call reads or bumps (DESIGN §3).
 */
export interface CallDefinition<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
> {
  name: string;
  method: HttpMethod;
  /** URL under /v1 in Fastify syntax, e.g. `/intent/:id/template`. */
  path: string;
  resource: string;
  access: CallAccess;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Multipart uploads and the chat carry no atime. */
  atimeExempt?: boolean;
  summary?: string;
}

export function defineCall<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType, P extends z.ZodType>(
  call: CallDefinition<Q, B, R, P>,
): CallDefinition<Q, B, R, P> {
  return call;
}

export const grant = (method: HttpMethod, path: string, env?: 'dev' | 'prod' | 'query'): CallAccess => ({
  kind: 'grant',
  method,
  path,
  env,
});
export const publicAccess: CallAccess = { kind: 'public' };
export const sessionAccess: CallAccess = { kind: 'session' };

/** State-changing calls carry atime in the query (spec 2 §7). */
export const needsAtime = (call: Pick<CallDefinition, 'method' | 'atimeExempt'>): boolean =>
  call.method !== 'GET' && !call.atimeExempt;

/** What a call answers, as its contract's response schema parses it. */
export type CallResult<C extends CallDefinition> = C['response'] extends z.ZodType ? z.output<C['response']> : never;
