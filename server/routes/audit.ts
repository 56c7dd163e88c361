import type { FastifyInstance } from 'fastify';
import { getAuditDeleted } from '../../src/api/contract/audit.ts';
import type { AppServices } from '../app-services.ts';
import { registerCall } from '../http/register-call.ts';
import { deletedSince } from '../services/resource-history.ts';

/** Items deleted since a time (history compare's "deleted" side). */
export default async function auditRoutes(app: FastifyInstance, services: AppServices) {
  registerCall(app, services, getAuditDeleted, async ({ query, requireProject }) =>
    deletedSince(services.db, requireProject(), query.mtime),
  );
}
