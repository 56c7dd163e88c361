import { z } from 'zod';
import { auditFields } from './audit.ts';
import { defineCall, grant } from './call.ts';
import { idOrNewParam, idParam, idResponse, okResponse, scopeQuery } from './common.ts';
import { historyQuery } from './intents.ts';

/**
 * The knowledge base (issue 16, spec 2 "Knowledge: link, knowledge"): entries staff write by hand or import from a
 * URL, a project file or a CSV; a job indexes them into the draft bot, and a deployment freezes that index.
 */

/** Validation texts shared by the knowledge screen and the server. */
export const KNOWLEDGE_EMPTY = 'Knowledge text cannot be empty';
export const KNOWLEDGE_TOO_LONG = 'Knowledge text is too long (at most 200,000 characters)';
export const LINK_NOT_HTTP = 'Link must be an http:// or https:// URL';
export const TITLE_TOO_LONG = 'Title is too long (at most 500 characters)';
export const KNOWLEDGE_NOT_FOUND = 'Knowledge entry not found';
export const QUESTION_EMPTY = 'Question cannot be empty';

/** Success toasts. */
export const KNOWLEDGE_TOASTS = {
  added: 'Knowledge entry added',
  saved: 'Knowledge entry saved',
  deleted: 'Knowledge entry deleted',
  imported: 'Successfully imported',
  reindexQueued: 'Submitted for reindexing',
  reindexed: 'Knowledge base indexed',
} as const;

export const KNOWLEDGE_MAX_CHARS = 200_000;
export const KNOWLEDGE_TITLE_MAX = 500;
export const KNOWLEDGE_LINK_MAX = 2000;

/** `''` (no citation) or an absolute http(s) URL. */
export const isHttpLink = (link: string): boolean => {
  if (link === '') return true;
  try {
    const url = new URL(link);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

const knowledgeLink = z
  .string({ error: LINK_NOT_HTTP })
  .max(KNOWLEDGE_LINK_MAX, `Link is too long (at most ${KNOWLEDGE_LINK_MAX} characters)`)
  .transform((s) => s.trim())
  .refine(isHttpLink, LINK_NOT_HTTP);

const knowledgeText = z
  .string({ error: KNOWLEDGE_EMPTY })
  .max(KNOWLEDGE_MAX_CHARS, KNOWLEDGE_TOO_LONG)
  .refine((s) => !s.includes('\u0000'), 'Knowledge text cannot contain NUL characters')
  .refine((s) => s.trim() !== '', KNOWLEDGE_EMPTY);

/** Where an entry's text came from; `url` entries are fetched again on every reindex. */
export const knowledgeSource = z.enum(['manual', 'url', 'file', 'csv']);
export type KnowledgeSource = z.infer<typeof knowledgeSource>;

/**
 * An entry's place in the draft index: `pending` — saved after the latest reindex (or never indexed);
 * `indexed` — its current text is in the index; `failed` — the latest reindex could not refresh it (a URL entry
 * whose page did not load: the previous text is kept and indexed, `index_error` says why).
 */
export const knowledgeIndexStatus = z.enum(['pending', 'indexed', 'failed']);
export type KnowledgeIndexStatus = z.infer<typeof knowledgeIndexStatus>;

/** What a PUT may change. `source` is kept as it is on update; a new entry without one is `manual`. */
export const knowledgeBody = z.object({
  link: knowledgeLink.default(''),
  title: z
    .string()
    .max(KNOWLEDGE_TITLE_MAX, TITLE_TOO_LONG)
    .transform((s) => s.trim())
    .default(''),
  knowledge: knowledgeText,
});
export type KnowledgeBody = z.input<typeof knowledgeBody>;

export const knowledge = z.object({
  id: z.number().int(),
  link: z.string(),
  title: z.string(),
  knowledge: z.string(),
  source: knowledgeSource,
  /** The project file (`file`) the text was extracted from, else null. */
  file: z.string().nullable(),
  /** When this entry's current text entered the draft index (ISO), null until then. */
  indexed_at: z.string().nullable(),
  index_status: knowledgeIndexStatus,
  /** Why the latest reindex could not refresh this entry, else null. */
  index_error: z.string().nullable(),
});
export type Knowledge = z.infer<typeof knowledge>;
/** An entry as the list answers it: with its read-only audit fields. */
export const knowledgeItem = knowledge.extend(auditFields);
export type KnowledgeItem = z.infer<typeof knowledgeItem>;

/** The project's entries, by id; `?mtime` answers them as they were then (History). */
export const getKnowledges = defineCall({
  name: 'getKnowledges',
  method: 'GET',
  path: '/knowledges',
  resource: '/knowledges',
  access: grant('GET', '/knowledges'),
  query: historyQuery,
  response: z.array(knowledgeItem),
});

/** PUT /knowledges/-1 creates (source `manual`), PUT /knowledges/{id} saves. */
export const putKnowledge = defineCall({
  name: 'putKnowledge',
  method: 'PUT',
  path: '/knowledges/:id',
  resource: '/knowledges',
  access: grant('PUT', '/knowledges/{id}'),
  params: idOrNewParam,
  query: scopeQuery,
  body: knowledgeBody,
  response: idResponse,
});

export const deleteKnowledge = defineCall({
  name: 'deleteKnowledge',
  method: 'DELETE',
  path: '/knowledges/:id',
  resource: '/knowledges',
  access: grant('PUT', '/knowledges/{id}'),
  params: idParam,
  query: scopeQuery,
  response: okResponse,
});

/**
 * Fetches a page through the webhook guards (no private addresses, redirects checked, size and time limits),
 * extracts its readable text and saves it as a new `url` entry (link = the URL). Nothing is saved on failure
 * (400 with the reason). `title` empty: the page's title.
 */
export const importKnowledgeUrl = defineCall({
  name: 'importKnowledgeUrl',
  method: 'POST',
  path: '/knowledges/import-url',
  resource: '/knowledges',
  access: grant('PUT', '/knowledges/{id}'),
  query: scopeQuery,
  body: z.object({
    url: z
      .string({ error: LINK_NOT_HTTP })
      .max(KNOWLEDGE_LINK_MAX)
      .transform((s) => s.trim())
      .refine((s) => s !== '' && isHttpLink(s), LINK_NOT_HTTP),
    title: z.string().max(KNOWLEDGE_TITLE_MAX, TITLE_TOO_LONG).default(''),
  }),
  response: knowledgeItem,
});

/** Project file types an entry can be extracted from (by content type or name). */
export const KNOWLEDGE_FILE_TYPES = ['PDF', 'HTML', 'Markdown', 'plain text'] as const;

/**
 * Extracts the readable text of a project file (storage: PDF, HTML, Markdown, plain text) into a new `file`
 * entry. `version` omitted: the current one. `link`: the citation to show (optional). Nothing saved on failure.
 */
export const importKnowledgeFile = defineCall({
  name: 'importKnowledgeFile',
  method: 'POST',
  path: '/knowledges/import-file',
  resource: '/knowledges',
  access: grant('PUT', '/knowledges/{id}'),
  query: scopeQuery,
  body: z.object({
    file: z.string().min(1, 'file is required').max(255, 'file name is too long'),
    version: z.number().int().min(1).optional(),
    link: knowledgeLink.default(''),
    title: z.string().max(KNOWLEDGE_TITLE_MAX, TITLE_TOO_LONG).default(''),
  }),
  response: knowledgeItem,
});

/** The CSV header of import (and of what an export would write). */
export const KNOWLEDGE_CSV_COLUMNS = ['link', 'knowledge'] as const;

/**
 * Multipart field `file`: CSV `link,knowledge` (a header row `link,knowledge` is optional), one new `csv` entry per
 * row. All or nothing: any bad row refuses the whole file, the message naming its line ("Line 4: ...").
 */
export const importKnowledgeCsv = defineCall({
  name: 'importKnowledgeCsv',
  method: 'PUT',
  path: '/knowledges/import',
  resource: '/knowledges',
  access: grant('PUT', '/knowledges/{id}'),
  query: scopeQuery,
  response: z.object({ status: z.literal('ok'), message: z.string(), created: z.number().int() }),
  atimeExempt: true,
});

export const reindexState = z.enum(['none', 'queued', 'running', 'done', 'failed']);
export type ReindexState = z.infer<typeof reindexState>;

/** GET /knowledges/reindex (spec 2): queues a reindex of the draft knowledge base and answers at once. */
export const runReindex = defineCall({
  name: 'runReindex',
  method: 'GET',
  path: '/knowledges/reindex',
  resource: '/knowledges/reindex',
  access: grant('PUT', '/knowledges/{id}'),
  query: scopeQuery,
  response: z.object({ status: z.literal('ok'), job_id: z.number().int(), state: reindexState }),
});

/** Where the draft index stands, and what the latest reindex did. */
export const reindexStatus = z.object({
  state: reindexState,
  job_id: z.number().int().nullable(),
  /** Why the latest reindex job failed as a whole, else null. */
  error: z.string().nullable(),
  /** When the draft index was last built (ISO), null before the first reindex. */
  indexed_at: z.string().nullable(),
  /** Entries and passages in the draft index. */
  entries: z.number().int(),
  passages: z.number().int(),
  /** Entries or QA questions changed after the draft index was built (or it never was). */
  stale: z.boolean(),
  /** The latest finished reindex: URL entries fetched again, their text unchanged, and those whose fetch failed. */
  report: z
    .object({
      fetched: z.number().int(),
      changed: z.number().int(),
      unchanged: z.number().int(),
      failed: z.array(z.object({ id: z.number().int(), link: z.string(), error: z.string() })),
    })
    .nullable(),
  /** The project's `knowledge_fallback` switch (Settings): the bot answers from the knowledge base when no intent fits. */
  used_by_bot: z.boolean(),
});
export type ReindexStatus = z.infer<typeof reindexStatus>;

export const getReindexStatus = defineCall({
  name: 'getReindexStatus',
  method: 'GET',
  path: '/knowledges/reindex/status',
  resource: '/knowledges/reindex/status',
  access: grant('GET', '/knowledges'),
  query: scopeQuery,
  response: reindexStatus,
});

export const knowledgeHit = z.object({
  knowledge_id: z.number().int(),
  link: z.string(),
  title: z.string(),
  /** The whole passage. */
  passage: z.string(),
  /** The passage shortened to the sentences that match. */
  answer: z.string(),
  score: z.number(),
  /** 0..1. */
  confidence: z.number(),
});
export type KnowledgeHit = z.infer<typeof knowledgeHit>;

/**
 * "Try a question": the draft index's top passages. `answered` — the best hit clears the project's knowledge
 * threshold (the bot would answer with it); `indexed` false — no reindex has run yet (no hits).
 */
export const searchKnowledge = defineCall({
  name: 'searchKnowledge',
  method: 'POST',
  path: '/knowledges/search',
  resource: '/knowledges',
  access: grant('GET', '/knowledges'),
  query: scopeQuery,
  body: z.object({
    question: z
      .string()
      .max(2000, 'Question is too long (at most 2000 characters)')
      .refine((s) => s.trim() !== '', QUESTION_EMPTY),
    limit: z.number().int().min(1).max(20).default(5),
  }),
  response: z.object({
    hits: z.array(knowledgeHit),
    threshold: z.number(),
    answered: z.boolean(),
    indexed: z.boolean(),
  }),
  atimeExempt: true,
});
