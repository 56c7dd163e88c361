import { fromPromise } from 'xstate';
import {
  deleteRole,
  getPermissionResources,
  getPermissions,
  getRoles,
  insertRole,
  saveRolesPermissions,
} from '../../api/roles.ts';
import { getUsers, getUsersProjects, saveUsersProjects } from '../../api/usersAdmin.ts';
import { showNotice } from '../provide.ts';
import { roleEditingMachine } from './machine.ts';

/**
 * The role-editing machine with its real side effects (API client, notifications, page reload). It sits beside
 * the machine rather than in src/machines/provide.ts so the roles screen's chunk carries it; the shape is the same.
 */
export const SELECTED_ROLE_KEY = 'roles.selectedRoleId';

/**
 * The role that was in view just before the reload. Read, not removed: React's strict mode renders twice, and only a
 * fresh value (seconds old) counts, so a later visit to the screen starts as usual.
 */
export function takeSelectedRoleId(now = Date.now()): number | null {
  const [id, at] = (sessionStorage.getItem(SELECTED_ROLE_KEY) ?? '').split('@');
  return id && /^\d+$/.test(id) && now - Number(at) < 10_000 ? Number(id) : null;
}

export const providedRoleEditingMachine = roleEditingMachine.provide({
  actors: {
    loadRoles: fromPromise(async () => {
      const [roles, permissions, groups, users, projects] = await Promise.all([
        getRoles(),
        getPermissions(),
        getPermissionResources(),
        getUsers(),
        getUsersProjects(),
      ]);
      return { roles, permissions, groups, users, projects };
    }),
    createRole: fromPromise(({ input }) => insertRole(input.name)),
    deleteRole: fromPromise(({ input }) => deleteRole(input.roleId)),
    saveRolePermissions: fromPromise(({ input }) => saveRolesPermissions(input.roles)),
    saveProjectMembers: fromPromise(({ input }) => saveUsersProjects(input.projects)),
  },
  actions: {
    notify: (_, params) => showNotice(params),
    reloadPage: ({ context }) => {
      // Keeps the selected role in view across the reload the spec asks for.
      if (context.selectedRoleId !== null)
        sessionStorage.setItem(SELECTED_ROLE_KEY, `${context.selectedRoleId}@${Date.now()}`);
      window.location.reload();
    },
  },
});
