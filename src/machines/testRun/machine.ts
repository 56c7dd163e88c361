import type { DoneActorEvent, ErrorActorEvent, OutputFrom } from 'xstate';
import { assign, setup } from 'xstate';
import { failureReason, type Notice, toldByClient } from '../../api/contract/notice.ts';
import { TEST_OK, type TestRunResult } from '../../api/contract/tests.ts';
import { testRunActors } from './actors.ts';
import type { TestRunEvent, TestRunState } from './events.ts';

export interface TestRunContext {
  testId: number;
  name: string;
  result: TestRunResult | null;
  /** Why the run itself failed (the call), as opposed to a red result. */
  error: string | null;
  quiet: boolean;
}

export const testPassed = (name: string) => `Test ${name} passed`;
export const testFailed = (name: string) => `Test ${name} failed`;
/** Ours: a run the server refused without a reason for a person (a 500). */
export const RUN_FAILED = 'The test could not run.';

/** Why the run failed: the server's words for a person, else ours. */
const runErrorOf = (error: unknown): string => failureReason(error) || RUN_FAILED;

/**
 * One test's run (spec 1 §4 "Test"): unknown until run; run makes it pending, then ok or error according to
 * the returned result. The parent (Run all) hears of every start and end through `reportStarted`/`reportSettled`.
 */
export const testRunMachine = setup({
  types: {
    context: {} as TestRunContext,
    events: {} as TestRunEvent,
    input: {} as { testId: number; name: string },
  },
  actors: testRunActors,
  guards: {
    passed: (_, params: { result: TestRunResult }) => params.result.result === TEST_OK,
    /** The client's table already told (an expired session shows the login, no response its toast). */
    toldByClient: (_, params: { error: unknown }) => toldByClient(params.error),
  },
  actions: {
    /** `quiet`: Run all tells the totals instead. */
    notify: (_, _params: Notice & { quiet: boolean }) => {},
    reportStarted: (_, _params: { testId: number }) => {},
    reportSettled: (_, _params: { testId: number; state: TestRunState }) => {},
    rememberQuiet: assign({
      quiet: (_, event: Extract<TestRunEvent, { type: 'test.run' }>) => event.quiet ?? false,
      error: null,
    }),
    storeResult: assign({
      result: (_, event: DoneActorEvent<OutputFrom<(typeof testRunActors)['runTest']>>) => event.output,
    }),
    rememberError: assign({
      result: null,
      error: (_, event: ErrorActorEvent) => runErrorOf(event.error),
    }),
  },
}).createMachine({
  id: 'testRun',
  description: 'One regression test run on the tests screen: its result, or why the run failed.',
  context: ({ input }) => ({ testId: input.testId, name: input.name, result: null, error: null, quiet: false }),
  initial: 'unknown',
  on: {
    'test.run': {
      target: '.pending',
      actions: [
        { type: 'rememberQuiet', params: ({ event }) => event },
        { type: 'reportStarted', params: ({ context }) => ({ testId: context.testId }) },
      ],
    },
  },
  states: {
    unknown: { description: "Not run yet (Didn't Run)." },
    pending: {
      description: 'GET /run/test/{id} runs the steps on the working draft.',
      tags: ['loading'],
      on: { 'test.run': {} },
      invoke: {
        id: 'runTest',
        src: 'runTest',
        input: ({ context }) => ({ testId: context.testId }),
        onDone: [
          {
            guard: { type: 'passed', params: ({ event }) => ({ result: event.output }) },
            target: 'ok',
            actions: [
              { type: 'storeResult', params: ({ event }) => event },
              { type: 'reportSettled', params: ({ context }) => ({ testId: context.testId, state: 'ok' as const }) },
              {
                type: 'notify',
                params: ({ context }) => ({
                  title: testPassed(context.name),
                  color: 'green' as const,
                  quiet: context.quiet,
                }),
              },
            ],
          },
          {
            target: 'error',
            actions: [
              { type: 'storeResult', params: ({ event }) => event },
              { type: 'reportSettled', params: ({ context }) => ({ testId: context.testId, state: 'error' as const }) },
              {
                type: 'notify',
                params: ({ context, event }) => ({
                  title: testFailed(context.name),
                  message: event.output.result,
                  color: 'red' as const,
                  quiet: context.quiet,
                }),
              },
            ],
          },
        ],
        onError: [
          {
            // One message per failure: the table's (or the login) is it.
            guard: { type: 'toldByClient', params: ({ event }) => ({ error: event.error }) },
            target: 'error',
            actions: [
              { type: 'rememberError', params: ({ event }) => event },
              { type: 'reportSettled', params: ({ context }) => ({ testId: context.testId, state: 'error' as const }) },
            ],
          },
          {
            target: 'error',
            actions: [
              { type: 'rememberError', params: ({ event }) => event },
              { type: 'reportSettled', params: ({ context }) => ({ testId: context.testId, state: 'error' as const }) },
              {
                type: 'notify',
                params: ({ context }) => ({
                  title: testFailed(context.name),
                  message: context.error ?? '',
                  color: 'red' as const,
                  quiet: context.quiet,
                }),
              },
            ],
          },
        ],
      },
    },
    ok: { description: 'The last run passed every step.' },
    error: { description: 'The last run failed (its output opens) or could not run.' },
  },
});

/** The state as the card's dot shows it. */
export const runStateOf = (snapshot: { value: unknown }): TestRunState => snapshot.value as TestRunState;
