import type { FastifyInstance } from 'fastify';
import { getSynonyms, updateSynonyms } from '../../../src/api/contract/synonyms.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { registerCall } from '../../http/register-call.ts';
import { listSynonyms, saveSynonyms, synonymsAt } from './synonyms.ts';

export default async function synonymRoutes(app: FastifyInstance, services: RouteServices) {
  registerCall(app, services, getSynonyms, async ({ query, requireProject, db, reply }) => {
    const projectId = requireProject();
    if (query.mtime === undefined) return listSynonyms(db, projectId);
    reply.removeHeader('x-atime');
    return synonymsAt(db, projectId, query.mtime);
  });

  registerCall(app, services, updateSynonyms, async ({ body, write, requireProject, user }) => {
    const projectId = requireProject();
    await write(`Saved ${body.length} synonyms`, (trx, atime) =>
      saveSynonyms(trx, { projectId, userId: user?.id ?? null, atime }, body),
    );
    return { status: 'ok' as const };
  });
}
