import { assign, setup } from 'xstate';
import type { RequestProgressEvent } from './events.ts';

/**
 * Pending API requests drive two indicators: a small progress indicator after 150 ms (spec 1 §9) and a top
 * progress bar after 1000 ms (spec 2 §9). Both timers start when the first request starts.
 */
export const requestProgressMachine = setup({
  types: {
    context: {} as { pending: number },
    events: {} as RequestProgressEvent,
  },
  delays: {
    progressIndicatorLatency: 150,
    progressBarLatency: 1000,
  },
  guards: {
    isLastRequest: ({ context }) => context.pending <= 1,
  },
  actions: {
    countStarted: assign({ pending: ({ context }) => context.pending + 1 }),
    countFinished: assign({ pending: ({ context }) => Math.max(0, context.pending - 1) }),
  },
}).createMachine({
  id: 'requestProgress',
  description:
    'Pending API requests drive the small progress indicator (after 150 ms) and the top progress bar (after 1000 ms).',
  context: { pending: 0 },
  initial: 'idle',
  states: {
    idle: {
      description: 'No request is pending; nothing is shown.',
      on: { 'request.started': { target: 'pending', actions: 'countStarted' } },
    },
    pending: {
      description: 'At least one request is pending; indicators appear as it takes longer.',
      initial: 'quiet',
      after: { progressBarLatency: '.slow' },
      on: {
        'request.started': { actions: 'countStarted' },
        'request.finished': [
          { guard: 'isLastRequest', target: 'idle', actions: 'countFinished' },
          { actions: 'countFinished' },
        ],
      },
      states: {
        quiet: {
          description: 'Pending for less than 150 ms: too short to show anything.',
          after: { progressIndicatorLatency: 'indicating' },
        },
        indicating: {
          description: 'Pending for 150 ms or more: the progress indicator is shown.',
          tags: ['indicator', 'loading'],
        },
        slow: {
          description: 'Pending for 1000 ms or more: the top progress bar is shown too.',
          tags: ['indicator', 'bar', 'loading'],
        },
      },
    },
  },
});
