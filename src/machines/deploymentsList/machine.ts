import { assign, fromPromise, setup } from 'xstate';
import type { Deployment, DeploymentsFilter } from '../../api/contract/deployments.ts';
import { emptyFilter, type FilterForm, filterQuery } from './filter.ts';

/** The deployments list: filters are applied on the server after a short pause in typing. */
export const deploymentsListMachine = setup({
  types: {
    context: {} as { filter: FilterForm; items: Deployment[]; total: number },
    events: {} as { type: 'filter.change'; patch: Partial<FilterForm> } | { type: 'list.reload' },
  },
  actors: {
    loadDeployments: fromPromise<{ items: Deployment[]; total: number }, DeploymentsFilter>(async () => ({
      items: [],
      total: 0,
    })),
  },
  delays: { filterDebounce: 300 },
}).createMachine({
  id: 'deploymentsList',
  description: 'Deployments screen: the list of deployments, filtered on the server after a pause in typing.',
  context: { filter: emptyFilter, items: [], total: 0 },
  initial: 'loading',
  on: {
    'filter.change': {
      target: '.debouncing',
      actions: assign({ filter: ({ context, event }) => ({ ...context.filter, ...event.patch }) }),
    },
    'list.reload': '.loading',
  },
  states: {
    debouncing: { description: 'A filter changed; wait for typing to pause.', after: { filterDebounce: 'loading' } },
    loading: {
      description: 'GET /deployments with the filters.',
      tags: ['loading'],
      invoke: {
        id: 'loadDeployments',
        src: 'loadDeployments',
        input: ({ context }) => filterQuery(context.filter),
        onDone: {
          target: 'shown',
          actions: assign({ items: ({ event }) => event.output.items, total: ({ event }) => event.output.total }),
        },
        onError: 'failed',
      },
    },
    shown: { description: "The table, or 'No match.'." },
    failed: { description: 'The list could not be loaded.' },
  },
});
