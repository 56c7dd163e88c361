import type { FastifyInstance } from 'fastify';
import { getReactionScopes, updateReactionScopes } from '../../../src/api/contract/reaction-scopes.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { registerCall } from '../../http/register-call.ts';
import { listReactionScopes, reactionScopesAt, replaceReactionScopes } from './reactions.ts';

export default async function reactionScopeRoutes(app: FastifyInstance, services: RouteServices) {
  registerCall(app, services, getReactionScopes, async ({ db, query, requireProject }) => {
    const projectId = requireProject();
    return query.mtime !== undefined ? reactionScopesAt(db, projectId, query.mtime) : listReactionScopes(db, projectId);
  });

  registerCall(app, services, updateReactionScopes, async ({ body, user, requireProject, write }) => {
    const projectId = requireProject();
    return write(`Saved reaction scopes (${body.length})`, (trx, atime) =>
      replaceReactionScopes(trx, { projectId, userId: user?.id ?? null, atime }, body),
    );
  });
}
