import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import type { StartupSummary } from '../../src/machines/startup/actors.ts';
import { startupMachine } from '../../src/machines/startup/machine.ts';
import { StartupStatus } from '../../src/ui/shell/StartupStatus.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';

const summary: StartupSummary = {
  loaded: ['getIntents', 'getReactions', 'getSettings'],
  skipped: ['getUsers'],
  failed: [],
  chatOnly: true,
};
const loadStartup = createDeferredActor<StartupSummary, { projectId: number }>({
  output: summary,
  error: new Error('offline'),
});
const machine = startupMachine.provide({ actors: { loadStartup: loadStartup.logic } });
let actor: ReturnType<typeof createActor<typeof machine>> | undefined;

const executors = {
  'startup.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Load the project again' })),
  // Sent by the settings screen when a load or save shows another "Chat only" (test/e2e/outbound.test.ts).
  'startup.channel': ({ event }) => {
    actor?.send(event);
  },
} satisfies ModelExecutors<typeof machine>;

const states: StateAssertions<typeof machine> = {
  loading: () => {
    expect(screen.getByLabelText('Loading the project')).toBeInTheDocument();
    // The loads are for the project the chart was started with.
    expect(loadStartup.calls.at(-1)).toEqual({ projectId: 3 });
  },
  ready: (state) => {
    expect(screen.queryByLabelText('Loading the project')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load the project again' })).not.toBeInTheDocument();
    expect(state.context.summary).toEqual(summary);
  },
  failed: () => {
    expect(screen.queryByLabelText('Loading the project')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load the project again' })).toBeInTheDocument();
  },
};

describeModel({
  name: 'startup',
  machine,
  input: { projectId: 3 },
  render: (m) => {
    actor = createActor(m, { input: { projectId: 3 } }).start();
    render(
      <MantineProvider env="test">
        <StartupStatus actor={actor} />
      </MantineProvider>,
    );
    return { actor };
  },
  executors,
  states,
  invokes: { loadStartup },
  events: [{ type: 'startup.channel', chatOnly: false }],
});
