import { type ActorRefFrom, sendTo, setup } from 'xstate';
import { deployModalMachine } from '../deployModal/machine.ts';
import { deploymentsListMachine } from '../deploymentsList/machine.ts';
import { relayEmitted } from '../relay/relayEmitted.ts';

export interface DeploymentsScreenContext {
  list: ActorRefFrom<typeof deploymentsListMachine>;
  deploy: ActorRefFrom<typeof deployModalMachine>;
}

/** The deployments screen: a deploy or rollback made from it shows up in its list at once. */
export const deploymentsScreenMachine = setup({
  types: { context: {} as DeploymentsScreenContext, events: {} as { type: 'deploy.done' } },
  actors: { list: deploymentsListMachine, deploy: deployModalMachine, relay: relayEmitted },
}).createMachine({
  id: 'deploymentsScreen',
  description:
    'The deployments screen: its list and deploy dialog charts; a finished deploy or rollback reloads the list.',
  context: ({ spawn }) => ({
    list: spawn('list', { id: 'list' }),
    deploy: spawn('deploy', { id: 'deploy' }),
  }),
  initial: 'coordinating',
  states: {
    coordinating: {
      description: 'The screen is open: a finished deploy or rollback reloads the list.',
      invoke: {
        id: 'relay',
        src: 'relay',
        input: ({ context }) => ({ sources: [{ from: context.deploy, types: ['deploy.done'] }] }),
      },
      on: { 'deploy.done': { actions: sendTo(({ context }) => context.list, { type: 'list.reload' }) } },
    },
  },
});
