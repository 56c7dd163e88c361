import { z } from 'zod';
import { projectAction } from './actions.ts';
import { defineCall, grant } from './call.ts';
import { idOrNewParam, scopeQuery } from './common.ts';

/**
 * A test call of a webhook action from the actions screen: the action as edited (saved or not, id -1 for a
 * new one) is called once through the runtime's guarded webhook client with a sample payload. Nothing is
 * stored; the same SSRF rules, time limit and answer size limit apply as in a conversation.
 */
export const actionTestBody = z.object({
  action: projectAction.omit({ id: true }),
  /** Variables the sample payload carries, as a conversation would send them. */
  variables: z.record(z.string(), z.unknown()).default({}),
});
export type ActionTestBody = z.input<typeof actionTestBody>;

export const actionTestResult = z.object({
  ok: z.boolean(),
  /** HTTP status of the answer (absent when no answer arrived or the call was refused). */
  status: z.number().int().optional(),
  /** The answer: parsed JSON, or text. */
  data: z.unknown().optional(),
  /** Why the call failed or was refused, in words. */
  reason: z.string().optional(),
  duration_ms: z.number().int(),
});
export type ActionTestResult = z.infer<typeof actionTestResult>;

export const testAction = defineCall({
  name: 'testAction',
  method: 'POST',
  path: '/actions/:id/test',
  resource: '/actions',
  access: grant('PUT', '/actions'),
  params: idOrNewParam,
  query: scopeQuery,
  body: actionTestBody,
  response: actionTestResult,
  atimeExempt: true,
  summary: 'Calls a webhook action once with a sample payload (SSRF-guarded, nothing stored).',
});
