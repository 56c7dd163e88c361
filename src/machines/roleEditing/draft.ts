import type { Permission } from '../../api/contract/permissions-catalogue.ts';
import type { ProjectMembers } from '../../api/contract/users-admin.ts';

/** Role id → permission ids, as edited. */
export type PermissionDraft = Record<string, number[]>;

/**
 * The draft with one role's ticked permissions replaced by `change` of them: the one place the toggle, select all
 * and unselect all write the selected role's permissions.
 */
export function withRolePermissions(
  draft: PermissionDraft,
  roleId: number | null,
  change: (ticked: number[]) => number[],
): PermissionDraft {
  const key = String(roleId);
  return { ...draft, [key]: change(draft[key] ?? []) };
}

const sorted = (ids: Iterable<number>): number[] => [...new Set(ids)].sort((a, b) => a - b);

/** Ticking a permission ticks everything it covers, transitively (spec 1 §6). */
export function withCovered(ids: Iterable<number>, catalogue: Permission[]): number[] {
  const coversOf = new Map(catalogue.map((p) => [p.id, p.covers]));
  const out = new Set<number>();
  const queue = [...ids];
  while (queue.length) {
    const id = queue.pop() as number;
    if (out.has(id)) continue;
    out.add(id);
    queue.push(...(coversOf.get(id) ?? []));
  }
  return sorted(out);
}

/** Unticking a permission also unticks what covers it: a role cannot hold "edit" without "view". */
export function withoutCovering(ids: number[], removed: number, catalogue: Permission[]): number[] {
  const dropped = new Set([removed]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of catalogue) {
      if (!dropped.has(p.id) && p.covers.some((c) => dropped.has(c))) {
        dropped.add(p.id);
        grew = true;
      }
    }
  }
  return sorted(ids.filter((id) => !dropped.has(id)));
}

export function togglePermission(ids: number[], permissionId: number, catalogue: Permission[]): number[] {
  return ids.includes(permissionId)
    ? withoutCovering(ids, permissionId, catalogue)
    : withCovered([...ids, permissionId], catalogue);
}

export const samePermissions = (a: number[] = [], b: number[] = []): boolean => sorted(a).join() === sorted(b).join();

/** Roles whose draft differs from what was saved. */
export function changedRoleIds(saved: PermissionDraft, draft: PermissionDraft): number[] {
  return Object.keys(draft)
    .filter((id) => !samePermissions(saved[id], draft[id]))
    .map(Number);
}

const membersKey = (p: ProjectMembers): string =>
  p.users
    .map((u) => `${u.user_id}:${u.role_id}`)
    .sort()
    .join();

/** Projects whose member list differs from what was saved. */
export function changedProjects(saved: ProjectMembers[], draft: ProjectMembers[]): ProjectMembers[] {
  return draft.filter((p) => {
    const before = saved.find((s) => s.project_id === p.project_id);
    return !before || membersKey(before) !== membersKey(p);
  });
}

export function updateProject(
  projects: ProjectMembers[],
  projectId: number,
  change: (users: ProjectMembers['users']) => ProjectMembers['users'],
): ProjectMembers[] {
  return projects.map((p) => (p.project_id === projectId ? { ...p, users: change(p.users) } : p));
}
