import { removeIntentTemplate, addIntentTemplate } from '../../api/intents.ts';
import { fromPromise } from 'xstate';
import { templateEditingMachine } from './machine.ts';
import { noticeActions } from '../../console/notices.ts';

export const providedTemplateEditingMachine = templateEditingMachine.provide({
  actors: {
    addTemplate: fromPromise(({ input }) => addIntentTemplate(input.intentId, input.template)),
    replaceTemplate: fromPromise(({ input }) => addIntentTemplate(input.intentId, input.template, input.replaces)),
    deleteTemplate: fromPromise(({ input }) => removeIntentTemplate(input.intentId, input.template)),
  },
  actions: noticeActions,
});
