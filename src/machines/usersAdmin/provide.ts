import { fromPromise } from 'xstate';
import { loadRoles } from '../../api/roles.ts';
import { removeUser, loadUsers, renewUserPassword, saveUser } from '../../api/usersAdmin.ts';
import { usersAdminMachine } from './machine.ts';
import { noticeActions } from '../../console/notices.ts';

/** The users machine with its real side effects: the API and Mantine notifications. */
export const providedUsersAdminMachine = usersAdminMachine.provide({
  actors: {
    loadUsers: fromPromise(async () => {
      const [users, roles] = await Promise.all([loadUsers(), loadRoles()]);
      return { users, roles: roles.map((r) => ({ id: r.id, name: r.name })) };
    }),
    saveUser: fromPromise(({ input }) =>
      saveUser(input.id ?? -1, {
        name: input.name,
        email: input.email,
        ...(input.id === null ? {} : { active: input.active }),
        // One call: the user and their role are stored together or not at all.
        ...(input.id === null && input.projectId !== null
          ? { project: { project_id: input.projectId, role_id: input.roleId } }
          : {}),
      }),
    ),
    applyChange: fromPromise(async ({ input }) => {
      if (input.kind === 'delete') {
        await removeUser(input.user.id);
        return {};
      }
      return { password: (await renewUserPassword(input.user.id)).password };
    }),
  },
  actions: noticeActions,
});
