import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { CANNOT_DOWNLOAD, type UsersLogPage } from '../../src/api/contract/users-logs.ts';
import type { UsersLogsFilter } from '../../src/machines/usersLogs/actors.ts';
import { usersLogsMachine } from '../../src/machines/usersLogs/machine.ts';
import { UsersLogsView } from '../../src/screens/usersLogs/UsersLogsView.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';
import { renderActorView } from './renderActorView.tsx';

const page: UsersLogPage = {
  items: [
    {
      id: 41,
      user_id: 7,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      action: 'Updated settings',
      created_at: '2026-01-02T10:00:00.000Z',
    },
    {
      id: 40,
      user_id: null,
      name: null,
      email: null,
      action: 'Failed login for x@example.com',
      created_at: '2026-01-01T09:00:00.000Z',
    },
  ],
  total: 120,
  page: 1,
  size: 50,
};

const loadPage = createDeferredActor<UsersLogPage, UsersLogsFilter>({ output: page, error: new Error('offline') });
const download = createDeferredActor<void, { user: string; search: string }>({
  output: undefined,
  error: new Error('500'),
});
const notices: string[] = [];
const machine = usersLogsMachine.provide({
  actors: { loadPage: loadPage.logic, download: download.logic },
  actions: {
    notify: (_, params) => notices.push(params.title),
    notifyFailure: (_, params) => notices.push(params.title),
  },
});

const userFilter = () => screen.getByLabelText('Filter by user') as HTMLInputElement;
const downloadButton = () => screen.getByRole('button', { name: 'Download CSV' });

const executors = {
  'logs.page': async ({ event, user }) => {
    await user.click(screen.getByRole('button', { name: String(event.page) }));
  },
  'logs.size': async ({ event, user }) => {
    await user.click(screen.getByLabelText('Lines per page', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: String(event.size) }));
  },
  'logs.filter': async ({ event }) => {
    // Typing always changes the text: the last keystroke leaves the event's filter.
    if (userFilter().value === event.user) fireEvent.change(userFilter(), { target: { value: `${event.user}?` } });
    fireEvent.change(userFilter(), { target: { value: event.user } });
  },
  'logs.download': ({ user }) => user.click(downloadButton()),
  'logs.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Retry' })),
} satisfies ModelExecutors<typeof machine>;

const states: StateAssertions<typeof machine> = {
  loading: (state) => {
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    expect(loadPage.calls.at(-1)).toEqual(state.context.filter);
    expect(downloadButton()).toBeDisabled();
  },
  debouncing: (state) => {
    // Nothing is asked before typing pauses.
    expect(screen.queryByLabelText('Loading')).not.toBeInTheDocument();
    expect(userFilter().value).toBe(state.context.filter.user);
    expect(state.context.filter.page).toBe(1);
  },
  failed: () => {
    expect(screen.getByText('Cannot load the users log.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  },
  ready: (state) => {
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ID', 'User', 'Action', 'Logged at']);
    expect(within(table).getByRole('row', { name: /41 Ada Lovelace/ })).toHaveTextContent('Updated settings');
    expect(screen.getByText('120 lines')).toBeInTheDocument();
    const pages = Math.ceil(120 / state.context.filter.size);
    expect(screen.getByRole('button', { name: String(pages) })).toBeInTheDocument();
    expect(downloadButton()).toBeEnabled();
    if (download.calls.length > 0 && notices.length > 0) expect(notices.at(-1)).toBe(CANNOT_DOWNLOAD);
  },
  downloading: (state) => {
    expect(downloadButton()).toHaveAttribute('data-loading');
    expect(download.calls.at(-1)).toEqual({ user: state.context.filter.user, search: state.context.filter.search });
  },
};

describeModel({
  name: 'usersLogs',
  machine,
  render: (m) => {
    notices.length = 0;
    return renderActorView(m, UsersLogsView);
  },
  executors,
  states,
  invokes: { loadPage, download },
  events: [
    { type: 'logs.page', page: 2 },
    { type: 'logs.size', size: 100 },
    { type: 'logs.filter', user: 'ada', search: '' },
  ],
  // The page and size matter to the view, the typed text only as 'some filter'.
  serializeContext: (c) => ({
    page: c.filter.page,
    size: c.filter.size,
    filtered: c.filter.user !== '',
    loaded: !!c.data,
  }),
});
