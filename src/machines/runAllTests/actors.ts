import { fromPromise, sendParent } from 'xstate';
import type { Test, TestBody } from '../../api/contract/tests.ts';
import type { TestVocabulary } from '../../api/contract/tests.ts';
import { testRunMachine } from '../testRun/machine.ts';

export interface TestsLoad {
  tests: Test[];
  vocabulary: TestVocabulary;
}

/** A test's run machine that tells Run all when it starts and settles. */
export const childTestRun = (logic: typeof testRunMachine) =>
  logic.provide({
    actions: {
      reportStarted: sendParent((_, params: { testId: number }) => ({
        type: 'test.started' as const,
        testId: params.testId,
      })),
      reportSettled: sendParent((_, params: { testId: number; state: string }) => ({
        type: 'test.settled' as const,
        testId: params.testId,
        state: params.state,
      })),
    },
  });

/** Placeholders; the chart's provide.ts gives the real calls, tests give deferred fakes. */
export const runAllTestsActors = {
  loadTests: fromPromise<TestsLoad>(async () => {
    throw new Error('loadTests not provided');
  }),
  saveTest: fromPromise<{ id: number }, { id: number | null; body: TestBody }>(async () => {
    throw new Error('saveTest not provided');
  }),
  removeTest: fromPromise<unknown, { id: number }>(async () => {
    throw new Error('removeTest not provided');
  }),
  testRun: childTestRun(testRunMachine),
};
