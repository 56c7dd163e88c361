import { fromCallback, fromPromise } from 'xstate';
import type { DeployDiff } from '../../api/contract/deploy-diff.ts';
import type { Deployment } from '../../api/contract/deployments.ts';
import type { DeployEnv, DeploySource } from './events.ts';

export interface DeployTest {
  id: number;
  name: string;
}

/**
 * Runs the given tests and reports each: `test.running`, then `test.settled`; on the build on Testing
 * (`deploymentId`) when that is what goes live, else on the draft.
 */
export type RunTestsInput = { tests: DeployTest[]; deploymentId: number | null };

/** `source`: production compares the build on Testing (the server falls back to the draft when Testing has none). */
export type LoadDiffInput = { env: DeployEnv; rollbackOf: number | null; source: DeploySource };

/** What goes live: a rollback or a promotion names the deployment it copies (`fromDeploymentId`). */
export type DeployInput = {
  env: DeployEnv;
  message: string;
  rollbackOf: number | null;
  fromDeploymentId: number | null;
};

/** Placeholders; the chart's provide.ts gives the real calls, tests give fakes. */
export const deployModalActors = {
  loadDiff: fromPromise<DeployDiff, LoadDiffInput>(async () => {
    throw new Error('loadDiff not provided');
  }),
  /** Trains the draft model and resolves once the training finished (rejects when it failed). */
  train: fromPromise<void, undefined>(async () => {
    throw new Error('train not provided');
  }),
  loadTests: fromPromise<DeployTest[]>(async () => {
    throw new Error('loadTests not provided');
  }),
  runTests: fromCallback<{ type: 'never' }, RunTestsInput>(() => () => {}),
  deploy: fromPromise<Deployment, DeployInput>(async () => {
    throw new Error('deploy not provided');
  }),
};
