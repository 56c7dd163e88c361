import { z } from 'zod';
import { auditFields } from './audit.ts';
import { defineCall, grant } from './call.ts';
import { idOrNewParam, idParam, idResponse, okResponse, scopeQuery } from './common.ts';

/** Validation texts of spec 2 §5, shared by the intents screen and the server. */
export const INTENT_NAME_EMPTY = 'Intent name cannot be empty';
export const DUPLICIT_INTENT_NAME = 'Duplicit intent name';
/** On rename the screen shows this title with INTENT_NAME_MUST_BE_UNIQUE; the server answers the title. */
export const DUPLICIT_INTENT_NAME_ON_RENAME = 'Duplicit intent name!';
export const INTENT_NAME_MUST_BE_UNIQUE = 'Intent name must be unique';
export const TEMPLATE_EXISTS_IN_INTENT = 'This template name already exists.';
export const DUPLICIT_INTENT_TEMPLATE = 'Duplicit intent template';
export const TEMPLATE_EMPTY = 'Intent template cannot be empty';
/** The template is held by another intent (spec 2 §5: "a message naming the intent that already holds it"). */
export const templateHeldBy = (template: string, intent: string) =>
  `Template "${template}" already exists in intent "${intent}".`;

/** Success toasts (spec 2 §8). */
export const INTENT_TOASTS = {
  added: 'New intent added',
  deleted: 'Intent deleted',
  renamed: 'Intent renamed',
  templateAdded: 'Intent template added',
  templateEdited: 'Intent template edited',
  templateDeleted: 'Intent template deleted',
  imported: 'Successfully imported',
} as const;

/** A negative intent is its positive twin's name plus this suffix (spec 2 §3). */
export const NEGATIVE_INTENT_SUFFIX = ' [NEG]';

export const intent = z.object({
  id: z.number().int(),
  name: z.string(),
  templates: z.array(z.string()),
});
export type Intent = z.infer<typeof intent>;
/** An intent as the list answers it: with its read-only audit fields. */
export const intentItem = intent.extend(auditFields);

/** GET of a configuration resource may ask for the state at a past time (microseconds, DESIGN §5). */
export const historyQuery = scopeQuery.extend({ mtime: z.coerce.number().int().nonnegative().optional() });

export const getIntents = defineCall({
  name: 'getIntents',
  method: 'GET',
  path: '/intents',
  resource: '/intents',
  access: grant('GET', '/intents'),
  // format=csv (spec 2) answers the CSV download intents_{project_id}.csv instead of the JSON list.
  query: historyQuery.extend({ format: z.literal('csv').optional() }),
  response: z.array(intentItem),
});

export const intentsListBody = z
  .array(
    z.object({
      id: z.number().int().optional(),
      name: z.string().max(200),
      templates: z.array(z.string().max(2000)).max(100_000),
    }),
  )
  .max(20_000);

/** Saves the whole list: items with an id are updated, without one (or -1) created, missing ones deleted. */
export const updateIntents = defineCall({
  name: 'updateIntents',
  method: 'PUT',
  path: '/intents',
  resource: '/intents',
  access: grant('PUT', '/intents'),
  query: scopeQuery,
  body: intentsListBody,
  response: okResponse,
});

export const intentNameBody = z.object({ name: z.string().max(200) });

/** PUT /intent/-1 creates (insertIntent), PUT /intent/{id} renames (updateIntent; a positive intent's twin too). */
export const putIntent = defineCall({
  name: 'putIntent',
  method: 'PUT',
  path: '/intent/:id',
  resource: '/intents',
  access: grant('PUT', '/intents'),
  params: idOrNewParam,
  query: scopeQuery,
  body: intentNameBody,
  response: idResponse,
});

export const deleteIntent = defineCall({
  name: 'deleteIntent',
  method: 'DELETE',
  path: '/intent/:id',
  resource: '/intents',
  access: grant('PUT', '/intents'),
  params: idParam,
  query: scopeQuery,
  response: okResponse,
});

export const templateBody = z.object({
  template: z.string().max(2000),
  /** Editing: the old text, deleted in the same transaction (spec 2 §4 "insert the new, then delete the old"). */
  replaces: z.string().max(2000).optional(),
});

export const insertIntentTemplate = defineCall({
  name: 'insertIntentTemplate',
  method: 'PUT',
  path: '/intent/:id/template',
  resource: '/intents',
  access: grant('PUT', '/intents'),
  params: idParam,
  query: scopeQuery,
  body: templateBody,
  response: okResponse,
});

export const deleteIntentTemplate = defineCall({
  name: 'deleteIntentTemplate',
  method: 'DELETE',
  path: '/intent/:id/template',
  resource: '/intents',
  access: grant('PUT', '/intents'),
  params: idParam,
  query: scopeQuery.extend({ template: z.string().max(2000) }),
  response: okResponse,
});

export const languageQuery = scopeQuery.extend({ language: z.string().max(20).optional() });

/** Negates affirmative templates and un-negates negated ones ('Add Both', polarity). A text service: no atime. */
export const putNegatedTemplate = defineCall({
  name: 'putNegatedTemplate',
  method: 'PUT',
  path: '/intents/template-negation',
  resource: '/intents',
  access: grant('PUT', '/intents'),
  query: languageQuery,
  body: z.object({ templates: z.array(z.string().max(2000)).max(1000) }),
  response: z.object({ templates: z.array(z.string()) }),
  atimeExempt: true,
});

/** The fallbacks screen's suggested phrase: the template without stop words. A text service: no atime. */
export const stripStopwords = defineCall({
  name: 'stripStopwords',
  method: 'POST',
  path: '/intents/strip-stopwords',
  resource: '/intents/unclassified',
  access: grant('GET', '/intents/unclassified'),
  query: languageQuery,
  body: z.object({ template: z.string().max(2000) }),
  response: z.object({ preprocessed: z.string() }),
  atimeExempt: true,
});

/** CSV `intent,template`, downloaded as intents_{project_id}.csv: the older path of `GET /intents?format=csv`. */
export const getIntentsExport = defineCall({
  name: 'getIntentsExport',
  method: 'GET',
  path: '/intents/export',
  resource: '/intents/export',
  access: grant('GET', '/intents'),
  query: scopeQuery.extend({ format: z.literal('csv').default('csv') }),
  response: z.string(),
});

export const intentsExportFileName = (projectId: number) => `intents_${projectId}.csv`;

/**
 * Multipart field `file`, CSV `intent,template`; all or nothing. `mode=merge` (default) adds what is new,
 * `mode=replace` makes the project's intents exactly the file's.
 */
export const importIntents = defineCall({
  name: 'importIntents',
  method: 'PUT',
  path: '/intents/import',
  resource: '/intents',
  access: grant('PUT', '/intents'),
  query: scopeQuery.extend({ mode: z.enum(['merge', 'replace']).default('merge') }),
  response: z.object({
    status: z.literal('ok'),
    message: z.string(),
    intents_created: z.number().int(),
    templates_added: z.number().int(),
  }),
  atimeExempt: true,
});
