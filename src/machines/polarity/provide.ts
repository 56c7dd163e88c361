import { deleteIntent, insertIntent, insertIntentTemplate, putNegatedTemplate } from '../../api/intents.ts';
import { fromPromise } from 'xstate';
import { polarityMachine } from './machine.ts';
import { noticeActions } from '../../console/notices.ts';

export const providedPolarityMachine = polarityMachine.provide({
  actors: {
    createTwin: fromPromise(({ input }) => insertIntent(input.name)),
    deleteTwin: fromPromise(({ input }) => deleteIntent(input.id)),
    negateTemplate: fromPromise(async ({ input }) => (await putNegatedTemplate([input.template])).templates[0] ?? ''),
    addBoth: fromPromise(async ({ input }) => {
      await insertIntentTemplate(input.twinId, input.negative);
      await insertIntentTemplate(input.intentId, input.positive);
    }),
  },
  actions: noticeActions,
});
