import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ActorRefFrom, createActor } from 'xstate';
import type { Deployment, DeploymentsFilter } from '../../src/api/contract/deployments.ts';
import { LIVE_LABEL, NO_MATCH, versionTime } from '../../src/api/contract/deployments.ts';
import { deployModalMachine } from '../../src/machines/deployModal/machine.ts';
import { filterQuery } from '../../src/machines/deploymentsList/filter.ts';
import { deploymentsListMachine } from '../../src/machines/deploymentsList/machine.ts';
import { DEPLOYMENTS_LOAD_FAILED, DeploymentsView } from '../../src/screens/deployments/DeploymentsView.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';

const deployments: Deployment[] = [
  {
    id: 12,
    version: 1_763_800_000,
    created: '2026-11-22T10:00:00.000Z',
    users_id: 1,
    user_name: 'Ada Lovelace',
    project_env: 'prod',
    note: 'Opening hours',
    rollback_of: null,
    live: true,
  },
  {
    id: 11,
    version: 1_763_700_000,
    created: '2026-11-21T10:00:00.000Z',
    users_id: 1,
    user_name: 'Ada Lovelace',
    project_env: 'prod',
    note: 'First release',
    rollback_of: null,
    live: false,
  },
];
/** A testing deploy made while the list is open (from its dialog or the top bar). */
const NEW_TESTING: Deployment = {
  id: 13,
  version: 1_763_900_000,
  created: '2026-11-23T10:00:00.000Z',
  users_id: 2,
  user_name: 'QA',
  project_env: 'dev',
  note: 'For QA',
  rollback_of: null,
  live: true,
};

const loadDeployments = createDeferredActor<{ items: Deployment[]; total: number }, DeploymentsFilter>({
  output: { items: deployments, total: 2 },
  error: new Error('offline'),
});
const machine = deploymentsListMachine.provide({ actors: { loadDeployments: loadDeployments.logic } });
/** The list actor of the path being walked (an event from outside the view is sent to it directly). */
let current: ActorRefFrom<typeof machine> | null = null;

const userFilter = () => screen.getByLabelText('By user') as HTMLInputElement;

const executors = {
  'filter.change': ({ event }) => {
    const text = event.patch.user ?? '';
    // Typing always changes the text: the last keystroke leaves the event's filter.
    if (userFilter().value === text) fireEvent.change(userFilter(), { target: { value: `${text}?` } });
    fireEvent.change(userFilter(), { target: { value: text } });
  },
  // The header's reload button; in the failed state the alert's Retry does the same (checked there).
  'list.reload': ({ user }) => user.click(screen.getByRole('button', { name: 'Reload deployments' })),
  // The screen's chart relays a finished deploy (its dialog's or the top bar's).
  'deployment.added': ({ event }) => act(() => current?.send(event)),
} satisfies ModelExecutors<typeof machine>;

const states: StateAssertions<typeof machine> = {
  loading: (state) => {
    expect(screen.getByLabelText('Loading deployments')).toBeInTheDocument();
    // A new deployment is on top at once, before the server answers, whatever the filters.
    if (state.context.added.length > 0) {
      const rows = within(screen.getByRole('table', { name: 'Deployments' })).getAllByRole('row');
      expect(rows[1]).toHaveAccessibleName(`Deployment ${NEW_TESTING.id}`);
      // Live until the server's page says another row is (as this fake's production page does).
      if (state.context.items[0].live) expect(rows[1]).toHaveTextContent(LIVE_LABEL);
      else expect(rows[1]).not.toHaveTextContent(LIVE_LABEL);
    }
    expect(loadDeployments.calls.at(-1)).toEqual(filterQuery(state.context.filter));
    expect(screen.queryByText(DEPLOYMENTS_LOAD_FAILED)).not.toBeInTheDocument();
  },
  debouncing: (state) => {
    // Nothing is asked before typing pauses.
    expect(userFilter().value).toBe(state.context.filter.user);
    expect(screen.queryByLabelText('Loading deployments')).not.toBeInTheDocument();
  },
  shown: (state) => {
    const table = screen.getByRole('table', { name: 'Deployments' });
    const row = within(table).getByRole('row', { name: 'Deployment 12' });
    expect(row).toHaveTextContent('Ada Lovelace');
    expect(row).toHaveTextContent('Opening hours');
    // The version as a date and time, its unix seconds in the title.
    expect(within(row).getByTitle('1763800000')).toHaveTextContent(versionTime(1_763_800_000));
    expect(screen.queryByText(NO_MATCH)).not.toBeInTheDocument();
    const older = within(table).getByRole('row', { name: 'Deployment 11' });
    expect(older).not.toHaveTextContent(LIVE_LABEL);
    expect(within(older).getByRole('button', { name: 'Rollback' })).toBeInTheDocument();
    if (state.context.added.length === 0) {
      // The live production deployment is marked and offers no rollback; an older one does.
      expect(row).toHaveTextContent(LIVE_LABEL);
      expect(within(row).queryByRole('button', { name: 'Rollback' })).toBeNull();
    } else {
      // The fake server answers production rows whatever the filter: the new testing row stays on top, not live
      // beside the server's live row.
      expect(within(table).getAllByRole('row')[1]).toHaveAccessibleName(`Deployment ${NEW_TESTING.id}`);
      expect(state.context.filter.env).toBe('dev');
    }
  },
  failed: () => {
    expect(screen.getByText(DEPLOYMENTS_LOAD_FAILED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading deployments')).not.toBeInTheDocument();
  },
};

describeModel({
  name: 'deploymentsList',
  machine,
  render: (m) => {
    const list = createActor(m).start();
    current = list;
    const deploy = createActor(deployModalMachine).start();
    render(
      <MantineProvider env="test">
        <DeploymentsView list={list} deploy={deploy} canDev canProd />
      </MantineProvider>,
    );
    return { actor: list };
  },
  executors,
  states,
  invokes: { loadDeployments },
  events: [
    { type: 'filter.change', patch: { user: 'ada' } },
    { type: 'filter.change', patch: { user: '' } },
    { type: 'deployment.added', deployment: NEW_TESTING },
  ],
  serializeContext: (c) => ({ user: c.filter.user, loaded: c.items.length > 0, added: c.added.length }),
});

describe('deployments list details', () => {
  it("the failure's Retry asks the server again", async () => {
    const list = createActor(machine).start();
    const deploy = createActor(deployModalMachine).start();
    render(
      <MantineProvider env="test">
        <DeploymentsView list={list} deploy={deploy} canDev canProd />
      </MantineProvider>,
    );
    await act(async () => loadDeployments.reject());
    expect(screen.getByText(DEPLOYMENTS_LOAD_FAILED)).toBeInTheDocument();
    const calls = loadDeployments.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(loadDeployments.calls.length).toBe(calls + 1);
    expect(list.getSnapshot().matches('loading')).toBe(true);
    list.stop();
    deploy.stop();
  });
});
