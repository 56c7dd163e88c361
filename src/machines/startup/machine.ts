import type { DoneActorEvent, OutputFrom } from 'xstate';
import { assign, setup } from 'xstate';
import { type StartupSummary, startupActors } from './actors.ts';

export interface StartupContext {
  projectId: number;
  summary: StartupSummary | null;
  /**
   * Whether the project is chat only (spec 1 §2: then Outbound is hidden), as the settings say; null until known
   * or when the settings could not be read.
   */
  chatOnly: boolean | null;
}

/**
 * Startup loads (spec 2 §7): once a project is chosen, everything the screens show is loaded together; each
 * screen's first visit is served from it. Run by the project-selection chart for each project it selects.
 */
export const startupMachine = setup({
  types: {
    context: {} as StartupContext,
    input: {} as { projectId: number },
    events: {} as
      | { type: 'startup.retry' }
      /** The settings screen saved `is_chat`: the menu follows at once, without loading everything again. */
      | { type: 'startup.channel'; chatOnly: boolean },
  },
  actors: startupActors,
  actions: {
    storeSummaryAndChatOnly: assign({
      summary: (_, event: DoneActorEvent<OutputFrom<(typeof startupActors)['loadStartup']>>) => event.output,
      // A save told while the loads ran is newer than what they read.
      chatOnly: ({ context }, event: DoneActorEvent<OutputFrom<(typeof startupActors)['loadStartup']>>) =>
        context.chatOnly ?? event.output.chatOnly,
    }),
  },
}).createMachine({
  id: 'startup',
  description: 'The startup loads of the chosen project: every list the screens show, loaded once, together.',
  context: ({ input }) => ({ projectId: input.projectId, summary: null, chatOnly: null }),
  initial: 'loading',
  on: { 'startup.channel': { actions: assign({ chatOnly: ({ event }) => event.chatOnly }) } },
  states: {
    loading: {
      description: 'The lists are being loaded; screens opened meanwhile load their own.',
      tags: ['loading'],
      invoke: {
        id: 'loadStartup',
        src: 'loadStartup',
        input: ({ context }) => ({ projectId: context.projectId }),
        onDone: {
          target: 'ready',
          actions: { type: 'storeSummaryAndChatOnly', params: ({ event }) => event },
        },
        onError: 'failed',
      },
    },
    ready: { description: 'Loaded: each answer waits for the first screen that asks for it.' },
    failed: {
      description: 'The loads could not run; screens load their own, a retry loads again.',
      on: { 'startup.retry': 'loading' },
    },
  },
});
