import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Deployment, DeploymentsFilter } from '../../src/api/contract/deployments.ts';
import { NO_MATCH } from '../../src/api/contract/deployments.ts';
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
  },
];

const loadDeployments = createDeferredActor<{ items: Deployment[]; total: number }, DeploymentsFilter>({
  output: { items: deployments, total: 1 },
  error: new Error('offline'),
});
const machine = deploymentsListMachine.provide({ actors: { loadDeployments: loadDeployments.logic } });

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
} satisfies ModelExecutors<typeof machine>;

const states: StateAssertions<typeof machine> = {
  loading: (state) => {
    expect(screen.getByLabelText('Loading deployments')).toBeInTheDocument();
    expect(loadDeployments.calls.at(-1)).toEqual(filterQuery(state.context.filter));
    expect(screen.queryByText(DEPLOYMENTS_LOAD_FAILED)).not.toBeInTheDocument();
  },
  debouncing: (state) => {
    // Nothing is asked before typing pauses.
    expect(userFilter().value).toBe(state.context.filter.user);
    expect(screen.queryByLabelText('Loading deployments')).not.toBeInTheDocument();
  },
  shown: () => {
    const table = screen.getByRole('table', { name: 'Deployments' });
    const row = within(table).getByRole('row', { name: 'Deployment 12' });
    expect(row).toHaveTextContent('Ada Lovelace');
    expect(row).toHaveTextContent('Opening hours');
    expect(within(row).getByRole('button', { name: 'Rollback' })).toBeInTheDocument();
    expect(screen.queryByText(NO_MATCH)).not.toBeInTheDocument();
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
  ],
  serializeContext: (c) => ({ user: c.filter.user, loaded: c.items.length > 0 }),
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
