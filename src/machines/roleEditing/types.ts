import type { Permission, PermissionGroup } from '../../api/contract/permissions-catalogue.ts';
import type { Role } from '../../api/contract/roles.ts';
import type { AdminUser, ProjectMembers } from '../../api/contract/users-admin.ts';
import type { PermissionDraft } from './draft.ts';

export interface RoleEditingContext {
  roles: Role[];
  permissions: Permission[];
  groups: PermissionGroup[];
  users: AdminUser[];
  /** As last loaded or saved. */
  savedPermissions: PermissionDraft;
  savedProjects: ProjectMembers[];
  /** As being edited. */
  draftPermissions: PermissionDraft;
  draftProjects: ProjectMembers[];
  selectedRoleId: number | null;
  userFilter: number | null;
  /** The name given with the last 'Add' of the new role form. */
  newRoleName: string;
  nameError: string | null;
  /** Why the last 'Add' of a project member was refused, shown beside the box ('No user selected', ...). */
  memberProblem: { projectId: number; message: string } | null;
  /** Assignments come from the corporate directory: member changes are refused here as on the server. */
  assignmentsFromDirectory: boolean;
  /** 'Edit role permissions' (PUT /roles/permissions) is held: ticks, Select All and Add role are offered. */
  mayEditPermissions: boolean;
  /** 'Assign users to projects' (PUT /users/projects) is held: members can be added, changed and removed. */
  mayAssign: boolean;
}

/** What the caller may change here; the server refuses the rest anyway (issue 34: read-only without them). */
export interface RoleEditingInput {
  selectedRoleId?: number | null;
  mayEditPermissions?: boolean;
  mayAssign?: boolean;
}
