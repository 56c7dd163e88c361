import type { FastifyInstance } from 'fastify';
import { getAuditChanges, getAuditDeleted } from '../../../src/api/contract/audit.ts';
import { can } from '../../../src/api/permissions.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { notPermitted } from '../../domain-errors.ts';
import { registerCall } from '../../http/register-call.ts';
import { ENTITIES_RESOURCE, entityRevisionProjects } from '../intents/entities.ts';
import { changesBetween, deletedSince } from '../../history/resource-history.ts';

/** Items deleted since a time (history compare's "deleted" side), and who changed what between two times. */
export default async function auditRoutes(app: FastifyInstance, services: RouteServices) {
  registerCall(app, services, getAuditDeleted, async ({ query, requireProject }) =>
    deletedSince(services.db, requireProject(), query.mtime),
  );

  registerCall(app, services, getAuditChanges, async ({ query, requireProject, requireUser }) => {
    const projectId = requireProject();
    // Names and authors of a resource's items are for those who may read the resource.
    if (!can(requireUser(), 'GET', query.resource, projectId)) throw notPermitted();
    const projects = query.resource === ENTITIES_RESOURCE ? entityRevisionProjects(projectId) : [projectId];
    return changesBetween(services.db, projects, query.resource, query.from, query.to);
  });
}
