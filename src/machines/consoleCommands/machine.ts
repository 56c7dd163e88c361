import { assign, emit, setup } from 'xstate';
import type { Deployment } from '../../api/contract/deployments.ts';

export type ConsoleCommandsEvent =
  | { type: 'tests.runAll.request' }
  | { type: 'tests.runAll.taken' }
  | { type: 'chat.open.request' }
  | { type: 'train.request' }
  | { type: 'deploy.open.request'; env: 'dev' | 'prod' }
  /** The top bar's dialog deployed: an open deployments list shows it at once (issue 34 item 5). */
  | { type: 'deployment.announce'; deployment: Deployment };

export type ConsoleCommandsEmitted =
  | { type: 'deployment.added'; deployment: Deployment }
  | { type: 'tests.runAll' }
  | { type: 'chat.open' }
  | { type: 'train' }
  | { type: 'deploy.open'; env: 'dev' | 'prod' };

/**
 * Requests one part of the console makes of another: the top bar's Run Tests for the tests screen (kept until
 * that screen takes it, so it may open after the request), "talk to the bot" of an empty screen for Run Chat, and
 * the dashboard's next step and the command palette for the top bar's deploy dialog and Train, and the top bar's
 * finished deploys for an open deployments list.
 * One actor of the signed-in layout; screens subscribe to what it emits.
 */
export const consoleCommandsMachine = setup({
  types: {
    context: {} as { runAllPending: boolean },
    events: {} as ConsoleCommandsEvent,
    emitted: {} as ConsoleCommandsEmitted,
  },
  actions: {
    resetRunAllPending: assign({ runAllPending: true }),
    clearRunAllPending: assign({ runAllPending: false }),
  },
}).createMachine({
  id: 'consoleCommands',
  description:
    'Requests between parts of the console: Run Tests for the tests screen, "talk to the bot" for Run Chat, deploy and train for the top bar, the top bar\'s deploys for the deployments list.',
  context: { runAllPending: false },
  initial: 'ready',
  states: {
    ready: {
      description: 'Passes requests on; a Run Tests request waits until the tests screen takes it.',
      on: {
        'tests.runAll.request': {
          actions: ['resetRunAllPending', emit({ type: 'tests.runAll' })],
        },
        'tests.runAll.taken': { actions: 'clearRunAllPending' },
        'chat.open.request': { actions: emit({ type: 'chat.open' }) },
        'train.request': { actions: emit({ type: 'train' }) },
        'deploy.open.request': { actions: emit(({ event }) => ({ type: 'deploy.open' as const, env: event.env })) },
        'deployment.announce': {
          actions: emit(({ event }) => ({ type: 'deployment.added' as const, deployment: event.deployment })),
        },
      },
    },
  },
});
