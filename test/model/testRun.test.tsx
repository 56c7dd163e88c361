// Model-based test of a test's run: xstate/graph walks the testRun chart; each path drives its status dot and output.
import { Button, MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { expect } from 'vitest';
import { type ActorRefFrom, createActor } from 'xstate';
import { ApiError } from '../../src/api/client.ts';
import type { TestRunResult } from '../../src/api/contract/tests.ts';
import { testFailed, testPassed, testRunMachine } from '../../src/machines/testRun/machine.ts';
import { TestOutput } from '../../src/screens/tests/TestOutput.tsx';
import { TestStatusDot } from '../../src/screens/tests/TestStatusDot.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';

const NAME = 'order_pizza';
const passed: TestRunResult = {
  result: 'ok',
  tracker: [
    {
      type: 'utter',
      value: 'I want to order a pizza',
      args: { who: 'user', intent: 'order', confidence: 0.93 },
      timestamp: 1,
    },
    { type: 'reaction', value: 'order', args: { id: 3 }, timestamp: 2 },
    { type: 'utter', value: 'Great! When should we deliver it?', args: { who: 'bot' }, timestamp: 3 },
    { type: 'log', value: 'Stored the answer', args: {}, level: 10, timestamp: 4 },
  ],
  steps: [],
  failed_step: null,
  duration_ms: 3,
};
const FAILURE = 'Step 1 ("I want to order a pizza"): expected reaction order, but ran fallback';
const failedRun: TestRunResult = { ...passed, result: FAILURE, failed_step: 0 };

// A run that could not run, as the client throws it with ownsFailure (the test's one toast, with the server's words),
// and a lost session the client's table told (the login shows): no toast of the test's then.
const NOT_RUN = 'Test 5 has no steps.';
const REFUSED = new ApiError('runTest', 400, { message: NOT_RUN }, false);
const SESSION_LOST = new ApiError('runTest', 401, { message: 'Not logged in.' }, true);
const runTest = createDeferredActor<TestRunResult, { testId: number }>({
  output: passed,
  error: REFUSED,
});
const notices: { title: string; message?: string; quiet: boolean }[] = [];
const reports: string[] = [];
const machine = testRunMachine.provide({
  actors: { runTest: runTest.logic },
  actions: {
    notify: (_, params) => notices.push(params),
    reportStarted: () => reports.push('started'),
    reportSettled: (_, params) => reports.push(params.state),
  },
});

function RunView({ actor }: { actor: ActorRefFrom<typeof machine> }) {
  const state = useSelector(actor, (s) => s);
  return (
    <MantineProvider env="test">
      <TestStatusDot state={state.value as 'unknown'} />
      <Button onClick={() => actor.send({ type: 'test.run' })} loading={state.hasTag('loading')}>
        Run
      </Button>
      <TestOutput
        tracker={state.context.result?.tracker ?? []}
        result={state.context.result?.result ?? state.context.error}
      />
    </MantineProvider>
  );
}

const executors = {
  'test.run': ({ user }) => user.click(screen.getByRole('button', { name: 'Run' })),
} satisfies ModelExecutors<typeof machine>;

const states: StateAssertions<typeof machine> = {
  unknown: () => {
    expect(screen.getByLabelText("Status Didn't run")).toBeInTheDocument();
    expect(screen.getByText('Run the test to see its conversation.')).toBeInTheDocument();
  },
  pending: () => {
    expect(screen.getByLabelText('Status Pending')).toBeInTheDocument();
    expect(runTest.calls.at(-1)).toEqual({ testId: 5 });
    expect(reports.at(-1)).toBe('started');
  },
  ok: () => {
    expect(screen.getByLabelText('Status Ok')).toBeInTheDocument();
    expect(screen.getByTestId('test-result')).toHaveTextContent('Passed');
    expect(screen.getByText('Great! When should we deliver it?')).toBeInTheDocument();
    // The log level selector defaults to fine: fine logs show.
    expect(screen.getByText('[fine] Stored the answer')).toBeInTheDocument();
    expect(notices.at(-1)).toEqual({ title: testPassed(NAME), color: 'green', quiet: false });
    expect(reports.at(-1)).toBe('ok');
  },
  error: (state) => {
    expect(screen.getByLabelText('Status Failed')).toBeInTheDocument();
    if (state.context.result) expect(notices.at(-1)?.title).toBe(testFailed(NAME));
    expect(reports.at(-1)).toBe('error');
    const expected = state.context.result ? FAILURE : (state.context.error ?? '');
    expect(screen.getByTestId('test-result')).toHaveTextContent(expected);
  },
};

describeModel({
  name: 'testRun',
  machine,
  input: { testId: 5, name: NAME },
  render: (m) => {
    notices.length = 0;
    reports.length = 0;
    const actor = createActor(m, { input: { testId: 5, name: NAME } }).start();
    render(<RunView actor={actor} />);
    return { actor };
  },
  executors,
  states,
  invokes: { runTest },
  internalExecutors: {
    // One message per failure: 'Test … failed' with the server's reason, or nothing where the client's table told.
    'xstate.error.actor.runTest': async ({ event }) => {
      const { error } = event as unknown as { error: ApiError };
      const before = notices.length;
      await act(async () => runTest.reject(error));
      expect(notices.slice(before)).toEqual(
        error.notified ? [] : [{ title: testFailed(NAME), message: NOT_RUN, color: 'red', quiet: false }],
      );
    },
  },
  events: [
    { type: 'xstate.error.actor.runTest', error: REFUSED } as never,
    { type: 'xstate.error.actor.runTest', error: SESSION_LOST } as never,
    { type: 'xstate.done.actor.runTest', output: passed } as never,
    { type: 'xstate.done.actor.runTest', output: failedRun } as never,
  ],
  serializeContext: (c) => ({ result: c.result?.result ?? null, error: c.error }),
});
