import { z } from 'zod';
import { defineCall, grant } from './call.ts';
import { idParam, okResponse, scopeQuery } from './common.ts';
import { MAX_ROW_ID } from './row-id.ts';

/**
 * A project's do-not-call list (issue 38): numbers (or SIP URIs) its campaigns never dial. Checked when a call is due:
 * a listed destination's call ends "do-not-call" without being dialled. Read with the campaigns' grant, changed with
 * their edit grant; every change is in the users log.
 */
export const doNotCallEntry = z.object({
  id: z.number().int(),
  /** E.164 (+420777123456) or a SIP URI, as a call list's destination is stored. */
  destination: z.string(),
  /** Why it is listed (the customer asked, a complaint, a regulator's list). */
  note: z.string(),
  created_at: z.string(),
  /** Who added it; null for an entry of a deleted user. */
  created_by: z.string().nullable(),
});
export type DoNotCallEntry = z.infer<typeof doNotCallEntry>;

/** The CSV header of a do-not-call import: a destination per line, an optional note. */
export const DO_NOT_CALL_HEADER = 'destination,note';
export const DO_NOT_CALL_ADDED = 'Added to the do-not-call list';
export const DO_NOT_CALL_ALREADY = 'is already on the do-not-call list';

export const getDoNotCall = defineCall({
  name: 'getDoNotCall',
  method: 'GET',
  path: '/outbound/do-not-call',
  resource: '/outbound/campaigns',
  access: grant('GET', '/outbound/campaigns'),
  query: scopeQuery,
  response: z.array(doNotCallEntry),
});

export const addDoNotCall = defineCall({
  name: 'addDoNotCall',
  method: 'PUT',
  path: '/outbound/do-not-call',
  resource: '/outbound/campaigns',
  access: grant('PUT', '/outbound/campaigns/{id}'),
  query: scopeQuery,
  body: z.object({ destination: z.string().max(300), note: z.string().max(500).default('') }),
  response: z.object({ id: z.number().int().max(MAX_ROW_ID) }),
});

export const deleteDoNotCall = defineCall({
  name: 'deleteDoNotCall',
  method: 'DELETE',
  path: '/outbound/do-not-call/:id',
  resource: '/outbound/campaigns',
  access: grant('PUT', '/outbound/campaigns/{id}'),
  params: idParam,
  query: scopeQuery,
  response: okResponse,
});

/**
 * Multipart field `file`: CSV `destination,note` (or `destination` alone), all or nothing: a bad line refuses the
 * file naming it; destinations already listed are counted, not refused.
 */
export const uploadDoNotCall = defineCall({
  name: 'uploadDoNotCall',
  method: 'POST',
  path: '/outbound/do-not-call/upload',
  resource: '/outbound/campaigns',
  access: grant('POST', '/outbound/campaigns/{id}/upload'),
  query: scopeQuery,
  response: z.object({ status: z.literal('ok'), added: z.number().int(), already_listed: z.number().int() }),
  atimeExempt: true,
});
