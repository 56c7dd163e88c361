import { fromPromise } from 'xstate';
import { addToDoNotCall, loadDoNotCall, removeFromDoNotCall, uploadDoNotCallList } from '../../api/doNotCall.ts';
import { notifyFailure, showNotice } from '../../console/notices.ts';
import { doNotCallMachine } from './machine.ts';

/** The do-not-call list with the real calls and Mantine notifications. */
export const providedDoNotCallMachine = doNotCallMachine.provide({
  actors: {
    loadList: fromPromise(() => loadDoNotCall()),
    addEntry: fromPromise(({ input }) => addToDoNotCall(input.destination, input.note)),
    removeEntry: fromPromise(({ input }) => removeFromDoNotCall(input.id)),
    importFile: fromPromise(({ input }) => uploadDoNotCallList(input.file)),
  },
  actions: {
    notify: (_, params) => showNotice(params),
    notifyFailure: (_, params) => notifyFailure(params.error, params.title),
  },
});
