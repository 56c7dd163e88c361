import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallAccess } from '../../src/api/contract/call.ts';
import { MAX_ROW_ID } from '../../src/api/contract/row-id.ts';
import { can } from '../../src/api/permissions.ts';
import { OTP_ENROLMENT_REQUIRED, isAllowedBeforeEnrolment } from '../auth/otp-requirement.ts';
import { SESSION_COOKIE, resolveSession } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { loadCurrentUser } from '../auth/current-user.ts';
import { notLoggedIn, notPermitted } from '../domain-errors.ts';
import { HttpError } from './http-error.ts';

/** Calls a user with an expired password may still make: the ones that let them change it. */
const allowedWhileExpired = new Set(['session']);

function queryNumber(request: FastifyRequest, name: string): number | null {
  const raw = (request.query as Record<string, unknown> | undefined)?.[name];
  if (typeof raw !== 'string' || !/^-?\d{1,10}$/.test(raw)) return null;
  const value = Number(raw);
  // Beyond PostgreSQL's integer range no row can match: treat it as absent rather than fail in SQL.
  return Math.abs(value) <= MAX_ROW_ID ? value : null;
}

export interface InventoriedRoute {
  method: string;
  url: string;
  access: CallAccess;
}

/**
 * Refuses any route registered in this context that does not declare its access, and lists the ones that do
 * (QUALITY: route inventory; the authorization matrix walks this list).
 */
export function requireDeclaredAccess(app: FastifyInstance, inventory: InventoriedRoute[]): void {
  app.addHook('onRoute', (route) => {
    if (!route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no permission; refusing to start.`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') inventory.push({ method: String(method), url: route.url, access: route.config.access });
    }
  });
}

/**
 * The permission hook on every /v1 route, before any body is read: who is calling (session cookie),
 * the CSRF header, then `can()` with the route's declared grant in the query's project (DESIGN §3–§4).
 */
export function installAccessHook(app: FastifyInstance, db: Db): void {
  app.decorateRequest('user', null);
  app.decorateRequest('projectId', null);
  app.decorateRequest('sessionToken', undefined);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access) throw new HttpError(500, 'Route without access declaration.');
    request.projectId = queryNumber(request, 'project_id');
    if (access.kind === 'public') return;
    const token = request.cookies[SESSION_COOKIE];
    const userId = await resolveSession(db, token);
    const user = userId === null ? null : await loadCurrentUser(db, userId);
    if (!user) throw notLoggedIn();
    // Cookies alone do not prove intent: the console's non-safelisted header must be there (DESIGN §3).
    if (request.headers['x-requested-with'] !== 'console') throw new HttpError(403, 'Missing request header.');
    const claimedUser = queryNumber(request, 'user_id');
    if (claimedUser !== null && claimedUser !== user.id) throw new HttpError(403, 'User mismatch.');
    request.user = user;
    request.sessionToken = token;
    // The platform requires one-time codes and this user has none: the session may only enrol (require_otp).
    if (user.otp_enrolment_required && !isAllowedBeforeEnrolment(request.method, request.routeOptions.url)) {
      throw new HttpError(403, OTP_ENROLMENT_REQUIRED);
    }
    if (user.password_expired && !allowedWhileExpired.has(access.kind)) {
      throw new HttpError(403, 'Password expired. Change it first.');
    }
    if (access.kind !== 'grant') return;
    const env =
      access.env === 'query'
        ? ((request.query as Record<string, string>).project_env as 'dev' | 'prod' | undefined)
        : access.env;
    if (access.env === 'query' && env !== 'dev' && env !== 'prod')
      throw new HttpError(400, 'project_env must be dev or prod.');
    if (!can(user, access.method, access.path, request.projectId, env)) throw notPermitted();
    // A system grant reaches every project; a project grant only the projects the user is assigned to.
    if (request.projectId !== null && !user.projects.some((p) => p.id === request.projectId)) throw notPermitted();
  });
}
