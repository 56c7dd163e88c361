import { assign, fromPromise, setup } from 'xstate';
import { CANNOT_DOWNLOAD, type UsersLogPage } from '../../api/contract/users-logs.ts';

export interface UsersLogsFilter {
  page: number;
  size: number;
  user: string;
  search: string;
}

export type UsersLogsEvent =
  | { type: 'logs.page'; page: number }
  | { type: 'logs.size'; size: number }
  | { type: 'logs.filter'; user: string; search: string }
  | { type: 'logs.download' }
  | { type: 'logs.retry' };

type Notice = { title: string; message?: string; color: 'red' | 'green' | 'yellow' | 'blue' };

/** The users-log screen: a server-side page of the last 2 months, filters (debounced) and the CSV download. */
export const usersLogsMachine = setup({
  types: { context: {} as { filter: UsersLogsFilter; data: UsersLogPage | null }, events: {} as UsersLogsEvent },
  actors: {
    loadPage: fromPromise<UsersLogPage, UsersLogsFilter>(async () => {
      throw new Error('loadPage not provided');
    }),
    download: fromPromise<void, Pick<UsersLogsFilter, 'user' | 'search'>>(async () => {
      throw new Error('download not provided');
    }),
  },
  actions: { notify: (_, _params: Notice) => {} },
  delays: { filterDebounce: 300 },
}).createMachine({
  id: 'usersLogs',
  context: { filter: { page: 1, size: 50, user: '', search: '' }, data: null },
  initial: 'loading',
  on: {
    'logs.filter': {
      target: '.debouncing',
      actions: assign({
        filter: ({ context, event }) => ({ ...context.filter, page: 1, user: event.user, search: event.search }),
      }),
    },
  },
  states: {
    debouncing: {
      description: 'Waiting for typing to pause before asking the server.',
      after: { filterDebounce: 'loading' },
    },
    loading: {
      description: 'A page is being fetched.',
      tags: ['loading'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => context.filter,
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    failed: { description: 'The page could not be loaded.', on: { 'logs.retry': 'loading' } },
    ready: {
      description: 'A page is shown.',
      on: {
        'logs.page': {
          target: 'loading',
          actions: assign({ filter: ({ context, event }) => ({ ...context.filter, page: event.page }) }),
        },
        'logs.size': {
          target: 'loading',
          actions: assign({ filter: ({ context, event }) => ({ ...context.filter, page: 1, size: event.size }) }),
        },
        'logs.download': 'downloading',
      },
    },
    downloading: {
      description: 'The CSV of every matching line is being downloaded.',
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ context }) => ({ user: context.filter.user, search: context.filter.search }),
        onDone: 'ready',
        onError: { target: 'ready', actions: { type: 'notify', params: { title: CANNOT_DOWNLOAD, color: 'red' } } },
      },
    },
  },
});
