import { ADMINISTRATOR_ROLE_ID } from '../../api/contract/roles.ts';
import { DEFAULT_ROLE_ID } from '../../api/contract/users-admin.ts';
import { changedProjects, changedRoleIds } from './draft.ts';
import type { RoleEditingContext } from './types.ts';

export const rolesDirty = (c: RoleEditingContext): boolean =>
  changedRoleIds(c.savedPermissions, c.draftPermissions).length > 0;
export const projectsDirty = (c: RoleEditingContext): boolean =>
  changedProjects(c.savedProjects, c.draftProjects).length > 0;
export const draftDiffers = (c: RoleEditingContext): boolean => rolesDirty(c) || projectsDirty(c);

/** The Administrator role always holds everything (the server refuses less). */
export const isEditableRole = (c: RoleEditingContext): boolean =>
  c.selectedRoleId !== null && c.selectedRoleId !== ADMINISTRATOR_ROLE_ID;
/** The checklist of the role in view may change: a role other than the Administrator, and the grant is held. */
export const mayEditRolePermissions = (c: RoleEditingContext): boolean => isEditableRole(c) && c.mayEditPermissions;
/** Members may change: the grant is held and the assignments do not come from the corporate directory. */
export const mayChangeMembers = (c: RoleEditingContext): boolean => c.mayAssign && !c.assignmentsFromDirectory;
/** The Administrator and the default role for new members cannot be deleted. */
export const isDeletableRole = (c: RoleEditingContext): boolean =>
  c.selectedRoleId !== null && c.selectedRoleId !== ADMINISTRATOR_ROLE_ID && c.selectedRoleId !== DEFAULT_ROLE_ID;

export const alreadyAdded = (c: RoleEditingContext, projectId: number, userId: number | null): boolean =>
  c.draftProjects.some((p) => p.project_id === projectId && p.users.some((u) => u.user_id === userId));

export const nameEmpty = (name: string): boolean => name.trim() === '';
export const nameDuplicit = (c: RoleEditingContext, name: string): boolean =>
  c.roles.some((r) => r.name.toLowerCase() === name.trim().toLowerCase());
