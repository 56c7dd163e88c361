// Proves the harness on the toy machine: full coverage with the right view, a thrown error with a broken one.
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { toyMachine } from '../fixtures/toy-machine/machine.ts';
import { ToyView } from '../fixtures/toy-machine/ToyView.tsx';
import {
  createDeferredActor,
  createModelHarness,
  describeModel,
  type ModelExecutors,
  type ModelTestConfig,
  type StateAssertions,
} from './harness.ts';

const fetchGreeting = createDeferredActor<string, { name: string }>({ output: 'Hello, world' });
const machine = toyMachine.provide({ actors: { fetchGreeting: fetchGreeting.logic } });

const executors = {
  'toy.start': ({ user }) => user.click(screen.getByRole('button', { name: 'Start' })),
  'toy.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Retry' })),
  'toy.reset': ({ user }) => user.click(screen.getByRole('button', { name: 'Start over' })),
  'toy.edit': ({ user }) => user.click(screen.getByRole('button', { name: 'Edit' })),
  'toy.save': ({ user }) => user.click(screen.getByRole('button', { name: 'Save' })),
  'toy.cancel': ({ user }) => user.click(screen.getByRole('button', { name: 'Cancel' })),
} satisfies ModelExecutors<typeof machine>;

const states: StateAssertions<typeof machine> = {
  idle: () => expect(screen.getByRole('button', { name: 'Start' })).toBeInTheDocument(),
  loading: () => {
    expect(screen.getByLabelText('Loading greeting')).toBeInTheDocument();
    expect(fetchGreeting.calls.at(-1)).toEqual({ name: 'world' });
  },
  failed: () => expect(screen.getByText('Could not load the greeting')).toBeInTheDocument(),
  gaveUp: () => expect(screen.getByRole('button', { name: 'Start over' })).toBeInTheDocument(),
  ready: (state) => expect(screen.getByTestId('greeting')).toHaveTextContent(state.context.greeting),
  'ready.viewing': () => expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument(),
  'ready.editing': () => expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument(),
  'ready.saved': () => expect(screen.getByText('Saved')).toBeInTheDocument(),
};

const config = (broken: boolean, checkActor = true): ModelTestConfig<typeof machine> => ({
  name: 'toy',
  machine,
  render: (m) => {
    const actor = createActor(m).start();
    render(
      <MantineProvider env="test">
        <ToyView actor={actor} broken={broken} />
      </MantineProvider>,
    );
    return checkActor ? { actor } : undefined;
  },
  executors,
  states,
  invokes: { fetchGreeting },
});

describeModel(config(false));

describe('model harness', () => {
  it('walks every state and transition of the toy machine', async () => {
    const harness = createModelHarness(config(false));
    await harness.runAll();
    const { states: s, transitions: t } = harness.coverage();
    expect([s.covered, s.total, t.covered, t.total]).toEqual([8, 8, 10, 10]);
  });

  it('fails when the view sends the wrong event (actor check)', async () => {
    await expect(createModelHarness(config(true)).runAll()).rejects.toThrow(/the model expects \{"ready":"saved"\}/);
  });

  it('fails when the view shows the wrong thing (assertions only)', async () => {
    await expect(createModelHarness(config(true, false)).runAll()).rejects.toThrow(/Unable to find an element/);
  });

  it('reports a state without assertion and an event without executor', () => {
    const { 'ready.saved': _saved, ...fewerStates } = states;
    const { 'toy.reset': _reset, ...fewerExecutors } = executors;
    const harness = createModelHarness({
      ...config(false),
      states: fewerStates,
      executors: fewerExecutors as typeof executors,
      invokes: {},
    });
    expect(harness.completenessProblems()).toEqual([
      'state "ready.saved" has no assertion',
      'event "toy.reset" has no executor',
      'event "xstate.done.actor.fetchGreeting" has no executor (add a deferred actor to `invokes`)',
      'event "xstate.error.actor.fetchGreeting" has no executor (add a deferred actor to `invokes`)',
    ]);
    expect(() => harness.assertComplete()).toThrow(/toy model is incomplete/);
  });
});
