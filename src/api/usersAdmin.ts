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

/**
 * id -1 (or undefined) creates a user: the answer carries the one-off password, shown once. A refusal ('Email address
 * is already used.') is the form's inline message, with no 'Error!' toast beside it.
 */
export const saveUser = (id: number | undefined, body: z.input<typeof userBody>) =>
  callApi(putUser, { params: { id }, body, ownsFailure: true });
/** The screen's one toast on failure is the server's message. */
export const removeUser = (id: number) => callApi(deleteUser, { params: { id }, ownsFailure: true });
export const renewUserPassword = (id: number) => callApi(resetUserPassword, { params: { id }, ownsFailure: true });

export const loadUsersProjects = () => callApi(getUsersProjects);
export const saveUsersProjects = (body: z.input<typeof usersProjectsBody>) => callApi(putUsersProjects, { body });
