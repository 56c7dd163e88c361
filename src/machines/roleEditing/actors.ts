import { fromPromise } from 'xstate';
import type { Permission, PermissionGroup } from '../../api/contract/permissions-catalogue.ts';
import type { Role } from '../../api/contract/roles.ts';
import type { AdminUser, ProjectMembers } from '../../api/contract/users-admin.ts';

/** Everything the roles screen shows, loaded together. */
export interface RolesData {
  roles: Role[];
  permissions: Permission[];
  groups: PermissionGroup[];
  users: AdminUser[];
  projects: ProjectMembers[];
  /** Roles are synchronised from the corporate directory: assignments are shown, not edited (spec 1 §6). */
  assignmentsFromDirectory: boolean;
}

export interface RolePermissionsInput {
  roles: Array<{ id: number; permissions: number[] }>;
}
export interface ProjectMembersInput {
  projects: Array<{ project_id: number; users: Array<{ user_id: number; role_id: number }> }>;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`roleEditing actor ${name} not provided`));

/** Typed placeholders; src/machines/roleEditing/provided.ts gives the real ones, tests give fakes. */
export const roleEditingActors = {
  loadRoles: fromPromise<RolesData>(notProvided('loadRoles')),
  createRole: fromPromise<{ id: number }, { name: string }>(notProvided('createRole')),
  deleteRole: fromPromise<unknown, { roleId: number }>(notProvided('deleteRole')),
  saveRolePermissions: fromPromise<unknown, RolePermissionsInput>(notProvided('saveRolePermissions')),
  saveProjectMembers: fromPromise<unknown, ProjectMembersInput>(notProvided('saveProjectMembers')),
};
