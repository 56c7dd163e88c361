import { fromPromise } from 'xstate';
import type { ConversationDetail, ConversationSummary } from '../../api/contract/conversations.ts';
import type { Label } from '../../api/contract/labels.ts';
import type { ConversationsFilter, ConversationsPageRequest } from '../../api/contract/conversations.ts';

export interface ConversationsPage {
  items: ConversationSummary[];
  total: number;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`conversationLogs actor ${name} not provided`));

/** Typed placeholders; provided.ts gives the real API calls, tests give deferred fakes. */
export const conversationLogsActors = {
  /** GET /labels: the project's labels (the label filter and the labels of a conversation). */
  loadLabels: fromPromise<Label[]>(notProvided('loadLabels')),
  /** GET /conversations: one page of the filtered list. */
  loadPage: fromPromise<ConversationsPage, ConversationsPageRequest>(notProvided('loadPage')),
  /** GET /conversations?format=csv, handed to the browser as a file. */
  exportCsv: fromPromise<void, ConversationsFilter>(notProvided('exportCsv')),
  /** GET /conversations/{id}: transcript, notes, labels. */
  loadConversation: fromPromise<ConversationDetail, { id: number }>(notProvided('loadConversation')),
  /** PUT /conversations/notes/-1 (add) or /{id} (edit). */
  saveNote: fromPromise<unknown, { id: number | null; conversationId: number; text: string }>(notProvided('saveNote')),
  /** DELETE /conversations/notes/{id}. */
  deleteNote: fromPromise<unknown, { id: number }>(notProvided('deleteNote')),
  /** PUT /conversations/{id}/labels. */
  saveLabels: fromPromise<{ labels: string[] }, { id: number; labels: string[] }>(notProvided('saveLabels')),
};
