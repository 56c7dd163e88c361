import { z } from 'zod';
import { defineCall, grant } from './call.ts';
import { idParam, okResponse, scopeQuery } from './common.ts';

/** The class selector's "no class" choice (spec 1 §5). */
export const NO_CLASS = "__don't want to specify__";
export const FALLBACKS_TITLE = 'Intents waiting for Your classification';

export const unclassifiedIntent = z.object({
  id: z.number().int(),
  intent: z.string(),
  counter: z.number().int(),
  conversations_ids: z.array(z.string()),
  class: z.string().nullable(),
});
export type UnclassifiedIntent = z.infer<typeof unclassifiedIntent>;

/** Most issued first; paginated (DESIGN §3). */
export const getUnclassifiedIntents = defineCall({
  name: 'getUnclassifiedIntents',
  method: 'GET',
  path: '/intents/unclassified',
  resource: '/intents/unclassified',
  access: grant('GET', '/intents/unclassified'),
  query: scopeQuery.extend({
    offset: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(500).default(100),
    search: z.string().max(200).optional(),
  }),
  response: z.object({ items: z.array(unclassifiedIntent), total: z.number().int() }),
});

/**
 * Classifies fallback {id}: its phrase (`template`, default the fallback's text) joins the templates of
 * `intent_id` and the fallback is removed; `intent_id` null removes it without adding anything.
 * Writes the intents, so it carries the /intents atime.
 */
export const markClassified = defineCall({
  name: 'markClassified',
  method: 'POST',
  path: '/intents/:id/mark-classified',
  resource: '/intents',
  access: grant('POST', '/intents/{id}/mark-classified'),
  params: idParam,
  query: scopeQuery,
  body: z.object({ intent_id: z.number().int().nullable(), template: z.string().max(2000).optional() }),
  response: okResponse,
});

/** Sets the fallback's class (an intent name, or null / NO_CLASS for none). */
export const setUnclassifiedClass = defineCall({
  name: 'setUnclassifiedClass',
  method: 'POST',
  path: '/intent/unclassified/:id',
  resource: '/intents/unclassified',
  access: grant('POST', '/intent/unclassified/{id}'),
  params: idParam,
  query: scopeQuery,
  body: z.object({ class: z.string().max(200).nullable() }),
  response: okResponse,
});
