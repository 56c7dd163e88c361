import { assign, setup } from 'xstate';
import { type StartupSummary, startupActors } from './actors.ts';

export interface StartupContext {
  projectId: number;
  summary: StartupSummary | null;
}

/**
 * Startup loads (spec 2 §7): once a project is chosen, everything the screens show is loaded together; each
 * screen's first visit is served from it. Run by the project-selection chart for each project it selects.
 */
export const startupMachine = setup({
  types: {
    context: {} as StartupContext,
    input: {} as { projectId: number },
    events: {} as { type: 'startup.retry' },
  },
  actors: startupActors,
}).createMachine({
  id: 'startup',
  description: 'The startup loads of the chosen project: every list the screens show, loaded once, together.',
  context: ({ input }) => ({ projectId: input.projectId, summary: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The lists are being loaded; screens opened meanwhile load their own.',
      tags: ['loading'],
      invoke: {
        id: 'loadStartup',
        src: 'loadStartup',
        input: ({ context }) => ({ projectId: context.projectId }),
        onDone: { target: 'ready', actions: assign({ summary: ({ event }) => event.output }) },
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
