import { fromPromise } from 'xstate';
import { deleteUser, getUsers, resetUserPassword, saveUser } from '../../api/usersAdmin.ts';
import { usersAdminMachine } from './machine.ts';
import { showNotice } from '../../console/notices.ts';

/** The users machine with its real side effects: the API and Mantine notifications. */
export const providedUsersAdminMachine = usersAdminMachine.provide({
  actors: {
    loadUsers: fromPromise(() => getUsers()),
    saveUser: fromPromise(({ input }) =>
      saveUser(input.id ?? -1, {
        name: input.name,
        email: input.email,
        ...(input.id === null ? {} : { active: input.active }),
      }),
    ),
    applyChange: fromPromise(async ({ input }) => {
      if (input.kind === 'delete') {
        await deleteUser(input.user.id);
        return {};
      }
      return { password: (await resetUserPassword(input.user.id)).password };
    }),
  },
  actions: { notify: (_, params) => showNotice(params) },
});
