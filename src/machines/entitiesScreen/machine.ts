import { type ActorRefFrom, sendTo, setup } from 'xstate';
import { entityEditorMachine } from '../entityEditor/machine.ts';
import { relayEmitted } from '../relay/relayEmitted.ts';
import { trainingMachine } from '../training/machine.ts';

export interface EntitiesScreenInput {
  /** PUT /system/entities/{id}: system entities are editable. */
  canSystem: boolean;
  /** GET /run/train: 'Save & Train' trains after saving. */
  canTrain: boolean;
}

export interface EntitiesScreenContext {
  editor: ActorRefFrom<typeof entityEditorMachine>;
  training: ActorRefFrom<typeof trainingMachine>;
  canTrain: boolean;
}

/** The entities screen: the editor's 'Save & Train' starts training once the entities are saved. */
export const entitiesScreenMachine = setup({
  types: {
    context: {} as EntitiesScreenContext,
    events: {} as { type: 'training.request' },
    input: {} as EntitiesScreenInput,
  },
  actors: { editor: entityEditorMachine, training: trainingMachine, relay: relayEmitted },
  guards: { mayTrain: ({ context }) => context.canTrain },
}).createMachine({
  id: 'entitiesScreen',
  description:
    "The entities screen: its editor and training charts; 'Save & Train' trains once the entities are saved.",
  context: ({ spawn, input }) => ({
    editor: spawn('editor', { id: 'editor', input: { canSystem: input.canSystem } }),
    training: spawn('training', { id: 'training' }),
    canTrain: input.canTrain,
  }),
  initial: 'coordinating',
  states: {
    coordinating: {
      description: "The screen is open: the editor's training request starts training when the user may train.",
      invoke: {
        id: 'relay',
        src: 'relay',
        input: ({ context }) => ({ sources: [{ from: context.editor, types: ['training.request'] }] }),
      },
      on: {
        'training.request': {
          guard: 'mayTrain',
          actions: sendTo(({ context }) => context.training, { type: 'train.start' }),
        },
      },
    },
  },
});
