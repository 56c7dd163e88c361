import type { FastifyInstance } from 'fastify';
import { deleteTest, getTests, saveTest } from '../../../src/api/contract/tests.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { registerCall } from '../../http/register-call.ts';
import * as tests from './tests.ts';

/** Tests (spec 1 §7): list, create with -1, update, delete. Runs are in test-runs.ts. */
export default async function testRoutes(app: FastifyInstance, services: RouteServices) {
  registerCall(app, services, getTests, async ({ db, query, requireProject }) => {
    const projectId = requireProject();
    return query.mtime !== undefined ? tests.testsAt(db, projectId, query.mtime) : tests.listTests(db, projectId);
  });

  registerCall(app, services, saveTest, async ({ body, params, user, requireProject, write }) => {
    const projectId = requireProject();
    const id = await write(`${params.id === -1 ? 'Created' : 'Updated'} test ${body.name}`, (trx, atime) =>
      tests.saveTest(trx, { projectId, userId: user?.id ?? null, atime }, params.id, body),
    );
    return { id };
  });

  registerCall(app, services, deleteTest, async ({ params, user, requireProject, write }) => {
    const projectId = requireProject();
    await write(`Deleted test ${params.id}`, (trx, atime) =>
      tests.deleteTest(trx, { projectId, userId: user?.id ?? null, atime }, params.id),
    );
    return { status: 'ok' as const };
  });
}
