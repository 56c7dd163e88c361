import { fromPromise } from 'xstate';
import { saveFile } from '../../ui/saveFile.ts';
import {
  deleteConversationNote,
  downloadConversationsCsv,
  getConversation,
  getConversations,
  saveConversationLabels,
  saveConversationNote,
} from '../../api/conversations.ts';
import { getLabels } from '../../api/labels.ts';
import { notifyFailure, showNotice } from '../provide.ts';
import { conversationLogsMachine } from './machine.ts';

/** `conversation_id` sits beside project_id in the page's query string (hash routing keeps the path in the hash). */
export function writeConversationQuery(conversationId: number | null): void {
  const params = new URLSearchParams(location.search);
  if (conversationId === null) params.delete('conversation_id');
  else params.set('conversation_id', String(conversationId));
  const search = params.toString();
  if ((search ? `?${search}` : '') === location.search) return;
  history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}${location.hash}`);
}

/** The logs' conversation asked for by the page's query, if it is an id. */
export function requestedConversationId(): number | null {
  const raw = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('conversation_id');
  return raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
}

/** The logs machine with its real side effects: the API, Mantine notifications, a browser download. */
export const providedConversationLogsMachine = conversationLogsMachine.provide({
  actors: {
    loadLabels: fromPromise(() => getLabels()),
    loadPage: fromPromise(({ input }) => getConversations(input)),
    exportCsv: fromPromise(async ({ input }) => {
      const { blob, fileName } = await downloadConversationsCsv(input);
      saveFile(blob, fileName);
    }),
    loadConversation: fromPromise(({ input }) => getConversation(input.id)),
    saveNote: fromPromise(({ input }) => saveConversationNote(input.id ?? -1, input.conversationId, input.text)),
    deleteNote: fromPromise(({ input }) => deleteConversationNote(input.id)),
    saveLabels: fromPromise(({ input }) => saveConversationLabels(input.id, input.labels)),
  },
  actions: {
    notify: (_, params) => showNotice(params),
    notifyFailure: (_, params) => notifyFailure(params.error, params.title),
    showInQuery: (_, params) => writeConversationQuery(params.conversationId),
  },
});
