import type { FastifyInstance } from 'fastify';
import { runTest } from '../../../src/api/contract/tests.ts';
import type { AppServices } from '../../app-services.ts';
import { registerCall } from '../../http/register-call.ts';

/** GET /run/test/{id}: one test against the working draft, in the runner threads. */
export default async function testRunRoutes(app: FastifyInstance, services: AppServices) {
  registerCall(app, services, runTest, async ({ params, requireProject }) =>
    services.testRuns.run(requireProject(), params.id),
  );
}
