import type { Db } from '../../db/database.ts';
import { replaceUserProjects } from '../users/users-store.ts';

/**
 * Role synchronisation from the corporate directory: the user's project roles become exactly what their directory
 * values map to (`map[value][projectId] = role name`). A project named by several values gets the role of the value
 * listed first in the claim; names of roles or projects that do not exist are ignored. Answers what changed, in
 * words for the users log, or null when nothing did.
 */
export async function syncDirectoryRoles(
  db: Db,
  userId: number,
  values: string[],
  map: Record<string, Record<string, string>>,
): Promise<string | null> {
  const wanted = new Map<number, string>();
  for (const value of values)
    for (const [projectId, role] of Object.entries(map[value] ?? {}))
      if (!wanted.has(Number(projectId))) wanted.set(Number(projectId), role);

  return db.transaction().execute(async (trx) => {
    const roles = await trx.selectFrom('roles').select(['id', 'name']).execute();
    const roleId = new Map(roles.map((r) => [r.name, r.id]));
    const projects = new Set(
      (wanted.size === 0
        ? []
        : await trx
            .selectFrom('projects')
            .select('id')
            .where('id', 'in', [...wanted.keys()])
            .execute()
      ).map((p) => p.id),
    );
    const next = [...wanted]
      .filter(([projectId, role]) => projects.has(projectId) && roleId.has(role))
      .map(([projectId, role]) => ({ user_id: userId, project_id: projectId, role_id: roleId.get(role)! }))
      .sort((a, b) => a.project_id - b.project_id);
    const current = await trx
      .selectFrom('user_projects')
      .select(['project_id', 'role_id'])
      .where('user_id', '=', userId)
      .orderBy('project_id')
      .execute();
    const same =
      current.length === next.length &&
      current.every((c, i) => c.project_id === next[i]!.project_id && c.role_id === next[i]!.role_id);
    if (same) return null;
    await replaceUserProjects(trx, userId, next);
    const nameOf = new Map(roles.map((r) => [r.id, r.name]));
    const held = next.map((n) => `project ${n.project_id}: ${nameOf.get(n.role_id)}`).join(', ') || 'none';
    return `Roles synchronised from the corporate directory (${held})`;
  });
}
