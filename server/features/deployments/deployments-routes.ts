import type { FastifyInstance } from 'fastify';
import { getDeployDiff } from '../../../src/api/contract/deploy-diff.ts';
import { getDeployments, runDeploy } from '../../../src/api/contract/deployments.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { registerCall } from '../../http/register-call.ts';
import { deployDiff } from './deploy-diff.ts';
import { deploy, listDeployments } from './deployments.ts';

/** GET /run/deploy (deploy, rollback), GET /run/deploy/diff (what it would change) and GET /deployments (the filtered list). */
export default async function deploymentRoutes(app: FastifyInstance, services: RouteServices) {
  registerCall(app, services, runDeploy, async ({ db, query, user, requireProject }) =>
    deploy(db, {
      projectId: requireProject(),
      userId: user?.id ?? null,
      env: query.project_env,
      message: query.message,
      toDeploymentId: query.toDeploymentId,
    }),
  );

  registerCall(app, services, getDeployDiff, async ({ db, query, requireProject }) =>
    deployDiff(db, requireProject(), query.project_env, query.toDeploymentId, query.source),
  );

  registerCall(app, services, getDeployments, async ({ db, query, requireProject }) =>
    listDeployments(db, requireProject(), query),
  );
}
