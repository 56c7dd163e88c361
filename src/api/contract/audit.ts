import { z } from 'zod';
import { defineCall, grant } from './call.ts';
import { scopeQuery } from './common.ts';

const micros = z.coerce
  .number({ error: 'mtime must be a number of microseconds.' })
  .int('mtime must be a whole number of microseconds.')
  .min(0, 'mtime cannot be negative.');

/** `GET /v1/{resource}?mtime=T` answers the resource as it was at T (DESIGN §5); any resource's GET can extend this. */
export const mtimeQuery = scopeQuery.extend({ mtime: micros.optional() });

export const deletedItem = z.object({
  resource: z.string(),
  item_id: z.string(),
  /** The item's name in its last revision before deletion, when it had one. */
  name: z.string().nullable(),
  /** Microseconds. */
  time: z.number(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
});
export type DeletedItem = z.infer<typeof deletedItem>;

/** Items of the project deleted after `mtime` (spec 2 §7 getAuditDeleted: the lesser side of a comparison). */
export const getAuditDeleted = defineCall({
  name: 'getAuditDeleted',
  method: 'GET',
  path: '/audit/deleted',
  resource: '/audit/deleted',
  access: grant('GET', '/audit/deleted'),
  query: scopeQuery.extend({ mtime: micros }),
  response: z.array(deletedItem),
});

/** The resources whose changes History lists (spec 2 §6 tabs). */
export const AUDITED_RESOURCES = [
  '/reactions',
  '/intents',
  '/actions',
  '/entities',
  '/settings',
  '/knowledges',
] as const;
export type AuditedResource = (typeof AUDITED_RESOURCES)[number];

export const changedItem = z.object({
  resource: z.string(),
  item_id: z.string(),
  /** The item's name in this revision, or in its last one before it when this one is a deletion. */
  name: z.string().nullable(),
  /** Microseconds. */
  time: z.number(),
  deleted: z.boolean(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
});
export type ChangedItem = z.infer<typeof changedItem>;

/**
 * Every revision of one resource after `from` and at or before `to`, newest first: who changed what between
 * History's two points. Needs the History grant and GET on the resource itself.
 */
export const getAuditChanges = defineCall({
  name: 'getAuditChanges',
  method: 'GET',
  path: '/audit/changes',
  resource: '/history',
  access: grant('GET', '/history'),
  query: scopeQuery.extend({ resource: z.enum(AUDITED_RESOURCES), from: micros, to: micros }),
  response: z.array(changedItem),
});

/**
 * Read-only fields every configuration item answers (spec 2 §3): `version` is the microsecond time of its
 * latest revision, `who` the name of that revision's author. Derived from the revisions, never written:
 * write bodies do not declare them, so zod strips them from what a client sends back.
 */
export const auditFields = {
  version: z.number().nullable().optional(),
  who: z.string().nullable().optional(),
};
