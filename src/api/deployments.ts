import { callApi } from './client.ts';
import { getDeployDiff } from './contract/deploy-diff.ts';
import { type DeploymentsFilter, getDeployments, runDeploy } from './contract/deployments.ts';

/**
 * GET /run/deploy: deploy the draft to an environment, or (toDeploymentId) deploy that deployment's frozen copy to
 * production: a rollback, or the build on Testing promoted.
 */
export const startDeploy = (env: 'dev' | 'prod', message: string, toDeploymentId?: number | null) =>
  callApi(runDeploy, {
    query: { project_env: env, message, toDeploymentId: toDeploymentId ?? undefined },
    // One toast per failure: the modal's 'Deploy failed - something went wrong!' with the server's message.
    ownsFailure: true,
  });

export const loadDeployments = (filter: DeploymentsFilter = {}) => callApi(getDeployments, { query: { ...filter } });

/** GET /run/deploy/diff: what deploying the draft (or rolling back to a deployment) would change. */
export const loadDeployDiff = (env: 'dev' | 'prod', toDeploymentId?: number | null, source?: 'draft' | 'testing') =>
  callApi(getDeployDiff, {
    query: { project_env: env, toDeploymentId: toDeploymentId ?? undefined, source },
    // The modal says the diff is unavailable (with the server's message): no 'Error!' toast beside it.
    ownsFailure: true,
  });
