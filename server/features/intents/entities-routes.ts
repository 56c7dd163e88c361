import type { FastifyInstance } from 'fastify';
import { deleteEntity, getEntities, putEntity } from '../../../src/api/contract/entities.ts';
import { can } from '../../../src/api/permissions.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { registerCall } from '../../http/register-call.ts';
import * as entities from './entities.ts';

/** A system entity is editable only with PUT /system/entities/{id} (spec 2 §6). */
const SYSTEM_ENTITY_GRANT = '/system/entities/{id}';

export default async function entityRoutes(app: FastifyInstance, services: RouteServices) {
  registerCall(app, services, getEntities, async ({ query, requireProject, db, reply }) => {
    const projectId = requireProject();
    if (query.mtime !== undefined) reply.removeHeader('x-atime');
    return entities.auditedEntities(db, projectId, query.mtime);
  });

  registerCall(app, services, putEntity, async ({ params, body, write, requireProject, requireUser }) => {
    const projectId = requireProject();
    const user = requireUser();
    const canEditSystem = can(user, 'PUT', SYSTEM_ENTITY_GRANT, projectId);
    const verb = params.id === -1 ? 'Added' : 'Saved';
    const id = await write(`${verb} entity ${body.name.trim()}`, (trx, atime) =>
      entities.saveEntity(trx, { projectId, userId: user.id, atime }, params.id, body, canEditSystem),
    );
    return { id };
  });

  registerCall(app, services, deleteEntity, async ({ params, write, requireProject, requireUser }) => {
    const projectId = requireProject();
    const user = requireUser();
    const canEditSystem = can(user, 'PUT', SYSTEM_ENTITY_GRANT, projectId);
    await write(`Deleted entity ${params.id}`, (trx, atime) =>
      entities.deleteEntity(trx, { projectId, userId: user.id, atime }, params.id, canEditSystem),
    );
    return { status: 'ok' as const };
  });
}
