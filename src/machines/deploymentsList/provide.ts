import { fromPromise } from 'xstate';
import { loadDeployments } from '../../api/deployments.ts';
import { deploymentsListMachine } from './machine.ts';

export const providedDeploymentsListMachine = deploymentsListMachine.provide({
  actors: { loadDeployments: fromPromise(({ input }) => loadDeployments(input)) },
});
