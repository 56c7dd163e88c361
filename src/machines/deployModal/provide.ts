import { trainAndWait } from '../../api/training.ts';
import { fromPromise, fromCallback } from 'xstate';
import { loadTests, executeTest } from '../../api/tests.ts';
import { TEST_OK } from '../../api/contract/tests.ts';
import { loadDeployDiff, startDeploy } from '../../api/deployments.ts';
import type { RunTestsInput } from './actors.ts';
import type { DeployModalEvent } from './events.ts';
import { deployModalMachine } from './machine.ts';
import { notifyFailure, showNotice } from '../../console/notices.ts';

/** Runs at once: the server spreads them over its runner threads. */
const CONCURRENT_RUNS = 2;

const runTests = fromCallback<{ type: 'never' }, RunTestsInput>(({ input, sendBack }) => {
  let stopped = false;
  const queue = [...input.tests];
  const worker = async () => {
    for (let test = queue.shift(); test && !stopped; test = queue.shift()) {
      sendBack({ type: 'test.running', id: test.id } satisfies DeployModalEvent);
      try {
        const answer = await executeTest(test.id, input.deploymentId);
        if (!stopped)
          sendBack({ type: 'test.settled', id: test.id, ok: answer.result === TEST_OK, result: answer.result });
      } catch (error) {
        if (!stopped)
          sendBack({
            type: 'test.settled',
            id: test.id,
            ok: false,
            result: error instanceof Error ? error.message : String(error),
          });
      }
    }
  };
  for (let i = 0; i < CONCURRENT_RUNS; i++) void worker();
  return () => {
    stopped = true;
  };
});

export const providedDeployModalMachine = deployModalMachine.provide({
  actors: {
    loadDiff: fromPromise(({ input }) => loadDeployDiff(input.env, input.rollbackOf, input.source)),
    train: fromPromise(({ signal }) => trainAndWait(null, signal)),
    loadTests: fromPromise(async () => (await loadTests()).map(({ id, name }) => ({ id, name }))),
    runTests,
    deploy: fromPromise(({ input }) => startDeploy(input.env, input.message, input.fromDeploymentId)),
  },
  actions: {
    notify: (_, params) => showNotice(params),
    notifyFailure: (_, params) => notifyFailure(params.error, params.title),
  },
});
