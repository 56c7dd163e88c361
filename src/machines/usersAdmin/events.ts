import type { UserForm } from './actors.ts';

export type UsersAdminEvent =
  | { type: 'users.reload' }
  | { type: 'user.create' }
  | { type: 'user.edit'; id: number }
  | { type: 'user.delete'; id: number }
  | { type: 'user.reset'; id: number }
  | { type: 'form.change'; form: Omit<UserForm, 'id'> }
  | { type: 'form.submit' }
  | { type: 'dialog.cancel' }
  | { type: 'change.confirm' }
  | { type: 'password.dismiss' };
