import { callApi } from './client.ts';
import { downloadCsv } from './csvDownload.ts';
import {
  deleteConversationNote,
  getConversation,
  getConversations,
  saveConversationLabels,
  saveConversationNote,
} from './contract/conversations.ts';

import type { ConversationsFilter, ConversationsPageRequest } from './contract/conversations.ts';

export type { ConversationsFilter, ConversationsPageRequest };

/** The logs' filter as the server reads it; empty parts are left out of the query. */
const filterQuery = (filter: ConversationsFilter): Record<string, string | undefined> => ({
  date_from: filter.dateFrom || undefined,
  date_to: filter.dateTo || undefined,
  project_env: filter.env || undefined,
  label: filter.label || undefined,
  text: filter.text?.trim() || undefined,
});

/** GET /conversations: one page, newest last activity first. */
export const loadConversations = (request: ConversationsPageRequest) =>
  callApi(getConversations, {
    query: { ...filterQuery(request), page: request.page, page_size: request.pageSize },
  });

/** GET /conversations/{id}: the transcript (tracker), notes and labels. */
export const loadConversation = (id: number) => callApi(getConversation, { params: { id } });

/** PUT /conversations/notes/-1 adds a note; any other id edits it. */
export const storeConversationNote = (id: number | null, conversationId: number, text: string) =>
  callApi(saveConversationNote, { params: { id }, body: { conversation_id: conversationId, text } });

export const removeConversationNote = (id: number) => callApi(deleteConversationNote, { params: { id } });

/** PUT /conversations/{id}/labels: the whole set, by label name. */
export const storeConversationLabels = (id: number, labels: string[]) =>
  callApi(saveConversationLabels, { params: { id }, body: { labels } });

/** The CSV of every conversation matching the filter; the caller shows 'Cannot download file!'. */
export const downloadConversationsCsv = (filter: ConversationsFilter) =>
  downloadCsv(getConversations.path, filterQuery(filter), 'conversations.csv');
