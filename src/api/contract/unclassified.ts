import { z } from 'zod';
import { defineCall, grant } from './call.ts';
import { idParam, okResponse, scopeQuery } from './common.ts';
import { MAX_ROW_ID } from './row-id.ts';

/** The class selector's "no class" choice (spec 1 §5). */
export const NO_CLASS = "__don't want to specify__";
export const FALLBACKS_TITLE = 'Intents waiting for Your classification';

/** At most this many fallbacks are classified in one click. */
export const TRIAGE_BULK_MAX = 200;

/**
 * Triage that writes tests (ours, issue 19): the test a kept phrase went into, named after the intent (or
 * {intent}_N, N up to 998, once it is full), with a step "this phrase must reach intent X / reaction Y".
 */
export const keptTest = z.object({ id: z.number().int(), name: z.string(), steps_added: z.number().int() });
export type KeptTest = z.infer<typeof keptTest>;
export const keptTestNotice = (t: KeptTest): string =>
  t.steps_added === 0 ? `Test ${t.name} already holds this phrase` : `Kept as a step of test ${t.name}`;

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
 * Issue 34: a classification undone for a while after it. The fallback as it was (its phrase, count, conversations
 * and class) and what the classification added: the template of `intent_id` and the step of test `test_id`.
 */
export const classificationUndo = z.object({
  intent: z.string().min(1).max(2000),
  counter: z.number().int().min(1),
  conversations_ids: z.array(z.string().max(64)).max(50),
  class: z.string().max(500).nullable(),
  intent_id: z.number().int().nullable(),
  template: z.string().max(2000).nullable(),
  test_id: z.number().int().nullable(),
});
export type ClassificationUndo = z.infer<typeof classificationUndo>;

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
  body: z.object({
    intent_id: z.number().int().nullable(),
    template: z.string().max(2000).optional(),
    /** Also keep the phrase as a regression test step (needs PUT /tests/{id}): see keptTest. */
    keep_as_test: z.boolean().default(false),
  }),
  response: okResponse.extend({
    test: keptTest.nullable().default(null),
    /** What POST /intents/unclassified/restore needs to undo this classification (issue 34). */
    undo: classificationUndo.optional(),
  }),
});

/**
 * Undo of a classification: the fallback waits in the queue again and the template (and kept test step) it added is
 * removed. Removing a template needs PUT /intents as deleting one does; removing a test step PUT /tests/{id}.
 */
export const restoreUnclassified = defineCall({
  name: 'restoreUnclassified',
  method: 'POST',
  path: '/intents/unclassified/restore',
  resource: '/intents',
  access: grant('POST', '/intents/{id}/mark-classified'),
  query: scopeQuery,
  body: classificationUndo,
  response: okResponse.extend({ id: z.number().int() }),
});

/**
 * Bulk triage: several fallbacks, one class, one click. Each phrase joins the intent as it is (or, with
 * intent_id null, the fallbacks are dismissed); with keep_as_test each also becomes a test step. One transaction.
 */
export const classifyUnclassified = defineCall({
  name: 'classifyUnclassified',
  method: 'POST',
  path: '/intents/unclassified/classify',
  resource: '/intents',
  access: grant('POST', '/intents/{id}/mark-classified'),
  query: scopeQuery,
  body: z.object({
    ids: z.array(z.number().int().min(1).max(MAX_ROW_ID)).min(1).max(TRIAGE_BULK_MAX),
    intent_id: z.number().int().nullable(),
    keep_as_test: z.boolean().default(false),
  }),
  response: okResponse.extend({ classified: z.number().int(), test: keptTest.nullable() }),
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
