import type { FastifyInstance } from 'fastify';
import { ROLES_FROM_DIRECTORY } from '../../../src/api/contract/sso.ts';
import { getUsersProjects, putUsersProjects } from '../../../src/api/contract/users-admin.ts';
import type { RouteServices } from '../../http/register-call.ts';
import type { OidcSettings } from '../../auth/oidc.ts';
import { HttpError } from '../../http/http-error.ts';
import { registerCall } from '../../http/register-call.ts';
import { platformWrite, sendPlatformAtime } from '../../http/platform-write.ts';
import { listProjectMembers, reachOf, replaceProjectMembers } from './users.ts';

const USERS_PROJECTS = '/users/projects';

/** Who holds which role in which project (spec 1 §2 Roles screen, §3 Users-projects). */
export default async function usersProjectsRoutes(
  app: FastifyInstance,
  services: RouteServices & { config: { oidc: OidcSettings | null } },
) {
  registerCall(app, services, getUsersProjects, async (ctx) => {
    await sendPlatformAtime(ctx, USERS_PROJECTS);
    return listProjectMembers(ctx.db, ctx.requireUser());
  });

  registerCall(app, services, putUsersProjects, async (ctx) => {
    const user = ctx.requireUser();
    // The next sign-on would overwrite them: assignments are changed in the directory, not here.
    if (services.config.oidc?.roleSync) throw new HttpError(409, ROLES_FROM_DIRECTORY);
    await platformWrite(
      { db: ctx.db, reply: ctx.reply, query: ctx.query, userId: user.id, projectId: ctx.projectId },
      USERS_PROJECTS,
      (trx) => replaceProjectMembers(trx, user, reachOf(user, putUsersProjects.access), ctx.body),
      (changes) =>
        `Changed project members: ${changes.map((c) => `${c.project} (+${c.added} −${c.removed} ~${c.changed})`).join(', ')}`,
    );
    return { status: 'ok' as const };
  });
}
