import { type ActorRefFrom, sendTo, setup } from 'xstate';
import type { IntentsPatch } from '../intentsList/events.ts';
import { intentsListMachine } from '../intentsList/machine.ts';
import { polarityMachine } from '../polarity/machine.ts';
import { relayEmitted } from '../relay/relayEmitted.ts';
import { synonymsDraftMachine } from '../synonymsDraft/machine.ts';
import { templateEditingMachine } from '../templateEditing/machine.ts';
import type { EvaluationAnswer } from '../training/actors.ts';
import { trainingMachine } from '../training/machine.ts';

export interface IntentsScreenContext {
  list: ActorRefFrom<typeof intentsListMachine>;
  templates: ActorRefFrom<typeof templateEditingMachine>;
  polarity: ActorRefFrom<typeof polarityMachine>;
  synonyms: ActorRefFrom<typeof synonymsDraftMachine>;
  training: ActorRefFrom<typeof trainingMachine>;
}

export type IntentsScreenEvent =
  | { type: 'intents.patch'; patch: IntentsPatch }
  | { type: 'training.done'; answer: EvaluationAnswer }
  | { type: 'training.request' };

/**
 * The intents screen's charts and who tells whom: template and polarity changes patch the list, a finished
 * training hands its evaluation to the list, and the list's retraining request (a renamed polar intent) starts
 * training.
 */
export const intentsScreenMachine = setup({
  types: { context: {} as IntentsScreenContext, events: {} as IntentsScreenEvent },
  actors: {
    list: intentsListMachine,
    templates: templateEditingMachine,
    polarity: polarityMachine,
    synonyms: synonymsDraftMachine,
    training: trainingMachine,
    relay: relayEmitted,
  },
}).createMachine({
  id: 'intentsScreen',
  description:
    'The intents screen: its list, template editing, polarity, synonyms and training charts, and who tells whom.',
  context: ({ spawn }) => {
    const list = spawn('list', { id: 'list' });
    const lookup = () => list.getSnapshot().context.intents;
    return {
      list,
      templates: spawn('templates', { id: 'templates', input: { lookup } }),
      polarity: spawn('polarity', { id: 'polarity', input: { lookup } }),
      synonyms: spawn('synonyms', { id: 'synonyms' }),
      training: spawn('training', { id: 'training' }),
    };
  },
  initial: 'coordinating',
  states: {
    coordinating: {
      description: 'The screen is open: what one chart reports reaches the chart that acts on it.',
      invoke: {
        id: 'relay',
        src: 'relay',
        input: ({ context }) => ({
          sources: [
            { from: context.templates, types: ['intents.patch'] },
            { from: context.polarity, types: ['intents.patch'] },
            { from: context.training, types: ['training.done'] },
            { from: context.list, types: ['training.request'] },
          ],
        }),
      },
      on: {
        'intents.patch': {
          actions: sendTo(
            ({ context }) => context.list,
            ({ event }) => event,
          ),
        },
        'training.done': {
          actions: sendTo(
            ({ context }) => context.list,
            ({ event }) => ({ type: 'evaluation.loaded' as const, answer: event.answer }),
          ),
        },
        'training.request': { actions: sendTo(({ context }) => context.training, { type: 'train.start' }) },
      },
    },
  },
});
