import { type ActorRefFrom, sendTo, setup } from 'xstate';
import { fallbackClassificationMachine } from '../fallbackClassification/machine.ts';
import { relayEmitted } from '../relay/relayEmitted.ts';
import { trainingMachine } from '../training/machine.ts';

export interface FallbacksScreenContext {
  fallbacks: ActorRefFrom<typeof fallbackClassificationMachine>;
  training: ActorRefFrom<typeof trainingMachine>;
}

/** The fallbacks screen: after a training the list of fallbacks is loaded again (the new model may know them). */
export const fallbacksScreenMachine = setup({
  types: {
    context: {} as FallbacksScreenContext,
    events: {} as { type: 'training.done' },
    /** `focus`: the fallback a link asked to open (the dashboard's "Not understood" list). */
    input: {} as { focus?: number | null } | undefined,
  },
  actors: { fallbacks: fallbackClassificationMachine, training: trainingMachine, relay: relayEmitted },
}).createMachine({
  id: 'fallbacksScreen',
  description:
    'The fallbacks screen: its classification and training charts; a finished training reloads the fallbacks.',
  context: ({ spawn, input }) => ({
    fallbacks: spawn('fallbacks', { id: 'fallbacks', input: { focus: input?.focus ?? null } }),
    training: spawn('training', { id: 'training' }),
  }),
  initial: 'coordinating',
  states: {
    coordinating: {
      description: 'The screen is open: a finished training reloads the fallbacks.',
      invoke: {
        id: 'relay',
        src: 'relay',
        input: ({ context }) => ({ sources: [{ from: context.training, types: ['training.done'] }] }),
      },
      on: {
        'training.done': { actions: sendTo(({ context }) => context.fallbacks, { type: 'fallbacks.reload' }) },
      },
    },
  },
});
