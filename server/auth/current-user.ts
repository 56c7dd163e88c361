import { sql } from 'kysely';
import type { PlatformSettings } from '../../src/api/contract/platform.ts';
import type { CurrentUser, Grant } from '../../src/api/contract/users.ts';
import { permissionKey } from '../../src/api/permissions.ts';
import type { Db } from '../db/database.ts';
import { preparedStatement } from '../db/prepared-statements.ts';
import { isOtpEnrolmentRequired } from './otp-requirement.ts';
import { isPasswordPastMaxAge } from './platform-settings.ts';

interface CurrentUserRow {
  id: number;
  name: string;
  email: string;
  company_id: number | null;
  password_expired: boolean;
  otp_secret: string | null;
  system_role_id: number | null;
  password_changed_at: Date;
  /** The user's projects and role in each, by project name. */
  assignments: { id: number; name: string; role_id: number }[];
  roles: { id: number; name: string }[];
  /**
   * The grants of the user's roles (project roles and system role) as [role_id, method, path, project_env], by
   * permission id (arrays: cheaper to build than objects, and this runs on every request).
   */
  grants: [number, Grant['method'], string, Grant['project_env']][];
  /** Every permission's (method, path). */
  catalogue: [Grant['method'], string][];
  /** Null when the platform has no settings row. */
  platform: PlatformSettings | null;
  /** Every project by name, for a user with a system role; null otherwise. */
  all_projects: { id: number; name: string }[] | null;
}

/**
 * All a request's caller is, in one statement prepared once (the permission hook loads it on every /v1 call: as
 * seven statements it was most of an authenticated request's database time). Each part reads what the separate
 * queries read, in their order; an inactive or unknown user gives no row.
 */
const currentUserStatement = preparedStatement(
  ['userId'],
  ({ userId }) => sql<CurrentUserRow>`
  WITH u AS (
    SELECT id, name, email, company_id, password_expired, otp_secret, system_role_id, is_active, password_changed_at
    FROM users WHERE id = ${userId}),
  a AS (
    SELECT p.id, p.name, up.role_id FROM user_projects up JOIN projects p ON p.id = up.project_id
    WHERE up.user_id = ${userId}),
  r AS (SELECT role_id AS id FROM a UNION SELECT system_role_id FROM u WHERE system_role_id IS NOT NULL)
  SELECT u.id, u.name, u.email, u.company_id, u.password_expired, u.otp_secret, u.system_role_id,
    u.password_changed_at,
    (SELECT coalesce(json_agg(json_build_object('id', a.id, 'name', a.name, 'role_id', a.role_id) ORDER BY a.name),
      '[]') FROM a) AS assignments,
    (SELECT coalesce(json_agg(json_build_object('id', roles.id, 'name', roles.name)), '[]')
      FROM roles WHERE roles.id IN (SELECT id FROM r)) AS roles,
    (SELECT coalesce(json_agg(json_build_array(rp.role_id, pm.method, pm.path, pm.project_env) ORDER BY pm.id), '[]')
      FROM role_permissions rp JOIN permissions pm ON pm.id = rp.permission_id
      WHERE rp.role_id IN (SELECT id FROM r)) AS grants,
    (SELECT coalesce(json_agg(json_build_array(method, path)), '[]') FROM permissions) AS catalogue,
    (SELECT json_build_object('max_password_age_days', max_password_age_days, 'require_otp', require_otp)
      FROM platform_settings WHERE id = 1) AS platform,
    CASE WHEN u.system_role_id IS NOT NULL THEN
      (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name) ORDER BY name), '[]') FROM projects)
    END AS all_projects
  FROM u WHERE u.is_active`,
);

/** Everything the browser and the permission hook need to know about a user (DESIGN §4). */
export async function loadCurrentUser(db: Db, userId: number): Promise<CurrentUser | null> {
  const [user] = await currentUserStatement(db, { userId });
  if (!user) return null;
  const { assignments } = user;
  const roleIds = [
    ...new Set([...assignments.map((a) => a.role_id), ...(user.system_role_id ? [user.system_role_id] : [])]),
  ];
  const grants = new Map<number, Grant[]>(roleIds.map((id) => [id, []]));
  for (const [roleId, method, path, env] of user.grants) grants.get(roleId)?.push({ method, path, project_env: env });
  const systemGrants = user.system_role_id ? (grants.get(user.system_role_id) ?? []) : [];
  const platform = user.platform ?? { max_password_age_days: null, require_otp: false };
  // A platform administrator (system grant on GET /projects is implied by any system role) sees every project.
  const projects = user.all_projects ?? assignments.map((a) => ({ id: a.id, name: a.name }));
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
      role_names: Object.fromEntries(user.roles.map((r) => [String(r.id), r.name])),
      role_grants: Object.fromEntries(
        [...grants]
          .filter(([id]) => id !== user.system_role_id || assignments.some((a) => a.role_id === id))
          .map(([id, g]) => [String(id), g]),
      ),
      system_grants: systemGrants,
      restricted: [...new Set(user.catalogue.map(([method, path]) => permissionKey(method, path)))],
    },
  };
}
