import type { DoneActorEvent, OutputFrom } from 'xstate';
import { assign, setup } from 'xstate';
import { CANNOT_DOWNLOAD, type UsersLogPage } from '../../api/contract/users-logs.ts';
import { type UsersLogsFilter, usersLogsActors } from './actors.ts';
import type { UsersLogsEvent } from './events.ts';

type Notice = { title: string; message?: string; color: 'red' | 'green' | 'yellow' | 'blue' };

export interface UsersLogsContext {
  filter: UsersLogsFilter;
  /** The page last answered; kept while the next one loads so the table does not flash. */
  data: UsersLogPage | null;
}

export const FIRST_PAGE: UsersLogsFilter = { page: 1, size: 50, user: '', search: '' };

/** The users-log screen (spec 1 §2): a server-side page of the last 2 months, debounced filters, the CSV download. */
export const usersLogsMachine = setup({
  types: { context: {} as UsersLogsContext, events: {} as UsersLogsEvent },
  actors: usersLogsActors,
  actions: {
    notify: (_, _params: Notice) => {},
    /** A failure's one toast, unless the client's table already told the user (an expired session shows the login). */
    notifyFailure: (_, _params: { error: unknown; title: string }) => {},
    rememberFilter: assign({
      filter: ({ context }, event: Extract<UsersLogsEvent, { type: 'logs.filter' }>) => ({
        ...context.filter,
        page: 1,
        user: event.user,
        search: event.search,
      }),
    }),
    storeData: assign({
      data: (_, event: DoneActorEvent<OutputFrom<(typeof usersLogsActors)['loadPage']>>) => event.output,
    }),
    rememberFilterOnLogsPage: assign({
      filter: ({ context }, event: Extract<UsersLogsEvent, { type: 'logs.page' }>) => ({
        ...context.filter,
        page: event.page,
      }),
    }),
    rememberFilterOnLogsSize: assign({
      filter: ({ context }, event: Extract<UsersLogsEvent, { type: 'logs.size' }>) => ({
        ...context.filter,
        page: 1,
        size: event.size,
      }),
    }),
  },
  delays: { filterDebounce: 300 },
}).createMachine({
  id: 'usersLogs',
  description: 'The users-log table with its filters, pages and CSV download.',
  context: { filter: FIRST_PAGE, data: null },
  initial: 'loading',
  on: {
    'logs.filter': {
      target: '.debouncing',
      actions: { type: 'rememberFilter', params: ({ event }) => event },
    },
  },
  states: {
    debouncing: {
      description: 'A filter changed: waiting for typing to pause before asking the server.',
      after: { filterDebounce: 'loading' },
    },
    loading: {
      description: 'A page is being fetched.',
      tags: ['loading'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => context.filter,
        onDone: { target: 'ready', actions: { type: 'storeData', params: ({ event }) => event } },
        onError: 'failed',
      },
    },
    failed: { description: 'The page could not be loaded; a retry asks again.', on: { 'logs.retry': 'loading' } },
    ready: {
      description: 'A page is shown.',
      on: {
        'logs.page': {
          target: 'loading',
          actions: { type: 'rememberFilterOnLogsPage', params: ({ event }) => event },
        },
        'logs.size': {
          target: 'loading',
          actions: { type: 'rememberFilterOnLogsSize', params: ({ event }) => event },
        },
        'logs.download': 'downloading',
      },
    },
    downloading: {
      description: "The CSV of every matching line is being downloaded; a failure says 'Cannot download file!'.",
      tags: ['busy'],
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ context }) => ({ user: context.filter.user, search: context.filter.search }),
        onDone: 'ready',
        onError: {
          target: 'ready',
          actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error, title: CANNOT_DOWNLOAD }) },
        },
      },
    },
  },
});
