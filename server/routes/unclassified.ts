import type { FastifyInstance } from 'fastify';
import { getUnclassifiedIntents, markClassified, setUnclassifiedClass } from '../../src/api/contract/unclassified.ts';
import type { AppServices } from '../app-services.ts';
import { registerCall } from '../http/register-call.ts';
import * as unclassified from '../services/unclassified.ts';

export default async function unclassifiedRoutes(app: FastifyInstance, services: AppServices) {
  registerCall(app, services, getUnclassifiedIntents, async ({ query, requireProject, db }) =>
    unclassified.listUnclassified(db, requireProject(), query),
  );

  registerCall(app, services, markClassified, async ({ params, body, write, requireProject, user }) => {
    const projectId = requireProject();
    const what = body.intent_id === null ? 'Dismissed' : `Classified into intent ${body.intent_id}`;
    await write(`${what} fallback ${params.id}`, (trx, atime) =>
      unclassified.markClassified(trx, { projectId, userId: user?.id ?? null, atime }, params.id, {
        intentId: body.intent_id,
        template: body.template,
      }),
    );
    return { status: 'ok' as const };
  });

  registerCall(app, services, setUnclassifiedClass, async ({ params, body, write, requireProject }) => {
    const projectId = requireProject();
    await write(`Set class of fallback ${params.id}`, (trx) =>
      unclassified.setUnclassifiedClass(trx, projectId, params.id, body.class),
    );
    return { status: 'ok' as const };
  });
}
