// Model-based test of the roles screen: xstate/graph walks the roleEditing chart, each path drives the real RolesView.
// Only the shortest path to each state and to each transition is run (`paths: 'perTransition'`).
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ActorRefFrom, createActor } from 'xstate';
import type { Permission, PermissionGroup } from '../../src/api/contract/permissions-catalogue.ts';
import { ROLE_NAME_DUPLICIT, ROLE_NAME_EMPTY, type Role } from '../../src/api/contract/roles.ts';
import {
  type AdminUser,
  NO_USER_SELECTED,
  type ProjectMembers,
  USER_ALREADY_ADDED,
} from '../../src/api/contract/users-admin.ts';
import type { ProjectMembersInput, RolesData } from '../../src/machines/roleEditing/actors.ts';
import { alreadyAdded, projectsDirty, rolesDirty } from '../../src/machines/roleEditing/guards.ts';
import {
  NO_CHANGES,
  PROJECTS_SAVED,
  ROLE_DELETED,
  ROLES_SAVED,
  roleEditingMachine,
} from '../../src/machines/roleEditing/machine.ts';
import { READ_ONLY_MEMBERS, READ_ONLY_PERMISSIONS, UNKNOWN_USER } from '../../src/machines/roleEditing/selectors.ts';
import { RolesView } from '../../src/screens/roles/RolesView.tsx';
import { ROLES_FROM_DIRECTORY } from '../../src/api/contract/sso.ts';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';

const permissions: Permission[] = [
  { id: 1, name: 'View intents', method: 'GET', resources: '/intents', project_env: null, covers: [] },
  { id: 2, name: 'Edit intents', method: 'PUT', resources: '/intents', project_env: null, covers: [1] },
  { id: 3, name: 'View users', method: 'GET', resources: '/users', project_env: null, covers: [] },
];
const groups: PermissionGroup[] = [
  { name: 'Intents', resources: ['/intents'], permissions: [1, 2] },
  { name: 'Users', resources: ['/users'], permissions: [3] },
];
// Listed as the server might not: the first role after the Administrator is selected at the start, and Viewer is
// editable and deletable, so every guarded edit is open in every path (the Administrator is tested apart).
const roles: Role[] = [
  { id: 1, name: 'Administrator', permissions: [1, 2, 3] },
  { id: 3, name: 'Viewer', permissions: [1] },
  { id: 2, name: 'Editor', permissions: [1, 2] },
];
const VIEWER = 3;
const user = (id: number, name: string): AdminUser => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  active: true,
  password_expired: false,
  company_id: 1,
  system_role_id: null,
  projects: [],
});
const users = [user(1, 'Ada'), user(5, 'Eve')];
// User 7 is assigned but not visible to the caller: shown as 'N/A (insufficient permissions)'.
const projects: ProjectMembers[] = [
  {
    project_id: 1,
    project_name: 'Demo bot',
    users: [
      { user_id: 1, role_id: 1 },
      { user_id: 7, role_id: 3 },
    ],
  },
];
const data: RolesData = { roles, permissions, groups, users, projects, assignmentsFromDirectory: false };

const loadRoles = createDeferredActor<RolesData>({ output: data });
const createRole = createDeferredActor<{ id: number }, { name: string }>({ output: { id: 9 } });
const deleteRole = createDeferredActor<unknown, { roleId: number }>({ output: {} });
const saveRolePermissions = createDeferredActor<unknown, { roles: Array<{ id: number; permissions: number[] }> }>({
  output: {},
});
const saveProjectMembers = createDeferredActor<unknown, ProjectMembersInput>({ output: {} });

const notices: Array<{ title: string; color: string }> = [];
let reloads = 0;
const machine = roleEditingMachine.provide({
  actors: {
    loadRoles: loadRoles.logic,
    createRole: createRole.logic,
    deleteRole: deleteRole.logic,
    saveRolePermissions: saveRolePermissions.logic,
    saveProjectMembers: saveProjectMembers.logic,
  },
  actions: {
    notify: (_, params) => {
      notices.push(params);
    },
    reloadPage: () => {
      reloads++;
    },
  },
});

const lastNotice = () => notices.at(-1)?.title;
const adaRoleSelect = () => screen.queryByRole('combobox', { name: 'Role of Ada (ada@example.com) in Demo bot' });

const executors = {
  'roles.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Retry' })),
  'filter.user': ({ user }) => user.selectOptions(screen.getByRole('combobox', { name: 'Filter by user' }), ''),
  'member.add': async ({ user, event, previous }) => {
    notices.length = 0;
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'User to add to Demo bot' }),
      String(event.userId ?? ''),
    );
    await user.click(screen.getByRole('button', { name: 'Add to Demo bot' }));
    if (event.userId === null) expect(lastNotice()).toBe(NO_USER_SELECTED);
    else if (alreadyAdded(previous.context, 1, event.userId)) expect(lastNotice()).toBe(USER_ALREADY_ADDED);
    else expect(notices).toEqual([]);
  },
  // A member already removed has no row: nothing to click, and the chart's change is a no-op too.
  'member.role': async ({ user, event }) => {
    const select = adaRoleSelect();
    if (select) await user.selectOptions(select, String(event.roleId));
  },
  'member.remove': async ({ user }) => {
    const button = screen.queryByRole('button', { name: `Remove ${UNKNOWN_USER} from Demo bot` });
    if (button) await user.click(button);
  },
  'role.select': ({ user, event }) =>
    user.click(screen.getByRole('button', { name: roles.find((r) => r.id === event.roleId)?.name })),
  'permission.toggle': ({ user }) => user.click(screen.getByRole('checkbox', { name: 'Edit intents' })),
  'permissions.selectAll': ({ user }) => user.click(screen.getByRole('button', { name: 'Select All' })),
  'permissions.unselectAll': ({ user }) => user.click(screen.getByRole('button', { name: 'Unselect All' })),
  'role.new': ({ user }) => user.click(screen.getByRole('button', { name: 'Add role' })),
  'role.create': async ({ user, event }) => {
    // A whole name at once: typing it key by key only slows every path down.
    fireEvent.change(screen.getByRole('textbox', { name: 'Role name' }), { target: { value: event.name } });
    await user.click(screen.getByRole('button', { name: 'Add' }));
  },
  'role.cancel': ({ user }) => user.click(screen.getByRole('button', { name: 'Cancel' })),
  'role.delete': async ({ user }) => {
    const button = screen.queryByRole('button', { name: 'Delete role' });
    if (button) await user.click(button);
  },
  'delete.confirm': ({ user }) =>
    user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' })),
  'delete.cancel': ({ user }) => user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' })),
  save: async ({ user, previous }) => {
    notices.length = 0;
    await user.keyboard('{Control>}s{/Control}');
    if (previous.matches({ ready: { editing: 'clean' } }))
      expect(notices).toEqual([{ title: NO_CHANGES, color: 'blue' }]);
  },
} satisfies ModelExecutors<typeof machine>;

const rolesScreen = () => screen.getByTestId('roles-screen');
/** The actor the view runs: details are checked against it, the harness checks its state equals the model's. */
let current: ActorRefFrom<typeof machine>;
const actual = () => current.getSnapshot().context;

const states: StateAssertions<typeof machine> = {
  loading: () => expect(screen.getByLabelText('Loading roles')).toBeInTheDocument(),
  failed: () => expect(screen.getByText('Roles could not be loaded.')).toBeInTheDocument(),
  ready: () => {
    const context = actual();
    const memberIds = context.draftProjects[0]?.users.map((u) => u.user_id) ?? [];
    expect(screen.queryByText(UNKNOWN_USER) !== null).toBe(memberIds.includes(7));
    const role = context.roles.find((r) => r.id === context.selectedRoleId);
    expect(
      within(screen.getByTestId('role-permissions')).getByRole('heading', { name: role?.name }),
    ).toBeInTheDocument();
    const ticked = context.draftPermissions[String(context.selectedRoleId)] ?? [];
    expect((screen.getByRole('checkbox', { name: 'Edit intents' }) as HTMLInputElement).checked).toBe(
      ticked.includes(2),
    );
    expect((screen.getByRole('checkbox', { name: 'View intents' }) as HTMLInputElement).checked).toBe(
      ticked.includes(1),
    );
  },
  'ready.editing': () => {
    const problem = actual().memberProblem;
    if (problem) expect(screen.getByRole('alert')).toHaveTextContent(problem.message);
    else expect(screen.queryByRole('alert')).toBeNull();
  },
  'ready.editing.clean': () => {
    expect(rolesScreen()).toHaveAttribute('data-dirty', 'false');
    expect(screen.getByRole('button', { name: 'Add role' })).toBeEnabled();
  },
  'ready.editing.dirty': () => {
    expect(rolesScreen()).toHaveAttribute('data-dirty', 'true');
    expect(screen.getByRole('button', { name: 'Add role' })).toBeDisabled();
  },
  'ready.naming': (state) => {
    expect(screen.getByRole('textbox', { name: 'Role name' })).toBeInTheDocument();
    if (state.context.nameError) expect(screen.getByText(state.context.nameError)).toBeInTheDocument();
    expect([null, ROLE_NAME_EMPTY, ROLE_NAME_DUPLICIT]).toContain(state.context.nameError);
  },
  'ready.creatingRole': () => expect(createRole.calls.at(-1)).toEqual({ name: actual().newRoleName }),
  'ready.confirmingDelete': () => {
    const role = actual().roles.find((r) => r.id === actual().selectedRoleId);
    expect(screen.getByRole('dialog', { name: `Delete role ${role?.name}?` })).toBeInTheDocument();
  },
  'ready.deletingRole': () => expect(deleteRole.calls.at(-1)).toEqual({ roleId: actual().selectedRoleId }),
  'ready.saving.roles': () => {
    const sent = saveRolePermissions.calls.at(-1)?.roles ?? [];
    expect(sent.length).toBeGreaterThan(0);
    for (const r of sent) expect(r.permissions).toEqual(actual().draftPermissions[String(r.id)]);
  },
  'ready.saving.projects': () => {
    expect(saveProjectMembers.calls.at(-1)).toEqual({
      projects: actual().draftProjects.map((p) => ({ project_id: p.project_id, users: p.users })),
    });
    expect(projectsDirty(actual())).toBe(true);
  },
  'ready.reloadScheduled': (state) => {
    expect(screen.getByRole('button', { name: /Save Roles & Permissions/ })).toHaveAttribute('data-loading', 'true');
    // After a save the draft is what was saved and the spec's notice shows; a new role or a deletion reloads too.
    if (createRole.pending === 0 && deleteRole.calls.length === 0 && createRole.calls.length === 0) {
      expect([ROLES_SAVED, PROJECTS_SAVED]).toContain(lastNotice());
      expect(rolesDirty(state.context) || projectsDirty(state.context)).toBe(false);
    }
    if (deleteRole.calls.length) expect(lastNotice()).toBe(ROLE_DELETED);
  },
};

describeModel({
  name: 'roleEditing',
  machine,
  render: (m) => {
    notices.length = 0;
    const actor = createActor(m, { input: {} }).start();
    current = actor;
    render(
      <MantineProvider env="test">
        <RolesView actor={actor} />
      </MantineProvider>,
    );
    return { actor };
  },
  executors,
  states,
  invokes: { loadRoles, createRole, deleteRole, saveRolePermissions, saveProjectMembers },
  events: [
    { type: 'filter.user', userId: null },
    { type: 'member.add', projectId: 1, userId: null },
    { type: 'member.add', projectId: 1, userId: 5 },
    { type: 'member.add', projectId: 1, userId: 1 },
    { type: 'member.role', projectId: 1, userId: 1, roleId: 2 },
    { type: 'member.remove', projectId: 1, userId: 7 },
    { type: 'role.select', roleId: VIEWER },
    { type: 'permission.toggle', permissionId: 2 },
    { type: 'role.create', name: ' ' },
    { type: 'role.create', name: 'editor' },
    { type: 'role.create', name: 'Support' },
  ],
  // Only what the guards read and what tells the guarded branches apart: small, and every path replays exactly.
  serializeContext: (c) => ({
    rolesDirty: rolesDirty(c),
    projectsDirty: projectsDirty(c),
    eveAdded: alreadyAdded(c, 1, 5),
    nameError: c.nameError,
    memberProblem: c.memberProblem?.message ?? null,
  }),
  // One walk to each state and each transition: the shortest path per projected context re-walks the same ones.
  paths: 'perTransition',
});

describe('roles screen details', () => {
  it('filters the members by user and reloads the page 300 ms after a save', async () => {
    const actor = createActor(machine, { input: {} }).start();
    render(
      <MantineProvider env="test">
        <RolesView actor={actor} />
      </MantineProvider>,
    );
    loadRoles.resolve();
    const u = userEvent.setup();
    await screen.findByTestId('roles-screen');
    await u.selectOptions(screen.getByRole('combobox', { name: 'Filter by user' }), '1');
    expect(screen.queryByText(UNKNOWN_USER)).toBeNull();
    expect(adaRoleSelect()).not.toBeNull();
    await u.click(screen.getByRole('button', { name: 'Administrator' }));
    expect(screen.getByRole('checkbox', { name: 'Edit intents' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete role' })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Viewer' }));
    await u.click(screen.getByRole('checkbox', { name: 'Edit intents' }));
    // Ticking "Edit intents" ticks "View intents", which it covers; unticking "View intents" unticks "Edit intents".
    expect(actor.getSnapshot().context.draftPermissions['3']).toEqual([1, 2]);
    await u.click(screen.getByRole('checkbox', { name: 'View intents' }));
    expect(actor.getSnapshot().context.draftPermissions['3']).toEqual([]);
    await u.click(screen.getByRole('checkbox', { name: 'Edit intents' }));
    const before = reloads;
    await u.click(screen.getByRole('button', { name: /Save Roles & Permissions/ }));
    expect(saveRolePermissions.calls.at(-1)).toEqual({ roles: [{ id: 3, permissions: [1, 2] }] });
    saveRolePermissions.resolve();
    await screen.findByTestId('roles-screen');
    await new Promise((r) => setTimeout(r, 50));
    expect(actor.getSnapshot().matches({ ready: 'reloadScheduled' })).toBe(true);
    expect(reloads).toBe(before);
    await new Promise((r) => setTimeout(r, 300));
    expect(reloads).toBe(before + 1);
    actor.stop();
  });

  it('is read-only without the grants, saying why; the chart refuses the changes too (issue 34)', async () => {
    const actor = createActor(machine, { input: { mayEditPermissions: false, mayAssign: false } }).start();
    render(
      <MantineProvider env="test">
        <RolesView actor={actor} />
      </MantineProvider>,
    );
    loadRoles.resolve();
    await screen.findByTestId('roles-screen');
    expect(screen.queryByRole('button', { name: /Save Roles & Permissions/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add role' })).toBeNull();
    expect(screen.getByTestId('permissions-read-only')).toHaveTextContent(READ_ONLY_PERMISSIONS);
    expect(screen.getByTestId('members-read-only')).toHaveTextContent(READ_ONLY_MEMBERS);
    expect(screen.getByRole('checkbox', { name: 'Edit intents' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Select All' })).toBeDisabled();
    expect(adaRoleSelect()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add to Demo bot' })).toBeNull();
    actor.send({ type: 'permission.toggle', permissionId: 2 });
    actor.send({ type: 'permissions.selectAll' });
    actor.send({ type: 'member.role', projectId: 1, userId: 1, roleId: 2 });
    actor.send({ type: 'member.remove', projectId: 1, userId: 1 });
    actor.send({ type: 'member.add', projectId: 1, userId: 5 });
    actor.send({ type: 'role.new' });
    expect(rolesDirty(actor.getSnapshot().context) || projectsDirty(actor.getSnapshot().context)).toBe(false);
    expect(actor.getSnapshot().matches({ ready: 'naming' })).toBe(false);
    actor.stop();
  });

  it("lets 'Assign users to projects' alone change and save members, not permissions", async () => {
    const actor = createActor(machine, { input: { mayEditPermissions: false, mayAssign: true } }).start();
    render(
      <MantineProvider env="test">
        <RolesView actor={actor} />
      </MantineProvider>,
    );
    loadRoles.resolve();
    await screen.findByTestId('roles-screen');
    expect(screen.getByRole('button', { name: /Save Roles & Permissions/ })).toBeInTheDocument();
    expect(screen.queryByTestId('members-read-only')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Edit intents' })).toBeDisabled();
    expect(adaRoleSelect()).toBeEnabled();
    actor.send({ type: 'member.role', projectId: 1, userId: 1, roleId: 2 });
    expect(projectsDirty(actor.getSnapshot().context)).toBe(true);
    actor.stop();
  });

  it('shows the assignments read-only when roles come from the corporate directory (spec 1 §6)', async () => {
    const actor = createActor(machine, { input: {} }).start();
    render(
      <MantineProvider env="test">
        <RolesView actor={actor} />
      </MantineProvider>,
    );
    loadRoles.resolve({ ...data, assignmentsFromDirectory: true });
    await screen.findByTestId('roles-screen');
    expect(screen.getByTestId('roles-from-directory')).toHaveTextContent(ROLES_FROM_DIRECTORY);
    expect(adaRoleSelect()).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to Demo bot' })).toBeNull();
    // The chart refuses member changes too, whoever sends them.
    actor.send({ type: 'member.remove', projectId: 1, userId: 1 });
    actor.send({ type: 'member.role', projectId: 1, userId: 1, roleId: 2 });
    actor.send({ type: 'member.add', projectId: 1, userId: 5 });
    expect(actor.getSnapshot().context.draftProjects).toEqual(projects);
    actor.stop();
  });
});
