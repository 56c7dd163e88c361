import { fromPromise } from 'xstate';
import { loadTests, insertTest, removeTest, getTestVocabulary, updateTest } from '../../api/tests.ts';
import { childTestRun, type TestsLoad } from './actors.ts';
import { runAllTestsMachine } from './machine.ts';
import { showNotice, notifyFailure } from '../../console/notices.ts';
import { providedTestRunMachine } from '../testRun/provide.ts';

/** The tests screen with the real calls. */
export const providedRunAllTestsMachine = runAllTestsMachine.provide({
  actors: {
    loadTests: fromPromise<TestsLoad>(async () => {
      const [tests, vocabulary] = await Promise.all([loadTests(), getTestVocabulary()]);
      return { tests, vocabulary };
    }),
    saveTest: fromPromise(({ input }) =>
      input.id === null ? insertTest(input.body) : updateTest(input.id, input.body),
    ),
    removeTest: fromPromise(({ input }) => removeTest(input.id)),
    testRun: childTestRun(providedTestRunMachine),
  },
  actions: {
    notify: (_, params) => showNotice(params),
    notifyFailure: (_, params) => notifyFailure(params.error),
  },
});
