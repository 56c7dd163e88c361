import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../src/api/client.ts';
import type { AdminUser } from '../../src/api/contract/users-admin.ts';
import { notifyFailure } from '../../src/console/notices.ts';
import type { UserChange, UserForm, UsersData } from '../../src/machines/usersAdmin/actors.ts';
import { usersAdminMachine } from '../../src/machines/usersAdmin/machine.ts';
import { UsersAdminView, type UsersAdminPermissions } from '../../src/screens/users/UsersAdminView.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';
import { toastsAddedBy } from './toasts.ts';

const ONE_OFF = 'Fresh-One-Off-Passw0rd';
const eve: AdminUser = {
  id: 5,
  name: 'Eve Example',
  email: 'eve@example.com',
  active: true,
  password_expired: false,
  company_id: 1,
  system_role_id: null,
  projects: [{ project_id: 1, role_id: 2 }],
};

const roles = [
  { id: 2, name: 'Editor' },
  { id: 3, name: 'Viewer' },
];
const loadUsers = createDeferredActor<UsersData, void>({
  output: { users: [eve], roles },
  error: new Error('offline'),
});
// The caller may give roles in Demo bot, the project in view: the new user form starts there with the default role.
const INPUT = { projects: [{ id: 1, name: 'Demo bot' }], defaultProjectId: 1 };
const saveUser = createDeferredActor<{ id: number; password?: string }, UserForm>({
  output: { id: 6, password: ONE_OFF },
  error: new Error('Email address is already used.'),
});
// A refusal as the client throws it with ownsFailure (one toast, the server's words); a lost session was told by the
// client's table (the login shows): nothing more.
const SELF_DELETE = 'You cannot delete yourself.';
const REFUSED = new ApiError('deleteUser', 400, { message: SELF_DELETE }, false);
const SESSION_LOST = new ApiError('deleteUser', 401, { message: 'Not logged in.' }, true);
const applyChange = createDeferredActor<{ password?: string }, UserChange>({
  output: { password: ONE_OFF },
  error: REFUSED,
});
const notices: string[] = [];
const machine = usersAdminMachine.provide({
  actors: { loadUsers: loadUsers.logic, saveUser: saveUser.logic, applyChange: applyChange.logic },
  actions: {
    notify: (_, params) => notices.push(params.title),
    notifyFailure: (_, params) => notifyFailure(params.error),
  },
});

const ALL: UsersAdminPermissions = { canEdit: true, canDelete: true, canReset: true };

function renderView(m: typeof machine, permissions: UsersAdminPermissions = ALL) {
  const actor = createActor(m, { input: INPUT }).start();
  render(
    <MantineProvider env="test">
      <UsersAdminView actor={actor} permissions={permissions} />
    </MantineProvider>,
  );
  return { actor };
}

const eveRow = () => screen.getByRole('row', { name: /Eve Example/ });
const dialog = () => screen.getByRole('dialog');
const nameInput = () => within(dialog()).getByLabelText('Name') as HTMLInputElement;
const emailInput = () => within(dialog()).getByLabelText('Email') as HTMLInputElement;
const projectSelect = () => within(dialog()).queryByLabelText('Project') as HTMLSelectElement | null;
const roleSelect = () => within(dialog()).queryByLabelText('Role in the project') as HTMLSelectElement | null;

/** Typing always changes the text: when the field already holds the value, it goes elsewhere and back. */
function typeInto(input: HTMLInputElement, value: string) {
  if (input.value === value) fireEvent.change(input, { target: { value: `${value}?` } });
  fireEvent.change(input, { target: { value } });
}

const executors = {
  'users.reload': ({ user }) => user.click(screen.getByRole('button', { name: 'Retry' })),
  'user.create': ({ user }) => user.click(screen.getByRole('button', { name: 'Add user' })),
  'user.edit': ({ user }) => user.click(within(eveRow()).getByRole('button', { name: 'Edit eve@example.com' })),
  'user.delete': ({ user }) => user.click(within(eveRow()).getByRole('button', { name: 'Delete eve@example.com' })),
  'user.reset': ({ user }) =>
    user.click(within(eveRow()).getByRole('button', { name: 'Reset password of eve@example.com' })),
  'form.change': ({ event }) => {
    typeInto(nameInput(), event.form.name);
    typeInto(emailInput(), event.form.email);
    // The project and role are offered to a new user only.
    const project = projectSelect();
    if (project) {
      fireEvent.change(project, {
        target: { value: event.form.projectId === null ? '' : String(event.form.projectId) },
      });
      const role = roleSelect();
      if (role && !role.disabled) fireEvent.change(role, { target: { value: String(event.form.roleId) } });
    }
  },
  'form.submit': async ({ user }) => {
    const submit = within(dialog()).getByRole('button', { name: /Create user|Save/ });
    // An invalid form cannot be submitted: the button is disabled and the gesture does nothing.
    if (!submit.hasAttribute('disabled')) await user.click(submit);
  },
  'dialog.cancel': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
  'change.confirm': ({ user }) =>
    user.click(within(dialog()).getByRole('button', { name: /^(Delete|Reset password)$/ })),
  'password.dismiss': async ({ user }) => {
    const dismiss = screen.queryByRole('button', { name: 'Dismiss the one-off password' });
    if (dismiss) await user.click(dismiss);
  },
} satisfies ModelExecutors<typeof machine>;

function expectPasswordShown(state: { context: { oneOffPassword: { password: string } | null } }) {
  if (state.context.oneOffPassword) expect(screen.getByTestId('one-off-password')).toHaveTextContent(ONE_OFF);
  else expect(screen.queryByTestId('one-off-password')).not.toBeInTheDocument();
}

const states: StateAssertions<typeof machine> = {
  loading: (state) => {
    expect(loadUsers.pending).toBeGreaterThan(0);
    if (state.context.users === null) expect(screen.getByLabelText('Loading users')).toBeInTheDocument();
    // Reloading after a change keeps the table; no change can start meanwhile.
    else expect(screen.getByRole('button', { name: 'Add user' })).toBeDisabled();
    expectPasswordShown(state);
  },
  failed: () => {
    expect(screen.getByText('Cannot load the users.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  },
  ready: (state) => {
    expect(within(eveRow()).getByText('eve@example.com')).toBeInTheDocument();
    expect(within(eveRow()).getByText('active')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add user' })).toBeEnabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expectPasswordShown(state);
  },
  editing: (state) => {
    const { form, saveError } = state.context;
    expect(within(dialog()).getByText(form.id === null ? 'New user' : 'Edit user')).toBeInTheDocument();
    expect(nameInput().value).toBe(form.name);
    expect(emailInput().value).toBe(form.email);
    // The active switch is for existing users only: a new one starts active.
    if (form.id === null) expect(within(dialog()).queryByRole('switch')).not.toBeInTheDocument();
    else expect(within(dialog()).getByRole('switch', { name: /Active/ })).toBeChecked();
    // A new user gets a role in a project in the same dialog (issue 34); an existing one keeps theirs.
    if (form.id === null) {
      expect(projectSelect()?.value).toBe(form.projectId === null ? '' : String(form.projectId));
      expect(roleSelect()?.value).toBe(String(form.roleId));
      expect(roleSelect()?.disabled).toBe(form.projectId === null);
    } else expect(projectSelect()).toBeNull();
    const submit = within(dialog()).getByRole('button', { name: form.id === null ? 'Create user' : 'Save' });
    if (form.name === '' || form.email === '') expect(submit).toBeDisabled();
    else expect(submit).toBeEnabled();
    if (saveError) expect(within(dialog()).getByText(saveError)).toBeInTheDocument();
  },
  saving: (state) => {
    expect(saveUser.calls.at(-1)).toEqual(state.context.form);
    expect(within(dialog()).getByRole('button', { name: /Create user|Save/ })).toHaveAttribute('data-loading');
  },
  confirming: (state) => {
    const change = state.context.change!;
    const title = change.kind === 'delete' ? 'Delete user' : 'Reset password';
    expect(within(dialog()).getByRole('heading', { name: title })).toBeInTheDocument();
    expect(within(dialog()).getByText(/Eve Example \(eve@example.com\)/)).toBeInTheDocument();
  },
  applying: (state) => {
    expect(applyChange.calls.at(-1)).toEqual(state.context.change);
    expect(within(dialog()).getByRole('button', { name: /^(Delete|Reset password)$/ })).toHaveAttribute('data-loading');
  },
};

describeModel({
  name: 'usersAdmin',
  machine,
  render: (m) => {
    notices.length = 0;
    return renderView(m);
  },
  executors,
  states,
  invokes: { loadUsers, saveUser, applyChange },
  input: INPUT,
  internalExecutors: {
    // One toast per failure: the server's words; nothing after a lost session.
    'xstate.error.actor.applyChange': async ({ event }) => {
      const { error } = event as unknown as { error: ApiError };
      const added = await toastsAddedBy(() => act(async () => applyChange.reject(error)));
      expect(added).toEqual(error.notified ? [] : [{ title: SELF_DELETE, message: '', color: 'red' }]);
    },
  },
  events: [
    { type: 'xstate.error.actor.applyChange', error: REFUSED } as never,
    { type: 'xstate.error.actor.applyChange', error: SESSION_LOST } as never,
    { type: 'user.edit', id: 5 },
    { type: 'user.delete', id: 5 },
    { type: 'user.reset', id: 5 },
    {
      type: 'form.change',
      form: { name: 'Grace Hopper', email: 'grace@example.com', active: true, projectId: 1, roleId: 3 },
    },
    {
      type: 'form.change',
      form: { name: 'Grace Hopper', email: 'grace@example.com', active: true, projectId: null, roleId: 2 },
    },
  ],
  serializeContext: (c) => ({
    loaded: c.users !== null,
    formId: c.form.id,
    formName: c.form.name,
    formRole: [c.form.projectId, c.form.roleId],
    saveError: c.saveError !== null,
    change: c.change?.kind ?? null,
    password: c.oneOffPassword !== null,
  }),
  paths: 'perTransition',
});

describe('usersAdmin view permissions', () => {
  it('shows no change a user may not make', async () => {
    const { actor } = renderView(machine, { canEdit: false, canDelete: false, canReset: false });
    loadUsers.resolve();
    await screen.findByRole('row', { name: /Eve Example/ });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();
    expect(within(eveRow()).queryAllByRole('button')).toHaveLength(0);
  });
});
