import type { CurrentUser, Grant } from './contract/users.ts';

export type Method = Grant['method'];
export type Env = 'dev' | 'prod';

/** The key under which a (method, path) pair sits in the restricted list. */
export const permissionKey = (method: string, path: string): string => `${method} ${path}`;

/** `/intents` -> `/system/intents`: a system-level grant may name the path or its system variant (spec 2 §6). */
export const systemVariant = (path: string): string => (path.startsWith('/system/') ? path : `/system${path}`);

const grantMatches = (grant: Grant, method: Method, paths: string[], env?: Env): boolean =>
  grant.method === method &&
  paths.includes(grant.path) &&
  (env === undefined || grant.project_env === null || grant.project_env === env);

/**
 * THE permission check (spec 2 §6, DESIGN §4), used by the menu, buttons and store actions in the browser
 * and by the server's hook on every route.
 * 1. Allowed when (method, path) is not restricted at all.
 * 2. Otherwise allowed with a system grant on the path or its system variant.
 * 3. Otherwise allowed when the user's role in the current project grants it (with the environment, where given).
 * Before the user is loaded everything is denied.
 */
export function can(
  user: CurrentUser | null | undefined,
  method: Method,
  path: string,
  projectId: number | null | undefined,
  env?: Env,
): boolean {
  if (!user) return false;
  const { permissions } = user;
  const restricted =
    permissions.restricted.includes(permissionKey(method, path)) ||
    permissions.restricted.includes(permissionKey(method, systemVariant(path)));
  if (!restricted) return true;
  const paths = [path, systemVariant(path)];
  if (permissions.system_grants.some((g) => grantMatches(g, method, paths, env))) return true;
  if (projectId === null || projectId === undefined) return false;
  const roleId = permissions.project_roles[String(projectId)];
  if (roleId === undefined) return false;
  const grants = permissions.role_grants[String(roleId)] ?? [];
  return grants.some((g) => grantMatches(g, method, [path], env));
}

/** The user's role name in a project, for the user menu. */
export function roleNameIn(user: CurrentUser | null | undefined, projectId: number | null | undefined): string | null {
  if (!user || projectId == null) return null;
  const roleId = user.permissions.project_roles[String(projectId)];
  return roleId === undefined ? null : (user.permissions.role_names[String(roleId)] ?? null);
}
