import type { FastifyInstance } from 'fastify';
import { can } from '../../../src/api/permissions.ts';
import {
  classifyUnclassified,
  getUnclassifiedIntents,
  markClassified,
  restoreUnclassified,
  setUnclassifiedClass,
} from '../../../src/api/contract/unclassified.ts';
import { classifyPhrases } from '../../../src/api/contract/triage.ts';
import type { CurrentUser } from '../../../src/api/contract/users.ts';
import { notPermitted } from '../../domain-errors.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { registerCall } from '../../http/register-call.ts';
import * as unclassified from './unclassified.ts';

/** Keeping a phrase as a test writes tests: the route's grant alone does not cover that. */
function requireTestWrite(user: CurrentUser | null, projectId: number, keepAsTest: boolean): void {
  if (keepAsTest && !can(user, 'PUT', '/tests/{id}', projectId)) throw notPermitted();
}

export default async function unclassifiedRoutes(app: FastifyInstance, services: RouteServices) {
  registerCall(app, services, getUnclassifiedIntents, async ({ query, requireProject, db }) =>
    unclassified.listUnclassified(db, requireProject(), query),
  );

  registerCall(app, services, markClassified, async ({ params, body, write, requireProject, user }) => {
    const projectId = requireProject();
    requireTestWrite(user, projectId, body.keep_as_test);
    const what = body.intent_id === null ? 'Dismissed' : `Classified into intent ${body.intent_id}`;
    const { test, undo } = await write(`${what} fallback ${params.id}`, (trx, atime) =>
      unclassified.markClassified(trx, { projectId, userId: user?.id ?? null, atime }, params.id, {
        intentId: body.intent_id,
        template: body.template,
        keepAsTest: body.keep_as_test,
      }),
    );
    return { status: 'ok' as const, test, undo };
  });

  registerCall(app, services, restoreUnclassified, async ({ body, write, requireProject, user }) => {
    const projectId = requireProject();
    // Removing what the classification added is deleting a template (and a test step): their own grants.
    if (body.template !== null && !can(user, 'PUT', '/intents', projectId)) throw notPermitted();
    requireTestWrite(user, projectId, body.test_id !== null);
    const id = await write(`Undid the classification of fallback "${body.intent.slice(0, 80)}"`, (trx, atime) =>
      unclassified.restoreClassified(trx, { projectId, userId: user?.id ?? null, atime }, body),
    );
    return { status: 'ok' as const, id };
  });

  registerCall(app, services, classifyUnclassified, async ({ body, write, requireProject, user }) => {
    const projectId = requireProject();
    requireTestWrite(user, projectId, body.keep_as_test);
    const what = body.intent_id === null ? 'Dismissed' : `Classified into intent ${body.intent_id}`;
    const result = await write(`${what} fallbacks ${body.ids.join(', ')}`, (trx, atime) =>
      unclassified.classifyMany(trx, { projectId, userId: user?.id ?? null, atime }, body.ids, {
        intentId: body.intent_id,
        keepAsTest: body.keep_as_test,
      }),
    );
    return { status: 'ok' as const, ...result };
  });

  registerCall(app, services, classifyPhrases, async ({ body, write, requireProject, user }) => {
    const projectId = requireProject();
    requireTestWrite(user, projectId, body.keep_as_test);
    const result = await write(
      `Classified ${body.phrases.length} phrases into intent ${body.intent_id}`,
      (trx, atime) =>
        unclassified.classifyPhrases(trx, { projectId, userId: user?.id ?? null, atime }, body.phrases, {
          intentId: body.intent_id,
          keepAsTest: body.keep_as_test,
        }),
    );
    return { status: 'ok' as const, ...result };
  });

  registerCall(app, services, setUnclassifiedClass, async ({ params, body, write, requireProject }) => {
    const projectId = requireProject();
    await write(`Set class of fallback ${params.id}`, (trx) =>
      unclassified.setUnclassifiedClass(trx, projectId, params.id, body.class),
    );
    return { status: 'ok' as const };
  });
}
