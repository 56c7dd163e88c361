import { z } from 'zod';
import { defineCall, grant } from './call.ts';
import { idOrNewParam, idParam, idResponse, okResponse, scopeQuery } from './common.ts';
import { trackerEntry } from './chat.ts';

/** 'draft' is the console's chat with the working configuration; dev and prod are deployed bots. */
export const conversationEnv = z.enum(['draft', 'dev', 'prod']);
export type ConversationEnv = z.infer<typeof conversationEnv>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'Use a date like 2024-05-31');

export const conversationSummary = z.object({
  id: z.number().int(),
  project_env: conversationEnv,
  started_at: z.string(),
  last_activity_at: z.string(),
  ended: z.boolean(),
  labels: z.array(z.string()),
  messages: z.number().int(),
  /** The first user message, as text. */
  preview: z.string(),
  /** 'voice' for an outbound campaign's call (issue 17), 'chat' otherwise (absent: chat). */
  channel: z.enum(['chat', 'voice']).optional(),
  /** Issue 16: knowledge searches that answered and that found no answer (absent: none). */
  knowledge_answers: z.number().int().optional(),
  knowledge_no_answers: z.number().int().optional(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

export const conversationNote = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  text: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConversationNote = z.infer<typeof conversationNote>;

export const conversationDetail = conversationSummary.extend({
  tracker: z.array(trackerEntry),
  variables: z.record(z.string(), z.unknown()),
  scope: z.string().nullable(),
  projects: z.array(z.number().int()),
  notes: z.array(conversationNote),
});
export type ConversationDetail = z.infer<typeof conversationDetail>;

export const conversationsQuery = scopeQuery.extend({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
  /** Last activity on or after / before (inclusive day). */
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  project_env: conversationEnv.optional(),
  label: z.string().max(50).optional(),
  text: z.string().max(200).optional(),
  format: z.enum(['json', 'csv']).default('json'),
});

export const getConversations = defineCall({
  name: 'getConversations',
  method: 'GET',
  path: '/conversations',
  resource: '/conversations',
  access: grant('GET', '/conversations'),
  query: conversationsQuery,
  response: z.object({
    items: z.array(conversationSummary),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
  summary: 'Conversations by last activity, newest first; format=csv streams every match as formula-safe CSV.',
});

export const getConversation = defineCall({
  name: 'getConversation',
  method: 'GET',
  path: '/conversations/:id',
  resource: '/conversations',
  access: grant('GET', '/conversations/{id}'),
  params: idParam,
  query: scopeQuery,
  response: conversationDetail,
});

export const noteBody = z.object({
  conversation_id: z.number().int().positive(),
  text: z.string().trim().min(1, 'Note cannot be empty').max(5000),
});

export const saveConversationNote = defineCall({
  name: 'saveConversationNote',
  method: 'PUT',
  path: '/conversations/notes/:id',
  resource: '/conversations',
  access: grant('PUT', '/conversations/notes'),
  params: idOrNewParam,
  query: scopeQuery,
  body: noteBody,
  response: idResponse,
});

export const deleteConversationNote = defineCall({
  name: 'deleteConversationNote',
  method: 'DELETE',
  path: '/conversations/notes/:id',
  resource: '/conversations',
  access: grant('DELETE', '/conversations/notes'),
  params: idParam,
  query: scopeQuery,
  response: okResponse,
});

export const LABEL_MAX = 50;
export const saveConversationLabels = defineCall({
  name: 'saveConversationLabels',
  method: 'PUT',
  path: '/conversations/:id/labels',
  resource: '/conversations',
  access: grant('PUT', '/conversations/notes'),
  params: idParam,
  query: scopeQuery,
  body: z.object({ labels: z.array(z.string().trim().min(1).max(LABEL_MAX)).max(20) }),
  response: z.object({ labels: z.array(z.string()) }),
});

export interface ConversationsFilter {
  /** Last activity on or after this day (YYYY-MM-DD). */
  dateFrom?: string;
  /** Last activity on or before this day, inclusive. */
  dateTo?: string;
  env?: ConversationEnv;
  label?: string;
  text?: string;
}

export interface ConversationsPageRequest extends ConversationsFilter {
  page: number;
  pageSize: number;
}
