import type { CurrentUser, Grant } from '../../src/api/contract/users.ts';
import { permissionKey } from '../../src/api/permissions.ts';
import type { Db } from '../db/database.ts';
import { isOtpEnrolmentRequired } from './otp-requirement.ts';
import { isPasswordPastMaxAge, readPlatformSettings } from './platform-settings.ts';

async function grantsOfRoles(db: Db, roleIds: number[]): Promise<Map<number, Grant[]>> {
  const byRole = new Map<number, Grant[]>(roleIds.map((id) => [id, []]));
  if (roleIds.length === 0) return byRole;
  const rows = await db
    .selectFrom('role_permissions')
    .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
    .select(['role_permissions.role_id', 'permissions.method', 'permissions.path', 'permissions.project_env'])
    .where('role_permissions.role_id', 'in', roleIds)
    .orderBy('permissions.id')
    .execute();
  for (const r of rows) byRole.get(r.role_id)?.push({ method: r.method, path: r.path, project_env: r.project_env });
  return byRole;
}

/** Everything the browser and the permission hook need to know about a user (DESIGN §4). */
export async function loadCurrentUser(db: Db, userId: number): Promise<CurrentUser | null> {
  const user = await db
    .selectFrom('users')
    .select([
      'id',
      'name',
      'email',
      'company_id',
      'password_expired',
      'otp_secret',
      'system_role_id',
      'is_active',
      'password_changed_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user?.is_active) return null;
  const assignments = await db
    .selectFrom('user_projects')
    .innerJoin('projects', 'projects.id', 'user_projects.project_id')
    .select(['projects.id', 'projects.name', 'user_projects.role_id'])
    .where('user_projects.user_id', '=', userId)
    .orderBy('projects.name')
    .execute();
  const roleIds = [
    ...new Set([...assignments.map((a) => a.role_id), ...(user.system_role_id ? [user.system_role_id] : [])]),
  ];
  const roles = roleIds.length
    ? await db.selectFrom('roles').select(['id', 'name']).where('id', 'in', roleIds).execute()
    : [];
  const grants = await grantsOfRoles(db, roleIds);
  const catalogue = await db.selectFrom('permissions').select(['method', 'path']).execute();
  const systemGrants = user.system_role_id ? (grants.get(user.system_role_id) ?? []) : [];
  const platform = await readPlatformSettings(db);
  // A platform administrator (system grant on GET /projects is implied by any system role) sees every project.
  const projects = user.system_role_id
    ? await db.selectFrom('projects').select(['id', 'name']).orderBy('name').execute()
    : assignments.map((a) => ({ id: a.id, name: a.name }));
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    company_id: user.company_id,
    // The optional platform maximum age (off by default, ASVS 6.2.10) expires a password like a reset does.
    password_expired: user.password_expired || isPasswordPastMaxAge(platform, user.password_changed_at),
    otp_enabled: user.otp_secret !== null,
    otp_enrolment_required: isOtpEnrolmentRequired(platform, user.otp_secret),
    projects,
    permissions: {
      project_roles: Object.fromEntries(assignments.map((a) => [String(a.id), a.role_id])),
      role_names: Object.fromEntries(roles.map((r) => [String(r.id), r.name])),
      role_grants: Object.fromEntries(
        [...grants]
          .filter(([id]) => id !== user.system_role_id || assignments.some((a) => a.role_id === id))
          .map(([id, g]) => [String(id), g]),
      ),
      system_grants: systemGrants,
      restricted: [...new Set(catalogue.map((c) => permissionKey(c.method, c.path)))],
    },
  };
}
