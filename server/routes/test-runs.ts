import type { FastifyInstance } from 'fastify';
import { runTest } from '../../src/api/contract/tests.ts';
import type { AppServices } from '../app-services.ts';
import { registerCall } from '../http/register-call.ts';
import { closeTestRunnerPool, runStoredTest } from '../services/tests.ts';

/** GET /run/test/{id}: one test against the working draft, in the runner threads. */
export default async function testRunRoutes(app: FastifyInstance, services: AppServices) {
  app.addHook('onClose', async () => {
    await closeTestRunnerPool(services.db);
  });

  registerCall(app, services, runTest, async ({ db, params, requireProject }) =>
    runStoredTest(db, requireProject(), params.id),
  );
}
