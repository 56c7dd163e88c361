import type { DoneActorEvent, OutputFrom } from 'xstate';
import { assign, setup } from 'xstate';
import { commandPaletteActors, type PaletteEntries, type PaletteSources } from './actors.ts';
import type { CommandPaletteEvent } from './events.ts';

export interface CommandPaletteContext {
  projectId: number | null;
  sources: PaletteSources;
  /** The last entries loaded for this project: shown at once on reopening while they are refreshed. */
  entries: PaletteEntries | null;
}

export interface CommandPaletteInput {
  projectId: number | null;
  sources: PaletteSources;
}

/**
 * The command palette (Ctrl+K, issue 18 item 4): screens and commands are always there; the project's intents,
 * reactions and tests are loaded lazily when it opens, kept while the project stays the same and refreshed on
 * every opening.
 */
export const commandPaletteMachine = setup({
  types: {
    context: {} as CommandPaletteContext,
    events: {} as CommandPaletteEvent,
    input: {} as CommandPaletteInput,
  },
  actors: commandPaletteActors,
  actions: {
    switchProject: assign(({ event }) =>
      event.type === 'palette.project' ? { projectId: event.projectId, sources: event.sources, entries: null } : {},
    ),
    storeEntries: assign({
      entries: (_, event: DoneActorEvent<OutputFrom<(typeof commandPaletteActors)['loadEntries']>>) => event.output,
    }),
  },
}).createMachine({
  id: 'commandPalette',
  description: 'Ctrl+K: find a screen, intent, reaction, test or conversation, or run a top-bar command.',
  context: ({ input }) => ({ projectId: input.projectId, sources: input.sources, entries: null }),
  initial: 'closed',
  on: { 'palette.project': { actions: 'switchProject' } },
  states: {
    closed: {
      description: 'The palette is hidden; Ctrl+K opens it from anywhere.',
      on: { 'palette.open': 'shown' },
    },
    shown: {
      description: 'The palette is open: screens and commands at once, the entries as they arrive.',
      initial: 'loading',
      on: {
        'palette.close': 'closed',
        'palette.project': { target: '.loading', reenter: true, actions: 'switchProject' },
      },
      states: {
        loading: {
          description: "The project's intents, reactions and tests are being (re)loaded; cached ones stay listed.",
          tags: ['loading'],
          invoke: {
            id: 'loadEntries',
            src: 'loadEntries',
            input: ({ context }) => context.sources,
            onDone: { target: 'ready', actions: { type: 'storeEntries', params: ({ event }) => event } },
            onError: 'failed',
          },
        },
        ready: { description: 'Everything the user may open is listed.' },
        failed: {
          description: 'The entries could not be loaded; screens and commands still work, a retry asks again.',
          on: { 'palette.retry': 'loading' },
        },
      },
    },
  },
});
