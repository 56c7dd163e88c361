import { callApi } from './client.ts';
import { getDeployDiff } from './contract/deploy-diff.ts';
import { type DeploymentsFilter, getDeployments, runDeploy } from './contract/deployments.ts';

/** GET /run/deploy: deploy the draft to an environment, or (toDeploymentId) roll production back. */
export const startDeploy = (env: 'dev' | 'prod', message: string, toDeploymentId?: number | null) =>
  callApi(runDeploy, { query: { project_env: env, message, toDeploymentId: toDeploymentId ?? undefined } });

export const loadDeployments = (filter: DeploymentsFilter = {}) => callApi(getDeployments, { query: { ...filter } });

/** GET /run/deploy/diff: what deploying the draft (or rolling back to a deployment) would change. */
export const loadDeployDiff = (env: 'dev' | 'prod', toDeploymentId?: number | null) =>
  callApi(getDeployDiff, { query: { project_env: env, toDeploymentId: toDeploymentId ?? undefined } });
