import { type ActorRefFrom, type AnyActorRef, sendTo, setup } from 'xstate';
import type { Deployment } from '../../api/contract/deployments.ts';
import { deployModalMachine } from '../deployModal/machine.ts';
import { deploymentsListMachine } from '../deploymentsList/machine.ts';
import { relayEmitted, type RelaySource } from '../relay/relayEmitted.ts';

export interface DeploymentsScreenContext {
  list: ActorRefFrom<typeof deploymentsListMachine>;
  deploy: ActorRefFrom<typeof deployModalMachine>;
  /** The console's commands actor: it tells of the top bar's deploys (absent where the screen stands alone). */
  commands: AnyActorRef | null;
}

export type DeploymentsScreenEvent =
  /** This screen's dialog deployed or rolled back. */
  | { type: 'deploy.done'; deployment: Deployment }
  /** The top bar's dialog deployed (issue 34 item 5), through the console's commands. */
  | { type: 'deployment.added'; deployment: Deployment };

/** The deployments screen: a deploy or rollback made from it, or from the top bar, shows up in its list at once. */
export const deploymentsScreenMachine = setup({
  types: {
    context: {} as DeploymentsScreenContext,
    events: {} as DeploymentsScreenEvent,
    input: {} as { commands?: AnyActorRef | null } | undefined,
  },
  actors: { list: deploymentsListMachine, deploy: deployModalMachine, relay: relayEmitted },
  actions: {
    addToList: sendTo(
      ({ context }) => context.list,
      (_, params: { deployment: Deployment }) => ({ type: 'deployment.added' as const, deployment: params.deployment }),
    ),
  },
}).createMachine({
  id: 'deploymentsScreen',
  description:
    "The deployments screen: its list and deploy dialog charts; a finished deploy or rollback, this dialog's or the top bar's, goes to the top of the list at once.",
  context: ({ spawn, input }) => ({
    list: spawn('list', { id: 'list' }),
    deploy: spawn('deploy', { id: 'deploy' }),
    commands: input?.commands ?? null,
  }),
  initial: 'coordinating',
  states: {
    coordinating: {
      description: 'The screen is open: a finished deploy or rollback is added to the list.',
      invoke: {
        id: 'relay',
        src: 'relay',
        input: ({ context }) => ({
          sources: [
            { from: context.deploy, types: ['deploy.done'] },
            ...(context.commands ? [{ from: context.commands, types: ['deployment.added'] }] : []),
          ] satisfies RelaySource[],
        }),
      },
      on: {
        'deploy.done': { actions: { type: 'addToList', params: ({ event }) => event } },
        'deployment.added': { actions: { type: 'addToList', params: ({ event }) => event } },
      },
    },
  },
});
