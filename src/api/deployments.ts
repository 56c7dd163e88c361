import { callApi } from './client.ts';
import {
  type DeploymentsFilter,
  getDeployments as getDeploymentsCall,
  runDeploy as runDeployCall,
} from './contract/deployments.ts';

/** GET /run/deploy: deploy the draft to an environment, or (toDeploymentId) roll production back. */
export const runDeploy = (env: 'dev' | 'prod', message: string, toDeploymentId?: number | null) =>
  callApi(runDeployCall, { query: { project_env: env, message, toDeploymentId: toDeploymentId ?? undefined } });

export const getDeployments = (filter: DeploymentsFilter = {}) => callApi(getDeploymentsCall, { query: { ...filter } });
