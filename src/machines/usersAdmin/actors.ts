import { fromPromise } from 'xstate';
import type { AdminUser } from '../../api/contract/users-admin.ts';

/** The fields of the user form; `id` null creates a user. */
export interface UserForm {
  id: number | null;
  name: string;
  email: string;
  active: boolean;
  /** Create only (issue 34): the project the new user gets a role in, none when null; and that role. */
  projectId: number | null;
  roleId: number;
}

/** A role as the form offers it. */
export interface RoleOption {
  id: number;
  name: string;
}

/** The users, and the roles a new user can be given. */
export interface UsersData {
  users: AdminUser[];
  roles: RoleOption[];
}

/** A change that asks for confirmation first. */
export type UserChange = { kind: 'delete'; user: AdminUser } | { kind: 'reset'; user: AdminUser };

const notProvided = (name: string) => () => Promise.reject(new Error(`usersAdmin actor ${name} not provided`));

/** Typed placeholders; the chart's provide.ts gives the real API calls, tests give fakes. */
export const usersAdminActors = {
  loadUsers: fromPromise<UsersData, void>(notProvided('loadUsers')),
  /** A created user comes back with the one-off password, shown once. */
  saveUser: fromPromise<{ id: number; password?: string }, UserForm>(notProvided('saveUser')),
  /** A reset answers the new one-off password; a delete answers nothing. */
  applyChange: fromPromise<{ password?: string }, UserChange>(notProvided('applyChange')),
};
