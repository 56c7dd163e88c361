import type { FastifyInstance } from 'fastify';
import { getDeployments, runDeploy } from '../../src/api/contract/deployments.ts';
import type { AppServices } from '../app-services.ts';
import { registerCall } from '../http/register-call.ts';
import { deploy, listDeployments } from '../services/deployments.ts';

/** GET /run/deploy (deploy, rollback) and GET /deployments (the filtered list). */
export default async function deploymentRoutes(app: FastifyInstance, services: AppServices) {
  registerCall(app, services, runDeploy, async ({ db, query, user, requireProject }) =>
    deploy(db, {
      projectId: requireProject(),
      userId: user?.id ?? null,
      env: query.project_env,
      message: query.message,
      toDeploymentId: query.toDeploymentId,
    }),
  );

  registerCall(app, services, getDeployments, async ({ db, query, requireProject }) =>
    listDeployments(db, requireProject(), query),
  );
}
