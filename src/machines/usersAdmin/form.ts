import { DEFAULT_ROLE_ID, userBody } from '../../api/contract/users-admin.ts';
import type { UserForm } from './actors.ts';

export const EMPTY_FORM: UserForm = {
  id: null,
  name: '',
  email: '',
  active: true,
  projectId: null,
  roleId: DEFAULT_ROLE_ID,
};

/** The contract's own messages per field ('Name cannot be empty', 'Invalid email address'); empty when valid. */
export function formErrors(form: UserForm): Partial<Record<'name' | 'email', string>> {
  const parsed = userBody.safeParse({ name: form.name, email: form.email, active: form.active });
  if (parsed.success) return {};
  const errors: Partial<Record<'name' | 'email', string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'email') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
