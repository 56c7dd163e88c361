import { fromPromise } from 'xstate';
import { executeTest } from '../../api/tests.ts';
import { testRunMachine } from './machine.ts';
import { showNotice } from '../../console/notices.ts';

/** A test's run with the real GET /run/test/{id}; per-test notices unless Run all asked for quiet. */
export const providedTestRunMachine = testRunMachine.provide({
  actors: { runTest: fromPromise(({ input }) => executeTest(input.testId)) },
  actions: {
    notify: (_, { quiet, ...notice }) => {
      if (!quiet) showNotice(notice);
    },
  },
});
