import { fromPromise } from 'xstate';
import { saveFile } from '../../ui/saveFile.ts';
import {
  removeConversationNote,
  downloadConversationsCsv,
  loadConversation,
  loadConversations,
  storeConversationLabels,
  storeConversationNote,
} from '../../api/conversations.ts';
import { loadLabels } from '../../api/labels.ts';
import { conversationLogsMachine } from './machine.ts';
import { showNotice, notifyFailure } from '../../console/notices.ts';
import { writeConversationQuery } from './address.ts';

/** The logs machine with its real side effects: the API, Mantine notifications, a browser download. */
export const providedConversationLogsMachine = conversationLogsMachine.provide({
  actors: {
    loadLabels: fromPromise(() => loadLabels()),
    loadPage: fromPromise(({ input }) => loadConversations(input)),
    exportCsv: fromPromise(async ({ input }) => {
      const { blob, fileName } = await downloadConversationsCsv(input);
      saveFile(blob, fileName);
    }),
    loadConversation: fromPromise(({ input }) => loadConversation(input.id)),
    saveNote: fromPromise(({ input }) => storeConversationNote(input.id ?? -1, input.conversationId, input.text)),
    deleteNote: fromPromise(({ input }) => removeConversationNote(input.id)),
    saveLabels: fromPromise(({ input }) => storeConversationLabels(input.id, input.labels)),
  },
  actions: {
    notify: (_, params) => showNotice(params),
    notifyFailure: (_, params) => notifyFailure(params.error, params.title),
    showInQuery: (_, params) => writeConversationQuery(params.conversationId),
  },
});
