import { fromPromise } from 'xstate';
import { loadUsers, loadUsersProjects, saveUsersProjects } from '../../api/usersAdmin.ts';
import {
  removeRole,
  loadPermissionResources,
  loadPermissions,
  loadRoles,
  insertRole,
  saveRolesPermissions,
} from '../../api/roles.ts';
import { roleEditingMachine } from './machine.ts';
import { loadSsoConfig } from '../../api/sso.ts';
import { showNotice } from '../../console/notices.ts';

/** Where the role in view waits across the page reload. */
export const SELECTED_ROLE_KEY = 'roles.selectedRoleId';

/**
 * The role that was in view just before the reload. Read, not removed: React's strict mode renders twice, and only a
 * fresh value (seconds old) counts, so a later visit to the screen starts as usual.
 */
export function takeSelectedRoleId(now = Date.now()): number | null {
  const [id, at] = (sessionStorage.getItem(SELECTED_ROLE_KEY) ?? '').split('@');
  return id && /^\d+$/.test(id) && now - Number(at) < 10_000 ? Number(id) : null;
}

/** The role-editing machine with its real side effects (API client, notifications, page reload). */
export const providedRoleEditingMachine = roleEditingMachine.provide({
  actors: {
    loadRoles: fromPromise(async () => {
      const [roles, permissions, groups, users, projects, sso] = await Promise.all([
        loadRoles(),
        loadPermissions(),
        loadPermissionResources(),
        loadUsers(),
        loadUsersProjects(),
        loadSsoConfig(),
      ]);
      return { roles, permissions, groups, users, projects, assignmentsFromDirectory: sso.roles_from_directory };
    }),
    createRole: fromPromise(({ input }) => insertRole(input.name)),
    deleteRole: fromPromise(({ input }) => removeRole(input.roleId)),
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
