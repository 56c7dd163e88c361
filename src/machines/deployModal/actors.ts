import { fromCallback, fromPromise } from 'xstate';
import type { Deployment } from '../../api/contract/deployments.ts';
import type { DeployEnv } from './events.ts';

export interface DeployTest {
  id: number;
  name: string;
}

/** Runs the given tests and reports each: `test.running`, then `test.settled`. */
export type RunTestsInput = { tests: DeployTest[] };

/** Placeholders; src/machines/provide.ts gives the real calls, tests give fakes. */
export const deployModalActors = {
  loadTests: fromPromise<DeployTest[]>(async () => {
    throw new Error('loadTests not provided');
  }),
  runTests: fromCallback<{ type: 'never' }, RunTestsInput>(() => () => {}),
  deploy: fromPromise<Deployment, { env: DeployEnv; message: string; rollbackOf: number | null }>(async () => {
    throw new Error('deploy not provided');
  }),
};
