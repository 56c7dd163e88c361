import { fromPromise } from 'xstate';
import type { AdminUser } from '../../api/contract/users-admin.ts';

/** The fields of the user form; `id` null creates a user. */
export interface UserForm {
  id: number | null;
  name: string;
  email: string;
  active: boolean;
}

/** A change that asks for confirmation first. */
export type UserChange = { kind: 'delete'; user: AdminUser } | { kind: 'reset'; user: AdminUser };

const notProvided = (name: string) => () => Promise.reject(new Error(`usersAdmin actor ${name} not provided`));

/** Typed placeholders; the chart's provide.ts gives the real API calls, tests give fakes. */
export const usersAdminActors = {
  loadUsers: fromPromise<AdminUser[], void>(notProvided('loadUsers')),
  /** A created user comes back with the one-off password, shown once. */
  saveUser: fromPromise<{ id: number; password?: string }, UserForm>(notProvided('saveUser')),
  /** A reset answers the new one-off password; a delete answers nothing. */
  applyChange: fromPromise<{ password?: string }, UserChange>(notProvided('applyChange')),
};
