import { callApi } from './client.ts';
import { getDeployDiff as getDeployDiffCall } from './contract/deploy-diff.ts';
import {
  type DeploymentsFilter,
  getDeployments as getDeploymentsCall,
  runDeploy as runDeployCall,
} from './contract/deployments.ts';

/** GET /run/deploy: deploy the draft to an environment, or (toDeploymentId) roll production back. */
export const runDeploy = (env: 'dev' | 'prod', message: string, toDeploymentId?: number | null) =>
  callApi(runDeployCall, { query: { project_env: env, message, toDeploymentId: toDeploymentId ?? undefined } });

export const getDeployments = (filter: DeploymentsFilter = {}) => callApi(getDeploymentsCall, { query: { ...filter } });

/** GET /run/deploy/diff: what deploying the draft (or rolling back to a deployment) would change. */
export const getDeployDiff = (env: 'dev' | 'prod', toDeploymentId?: number | null) =>
  callApi(getDeployDiffCall, { query: { project_env: env, toDeploymentId: toDeploymentId ?? undefined } });
