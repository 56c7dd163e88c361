import { assign, fromPromise, setup } from 'xstate';
import type { Deployment, DeploymentsFilter } from '../../api/contract/deployments.ts';

/** The filter form as typed: dates as YYYY-MM-DD (the server gets unix seconds of the day's start). */
export interface FilterForm {
  versionFrom: string;
  versionTo: string;
  createdFrom: string;
  createdTo: string;
  user: string;
  env: 'dev' | 'prod';
}

export const emptyFilter: FilterForm = {
  versionFrom: '',
  versionTo: '',
  createdFrom: '',
  createdTo: '',
  user: '',
  env: 'prod',
};

const daySeconds = (date: string): number | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(ms) ? ms / 1000 : undefined;
};
const whole = (text: string): number | undefined => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined);

/** The query of the form (spec 2 §5: the server adds the whole 'to' day). */
export function filterQuery(form: FilterForm): DeploymentsFilter {
  return {
    version_from: whole(form.versionFrom),
    version_to: whole(form.versionTo),
    created_from: daySeconds(form.createdFrom),
    created_to: daySeconds(form.createdTo),
    user: form.user.trim() || undefined,
    project_env: form.env,
  };
}

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
