import type { FastifyInstance } from 'fastify';
import { deleteReaction, getReactions, updateReaction, updateReactions } from '../../../src/api/contract/reactions.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { registerCall } from '../../http/register-call.ts';
import * as reactions from './reactions.ts';

export default async function reactionRoutes(app: FastifyInstance, services: RouteServices) {
  registerCall(app, services, getReactions, async ({ db, query, requireProject }) =>
    reactions.auditedReactions(db, requireProject(), query.mtime),
  );

  registerCall(app, services, updateReactions, async ({ body, user, requireProject, write }) => {
    const projectId = requireProject();
    return write(`Saved reactions (${body.length})`, (trx, atime) =>
      reactions.replaceReactions(trx, { projectId, userId: user?.id ?? null, atime }, body),
    );
  });

  registerCall(app, services, updateReaction, async ({ body, params, user, requireProject, write }) => {
    const projectId = requireProject();
    const id = await write(`Saved reaction ${body.name}`, (trx, atime) =>
      reactions.saveReaction(trx, { projectId, userId: user?.id ?? null, atime }, params.id, body),
    );
    return { id };
  });

  registerCall(app, services, deleteReaction, async ({ params, user, requireProject, write }) => {
    const projectId = requireProject();
    await write(`Deleted reaction ${params.id}`, (trx, atime) =>
      reactions.deleteReaction(trx, { projectId, userId: user?.id ?? null, atime }, params.id),
    );
    return { status: 'ok' as const };
  });
}
