import type { z } from 'zod';
import {
  deleteUser,
  getUsers,
  getUsersProjects,
  putUser,
  putUsersProjects,
  resetUserPassword,
  type userBody,
  type usersProjectsBody,
} from './contract/users-admin.ts';
import { callApi } from './client.ts';

export const loadUsers = () => callApi(getUsers);

/** id -1 (or undefined) creates a user: the answer carries the one-off password, shown once. */
export const saveUser = (id: number | undefined, body: z.input<typeof userBody>) =>
  callApi(putUser, { params: { id }, body });
export const removeUser = (id: number) => callApi(deleteUser, { params: { id } });
export const renewUserPassword = (id: number) => callApi(resetUserPassword, { params: { id } });

export const loadUsersProjects = () => callApi(getUsersProjects);
export const saveUsersProjects = (body: z.input<typeof usersProjectsBody>) => callApi(putUsersProjects, { body });
