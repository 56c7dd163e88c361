import type { z } from 'zod';
import {
  deleteUser as deleteUserCall,
  getUsers as getUsersCall,
  getUsersProjects as getUsersProjectsCall,
  putUser as putUserCall,
  putUsersProjects as putUsersProjectsCall,
  resetUserPassword as resetUserPasswordCall,
  type userBody,
  type usersProjectsBody,
} from './contract/users-admin.ts';
import { callApi } from './client.ts';

export const getUsers = () => callApi(getUsersCall);

/** id -1 (or undefined) creates a user: the answer carries the one-off password, shown once. */
export const saveUser = (id: number | undefined, body: z.input<typeof userBody>) =>
  callApi(putUserCall, { params: { id }, body });
export const deleteUser = (id: number) => callApi(deleteUserCall, { params: { id } });
export const resetUserPassword = (id: number) => callApi(resetUserPasswordCall, { params: { id } });

export const getUsersProjects = () => callApi(getUsersProjectsCall);
export const saveUsersProjects = (body: z.input<typeof usersProjectsBody>) => callApi(putUsersProjectsCall, { body });
