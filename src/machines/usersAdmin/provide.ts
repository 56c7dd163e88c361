import { fromPromise } from 'xstate';
import { removeUser, loadUsers, renewUserPassword, saveUser } from '../../api/usersAdmin.ts';
import { usersAdminMachine } from './machine.ts';
import { noticeActions } from '../../console/notices.ts';

/** The users machine with its real side effects: the API and Mantine notifications. */
export const providedUsersAdminMachine = usersAdminMachine.provide({
  actors: {
    loadUsers: fromPromise(() => loadUsers()),
    saveUser: fromPromise(({ input }) =>
      saveUser(input.id ?? -1, {
        name: input.name,
        email: input.email,
        ...(input.id === null ? {} : { active: input.active }),
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
