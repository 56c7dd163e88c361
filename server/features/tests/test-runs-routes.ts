import type { FastifyInstance } from 'fastify';
import { runTest } from '../../../src/api/contract/tests.ts';
import type { RouteServices } from '../../http/register-call.ts';
import type { TestRuns } from './test-runs.ts';
import { registerCall } from '../../http/register-call.ts';

/** GET /run/test/{id}: one test against the working draft (or a deployment's frozen bot), in the runner threads. */
export default async function testRunRoutes(app: FastifyInstance, services: RouteServices & { testRuns: TestRuns }) {
  registerCall(app, services, runTest, async ({ params, query, requireProject }) =>
    services.testRuns.run(requireProject(), params.id, query.deploymentId),
  );
}
