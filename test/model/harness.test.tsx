// Proves the harness on the toy machine: full coverage with the right view, a thrown error with a broken one.
import { render, screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { describe, expect, it } from 'vitest';
import { type ActorRefFrom, assign, createActor, setup } from 'xstate';
import { config, executors, states } from '../fixtures/toy-machine/model.tsx';
import { createModelHarness, describeModel, type ModelTestConfig } from './harness.ts';

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

// A chart with what the toy lacks: a transient state (left in the same macrostep it is entered) and a guarded branch
// whose sample shares its event type, and its resulting projected state, with another sample.
const counterMachine = setup({
  types: {
    context: {} as { count: number; refused: number },
    events: {} as { type: 'counter.add'; n: number } | { type: 'counter.reset' },
  },
  guards: {
    tooBig: ({ event }) => event.type === 'counter.add' && event.n > 5,
    isEven: ({ context }) => context.count % 2 === 0,
  },
}).createMachine({
  id: 'counter',
  context: { count: 0, refused: 0 },
  initial: 'checking',
  on: {
    'counter.add': [
      { guard: 'tooBig', actions: assign({ refused: ({ context }) => context.refused + 1 }) },
      { target: '.checking', actions: assign({ count: ({ context, event }) => context.count + event.n }) },
    ],
    'counter.reset': { target: '.checking', actions: assign({ count: 0 }) },
  },
  states: {
    checking: { always: [{ guard: 'isEven', target: 'even' }, { target: 'odd' }] },
    even: {},
    odd: {},
  },
});

function CounterView({ actor }: { actor: ActorRefFrom<typeof counterMachine> }) {
  const state = useSelector(actor, (s) => s);
  return (
    <>
      <p data-testid="parity">{state.matches('even') ? 'even' : 'odd'}</p>
      <p data-testid="refused">{state.context.refused}</p>
      {[1, 2, 10].map((n) => (
        <button key={n} type="button" onClick={() => actor.send({ type: 'counter.add', n })}>
          Add {n}
        </button>
      ))}
      <button type="button" onClick={() => actor.send({ type: 'counter.reset' })}>
        Reset
      </button>
    </>
  );
}

const counterConfig = (paths?: 'perTransition'): ModelTestConfig<typeof counterMachine> => ({
  name: 'counter',
  machine: counterMachine,
  render: (m) => {
    const actor = createActor(m).start();
    render(<CounterView actor={actor} />);
    return { actor };
  },
  executors: {
    'counter.add': async ({ user, event }) => {
      const refused = () => Number(screen.getByTestId('refused').textContent);
      const before = refused();
      await user.click(screen.getByRole('button', { name: `Add ${event.n}` }));
      expect(refused() - before).toBe(event.n > 5 ? 1 : 0);
    },
    'counter.reset': ({ user }) => user.click(screen.getByRole('button', { name: 'Reset' })),
  },
  states: {
    checking: () => {
      throw new Error('a transient state is never a snapshot');
    },
    even: () => expect(screen.getByTestId('parity')).toHaveTextContent('even'),
    odd: () => expect(screen.getByTestId('parity')).toHaveTextContent('odd'),
  },
  events: [
    { type: 'counter.add', n: 1 },
    { type: 'counter.add', n: 2 },
    { type: 'counter.add', n: 10 },
  ],
  // Parity only: adding 2 and refusing 10 end in the same projected state, from the same state, by the same type.
  serializeContext: (c) => c.count % 2,
  paths,
});

describe('model harness: transient states, samples of one type, one path per transition', () => {
  it('counts the transient state and walks the guarded branch of a sample sharing its type', async () => {
    const harness = createModelHarness(counterConfig());
    const sent = harness.paths.flatMap((p) => p.steps.map((step) => step.event as { type: string; n?: number }));
    expect(sent).toContainEqual({ type: 'counter.add', n: 10 });
    await harness.runAll();
    const { states: s, transitions: t } = harness.coverage();
    expect([s.covered, s.total, s.missing, t.covered, t.total, t.missing]).toEqual([3, 3, [], 5, 5, []]);
  });

  it('perTransition keeps one shortest path per state and transition, and still covers everything', async () => {
    const all = createModelHarness(counterConfig());
    const few = createModelHarness(counterConfig('perTransition'));
    expect(few.paths.length).toBeLessThan(all.paths.length);
    await few.runAll();
    const { states: s, transitions: t } = few.coverage();
    expect([s.covered, t.covered]).toEqual([3, 5]);
  });
});
