import type { SnapshotFrom } from 'xstate';
import type { AdminUser } from '../../api/contract/users-admin.ts';
import { draftDiffers } from './guards.ts';
import type { roleEditingMachine } from './machine.ts';

// Texts of spec 1 §6 and §8, verbatim.
export const UNKNOWN_USER = 'N/A (insufficient permissions)';
export const SAVE_LABEL = 'Save Roles & Permissions';
/** Adding or deleting a role reloads the page, so unsaved changes are saved first. */
export const SAVE_FIRST = 'Save your changes before adding or deleting a role.';

/** Why the screen is read-only (issue 34): named by the catalogue's permission names. */
export const READ_ONLY_PERMISSIONS =
  "Read only: changing what a role may do, and adding roles, needs the 'Edit role permissions' permission.";
export const READ_ONLY_MEMBERS =
  "Read only: changing who holds a role in a project needs the 'Assign users to projects' permission.";

type Snapshot = SnapshotFrom<typeof roleEditingMachine>;

/** 'Name (email)', or the spec's text for a user the caller may not see. */
export function userLabel(users: AdminUser[], userId: number): string {
  const user = users.find((u) => u.id === userId);
  return user ? `${user.name} (${user.email})` : UNKNOWN_USER;
}

export const isDirty = (s: Snapshot): boolean => draftDiffers(s.context);

export const selectedRole = (s: Snapshot) => s.context.roles.find((r) => r.id === s.context.selectedRoleId) ?? null;

export const selectedPermissions = (s: Snapshot): number[] =>
  s.context.selectedRoleId === null ? [] : (s.context.draftPermissions[String(s.context.selectedRoleId)] ?? []);

/** Members of a project as shown: all, or only the filtered user. */
export function visibleMembers(s: Snapshot, projectId: number) {
  const project = s.context.draftProjects.find((p) => p.project_id === projectId);
  const users = project?.users ?? [];
  return s.context.userFilter === null ? users : users.filter((u) => u.user_id === s.context.userFilter);
}
