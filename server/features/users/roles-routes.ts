import type { FastifyInstance } from 'fastify';
import { deleteRole, getRoles, putRole, putRolesPermissions } from '../../../src/api/contract/roles.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { platformWriteContext } from '../../http/platform-write-context.ts';
import { registerCall } from '../../http/register-call.ts';
import { platformWrite, sendPlatformAtime } from '../../http/platform-write.ts';
import * as roles from './roles.ts';

const ROLES = '/roles';

/** Roles and their permissions (spec 1 §6). Roles are shared by every company: changes need a system grant. */
export default async function roleRoutes(app: FastifyInstance, services: RouteServices) {
  registerCall(app, services, getRoles, async (ctx) => {
    await sendPlatformAtime(ctx, ROLES);
    return roles.listRoles(ctx.db);
  });

  // PUT /roles/permissions is declared before PUT /roles/:id only for reading order; Fastify prefers static paths.
  registerCall(app, services, putRolesPermissions, async (ctx) => {
    await platformWrite(
      platformWriteContext(ctx),
      ROLES,
      (trx) => roles.setRolePermissions(trx, ctx.body),
      (names) => `Changed permissions of roles ${names.join(', ')}`,
    );
    return { status: 'ok' as const };
  });

  registerCall(app, services, putRole, async (ctx) => {
    const { id } = ctx.params;
    const { name } = ctx.body;
    if (id === -1) {
      const created = await platformWrite(
        platformWriteContext(ctx),
        ROLES,
        (trx) => roles.createRole(trx, name),
        () => `Created role ${name}`,
      );
      return { id: created };
    }
    await platformWrite(
      platformWriteContext(ctx),
      ROLES,
      (trx) => roles.renameRole(trx, id, name),
      (before) => `Renamed role ${before} to ${name}`,
    );
    return { id };
  });

  registerCall(app, services, deleteRole, async (ctx) => {
    await platformWrite(
      platformWriteContext(ctx),
      ROLES,
      (trx) => roles.deleteRole(trx, ctx.params.id),
      (r) => `Deleted role ${r.name} (removed from ${r.holders} user${r.holders === 1 ? '' : 's'})`,
      ['/users/projects'],
    );
    return { status: 'ok' as const };
  });
}
