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
import { conversationLogsMachine } from './machine.ts';
import { showNotice, notifyFailure } from '../../console/notices.ts';
import { writeConversationQuery } from './address.ts';

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
