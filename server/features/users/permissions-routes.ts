import type { FastifyInstance } from 'fastify';
import { getPermissionResources, getPermissions } from '../../../src/api/contract/permissions-catalogue.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { registerCall } from '../../http/register-call.ts';
import { groupPermissions } from './permission-groups.ts';
import { listPermissions } from './roles.ts';

/** The permission catalogue (DESIGN §4), read by the roles screen. */
export default async function permissionRoutes(app: FastifyInstance, services: RouteServices) {
  registerCall(app, services, getPermissions, async ({ db }) => listPermissions(db));
  registerCall(app, services, getPermissionResources, async ({ db }) => groupPermissions(await listPermissions(db)));
}
