import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SSO_FAILED, getSsoConfig, ssoCallback, ssoLogin } from '../../../src/api/contract/sso.ts';
import type { RouteServices } from '../../http/register-call.ts';
import type { OidcSettings } from '../../auth/oidc.ts';
import { OidcClient } from '../../auth/oidc.ts';
import { createSession } from '../../auth/sessions.ts';
import { HttpError } from '../../http/http-error.ts';
import { registerCall } from '../../http/register-call.ts';
import { setSessionCookie } from '../../http/session-cookie.ts';
import { loadCurrentUser } from '../../auth/current-user.ts';
import { syncDirectoryRoles } from './directory-roles.ts';
import { SSO_FLOW_SECONDS, saveFlow, takeFlow, userForIdentity } from './sso.ts';
import { logUserAction } from '../../history/users-log.ts';

/** Binds a started sign-on to the browser that started it, so nobody can finish it in another (login CSRF). */
export const SSO_BINDING_COOKIE = 'console_sso';
const BINDING_PATH = '/v1/integrations/msal';

const ssoFailed = () => new HttpError(401, SSO_FAILED);

/** Corporate single sign-on by OpenID Connect, behind the console's msal paths (spec 1 §7). */
export default async function ssoRoutes(
  app: FastifyInstance,
  services: RouteServices & { config: { oidc: OidcSettings | null; secureCookies: boolean } },
) {
  const { db } = services;
  const client = services.config.oidc ? new OidcClient(services.config.oidc) : null;
  const requireClient = (): OidcClient => {
    if (!client) throw new HttpError(404, 'Single sign-on is not configured.');
    return client;
  };

  registerCall(app, services, getSsoConfig, async () => ({
    enabled: client !== null,
    roles_from_directory: Boolean(client?.settings.roleSync),
  }));

  registerCall(app, services, ssoLogin, async ({ request, reply }) => {
    const oidc = requireClient();
    let authorization: Awaited<ReturnType<OidcClient['authorizationRequest']>>;
    try {
      authorization = await oidc.authorizationRequest();
    } catch (error) {
      request.log.warn({ err: error }, 'OIDC discovery failed');
      throw new HttpError(503, 'The sign-on provider cannot be reached.');
    }
    const binding = randomBytes(32).toString('base64url');
    await saveFlow(db, authorization, binding);
    // Lax, not Strict: the browser comes back from the provider by a cross-site navigation.
    reply.setCookie(SSO_BINDING_COOKIE, binding, {
      path: BINDING_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: services.config.secureCookies,
      maxAge: SSO_FLOW_SECONDS,
    });
    return { msal_url: authorization.url };
  });

  registerCall(app, services, ssoCallback, async ({ body: maybeBody, request, reply }) => {
    const oidc = requireClient();
    const body = maybeBody as NonNullable<typeof maybeBody>;
    reply.clearCookie(SSO_BINDING_COOKIE, { path: BINDING_PATH });
    const flow = await takeFlow(db, body.state, request.cookies[SSO_BINDING_COOKIE]);
    if (!flow) {
      await logUserAction(db, { userId: null, action: 'Failed single sign-on (unknown or expired state)' });
      throw ssoFailed();
    }
    let identity: Awaited<ReturnType<OidcClient['verifiedIdentity']>>;
    try {
      identity = await oidc.verifiedIdentity(flow, body);
    } catch (error) {
      request.log.warn({ err: error }, 'OIDC code exchange or ID token check failed');
      await logUserAction(db, { userId: null, action: 'Failed single sign-on (token refused)' });
      throw ssoFailed();
    }
    const userId = await userForIdentity(db, identity);
    const user = userId === null ? null : await loadCurrentUser(db, userId);
    if (!user) {
      await logUserAction(db, {
        userId: null,
        action: `Failed single sign-on for ${(identity.email ?? identity.subject).slice(0, 100)}`,
      });
      throw ssoFailed();
    }
    const roleSync = oidc.settings.roleSync;
    if (roleSync && identity.directoryRoles) {
      const change = await syncDirectoryRoles(db, user.id, identity.directoryRoles, roleSync.map);
      if (change) await logUserAction(db, { userId: user.id, action: change });
    }
    const token = await createSession(db, user.id);
    setSessionCookie(reply, token, services.config.secureCookies);
    await logUserAction(db, { userId: user.id, action: 'Logged in by single sign-on' });
    return { email: user.email, token: 'cookie' as const, user };
  });
}
