import { fromPromise } from 'xstate';
import type { TestRunResult } from '../../api/contract/tests.ts';

/** Placeholders; the chart's provide.ts gives the real GET /run/test/{id}, tests give deferred fakes. */
export const testRunActors = {
  runTest: fromPromise<TestRunResult, { testId: number }>(async () => {
    throw new Error('runTest not provided');
  }),
};
