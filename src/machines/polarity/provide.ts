import { removeIntent, insertIntent, addIntentTemplate, negateTemplates } from '../../api/intents.ts';
import { fromPromise } from 'xstate';
import { polarityMachine } from './machine.ts';
import { noticeActions } from '../../console/notices.ts';

export const providedPolarityMachine = polarityMachine.provide({
  actors: {
    createTwin: fromPromise(({ input }) => insertIntent(input.name)),
    deleteTwin: fromPromise(({ input }) => removeIntent(input.id)),
    negateTemplate: fromPromise(async ({ input }) => (await negateTemplates([input.template])).templates[0] ?? ''),
    addBoth: fromPromise(async ({ input }) => {
      await addIntentTemplate(input.twinId, input.negative);
      await addIntentTemplate(input.intentId, input.positive);
    }),
  },
  actions: noticeActions,
});
