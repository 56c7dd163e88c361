import { assign, fromPromise, setup } from 'xstate';
import type { Deployment, DeploymentsFilter } from '../../api/contract/deployments.ts';
import { emptyFilter, type FilterForm, filterQuery } from './filter.ts';
import { withAdded, withDeployment } from './added.ts';

export interface DeploymentsListContext {
  filter: FilterForm;
  items: Deployment[];
  total: number;
  /**
   * Deployments made while the list is open (issue 34): shown at the top at once, whatever the filters, until
   * the filters change.
   */
  added: Deployment[];
}

export type DeploymentsListEvent =
  | { type: 'filter.change'; patch: Partial<FilterForm> }
  | { type: 'list.reload' }
  /** A deploy or rollback finished (this screen's dialog or the top bar's): its record, as the server answered. */
  | { type: 'deployment.added'; deployment: Deployment };

/**
 * The deployments list: filters are applied on the server after a short pause in typing. A new deployment goes
 * to the top at once (spec 1 §3: "added to the top of the list"), the environment filter follows it, and the
 * list reloads so that the live markers are the server's.
 */
export const deploymentsListMachine = setup({
  types: {
    context: {} as DeploymentsListContext,
    events: {} as DeploymentsListEvent,
  },
  actors: {
    loadDeployments: fromPromise<{ items: Deployment[]; total: number }, DeploymentsFilter>(async () => ({
      items: [],
      total: 0,
    })),
  },
  actions: {
    changeFilter: assign({
      filter: ({ context }, event: Extract<DeploymentsListEvent, { type: 'filter.change' }>) => ({
        ...context.filter,
        ...event.patch,
      }),
      added: [],
    }),
    addDeployment: assign(({ context }, event: Extract<DeploymentsListEvent, { type: 'deployment.added' }>) =>
      withDeployment(context, event.deployment),
    ),
    storeDeployments: assign(({ context }, output: { items: Deployment[]; total: number }) =>
      withAdded(context.added, output),
    ),
  },
  delays: { filterDebounce: 300 },
}).createMachine({
  id: 'deploymentsList',
  description: 'Deployments screen: the list of deployments, filtered on the server after a pause in typing.',
  context: { filter: emptyFilter, items: [], total: 0, added: [] },
  initial: 'loading',
  on: {
    'filter.change': {
      target: '.debouncing',
      actions: { type: 'changeFilter', params: ({ event }) => event },
    },
    'list.reload': '.loading',
    'deployment.added': {
      target: '.loading',
      reenter: true,
      actions: { type: 'addDeployment', params: ({ event }) => event },
    },
  },
  states: {
    debouncing: { description: 'A filter changed; wait for typing to pause.', after: { filterDebounce: 'loading' } },
    loading: {
      description: 'GET /deployments with the filters; what is listed stays on screen meanwhile.',
      tags: ['loading'],
      invoke: {
        id: 'loadDeployments',
        src: 'loadDeployments',
        input: ({ context }) => filterQuery(context.filter),
        onDone: {
          target: 'shown',
          actions: { type: 'storeDeployments', params: ({ event }) => event.output },
        },
        onError: 'failed',
      },
    },
    shown: { description: "The table, or 'No match.'." },
    failed: { description: 'The list could not be loaded.' },
  },
});
