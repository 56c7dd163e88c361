import type { FastifyInstance } from 'fastify';
import { deleteUser, getUsers, putUser, resetUserPassword } from '../../../src/api/contract/users-admin.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { platformWriteContext } from '../../http/platform-write-context.ts';
import { registerCall } from '../../http/register-call.ts';
import { platformWrite, sendPlatformAtime } from '../../http/platform-write.ts';
import * as users from './users.ts';

const USERS = '/users';

/** Administration of users (spec 1 §7): the caller's company only, unless the grant is held system-wide. */
export default async function userRoutes(app: FastifyInstance, services: RouteServices) {
  registerCall(app, services, getUsers, async (ctx) => {
    await sendPlatformAtime(ctx, USERS);
    return users.listUsers(ctx.db, users.reachOf(ctx.requireUser(), getUsers.access));
  });

  registerCall(app, services, putUser, async (ctx) => {
    const reach = users.reachOf(ctx.requireUser(), putUser.access);
    const { id } = ctx.params;
    const body = ctx.body;
    if (id === -1) {
      const created = await platformWrite(
        platformWriteContext(ctx),
        USERS,
        (trx) => users.createUser(trx, ctx.requireUser(), reach, body),
        (c) => `Created user ${c.email}${c.project === null ? '' : ` with a role in ${c.project}`}`,
        body.project ? ['/users/projects'] : [],
      );
      return { id: created.id, password: created.password };
    }
    await platformWrite(
      platformWriteContext(ctx),
      USERS,
      (trx) => users.updateUser(trx, reach, id, body),
      (before) => `Updated user ${before.email}${before.email === body.email ? '' : ` (now ${body.email})`}`,
    );
    return { id };
  });

  registerCall(app, services, deleteUser, async (ctx) => {
    const reach = users.reachOf(ctx.requireUser(), deleteUser.access);
    const { id } = ctx.params;
    await platformWrite(
      platformWriteContext(ctx),
      USERS,
      (trx) => users.deleteUser(trx, reach, id),
      (row) => `Deleted user ${row.email}`,
      ['/users/projects'],
    );
    return { status: 'ok' as const };
  });

  registerCall(app, services, resetUserPassword, async (ctx) => {
    const reach = users.reachOf(ctx.requireUser(), resetUserPassword.access);
    const { id } = ctx.params;
    const { password } = await platformWrite(
      platformWriteContext(ctx),
      USERS,
      (trx) => users.resetPassword(trx, reach, id),
      ({ row }) => `Reset password of ${row.email}`,
    );
    return { id, password };
  });
}
