import type { DoneActorEvent, OutputFrom } from 'xstate';
import { assign, setup } from 'xstate';
import { ADMINISTRATOR_ROLE_ID, ROLE_NAME_DUPLICIT, ROLE_NAME_EMPTY, type Role } from '../../api/contract/roles.ts';
import {
  DEFAULT_ROLE_ID,
  NO_USER_SELECTED,
  type ProjectMembers,
  USER_ALREADY_ADDED,
} from '../../api/contract/users-admin.ts';
import { type RolesData, roleEditingActors } from './actors.ts';
import {
  type PermissionDraft,
  changedProjects,
  changedRoleIds,
  togglePermission,
  updateProject,
  withCovered,
  withRolePermissions,
} from './draft.ts';
import type { RoleEditingEvent } from './events.ts';
import * as g from './guards.ts';
import type { RoleEditingContext, RoleEditingInput } from './types.ts';

// Texts of spec 1 §8, verbatim.
export const ROLES_SAVED = 'Roles permissions saved';
export const PROJECTS_SAVED = 'Projects permissions saved';
export const NO_CHANGES = 'No changes to save';
export const ROLE_DELETED = 'Role deleted';

type Notice = { title: string; message?: string; color: 'red' | 'green' | 'yellow' | 'blue' };

const empty: RoleEditingContext = {
  roles: [],
  permissions: [],
  groups: [],
  users: [],
  savedPermissions: {},
  savedProjects: [],
  draftPermissions: {},
  draftProjects: [],
  selectedRoleId: null,
  userFilter: null,
  newRoleName: '',
  nameError: null,
  memberProblem: null,
  assignmentsFromDirectory: false,
  mayEditPermissions: true,
  mayAssign: true,
};

const permissionsOf = (roles: Role[]): PermissionDraft =>
  Object.fromEntries(roles.map((r) => [String(r.id), [...r.permissions].sort((a, b) => a - b)]));

function loaded(context: RoleEditingContext, data: RolesData): RoleEditingContext {
  // Keep the role in view across a reload; else the first one whose checklist can change (not the Administrator).
  const selected = data.roles.some((r) => r.id === context.selectedRoleId)
    ? context.selectedRoleId
    : (data.roles.find((r) => r.id !== ADMINISTRATOR_ROLE_ID)?.id ?? data.roles[0]?.id ?? null);
  return {
    ...empty,
    ...data,
    savedPermissions: permissionsOf(data.roles),
    draftPermissions: permissionsOf(data.roles),
    savedProjects: data.projects,
    draftProjects: data.projects,
    selectedRoleId: selected,
    userFilter: context.userFilter,
    mayEditPermissions: context.mayEditPermissions,
    mayAssign: context.mayAssign,
  };
}

/**
 * The roles screen (spec 1 §2 Roles, §4–§8): a draft of role permissions and project members beside what was
 * saved, dirty tracking, validation of new members and role names, role creation and confirmed deletion, and
 * saving both halves, each followed by a reload after 300 ms. Adding or deleting a role reloads too, so both are
 * offered only while nothing is unsaved.
 */
export const roleEditingMachine = setup({
  types: {
    context: {} as RoleEditingContext,
    input: {} as RoleEditingInput | undefined,
    events: {} as RoleEditingEvent,
  },
  actors: roleEditingActors,
  guards: {
    draftDiffers: ({ context }) => g.draftDiffers(context),
    draftSame: ({ context }) => !g.draftDiffers(context),
    rolesDirty: ({ context }) => g.rolesDirty(context),
    projectsDirty: ({ context }) => g.projectsDirty(context),
    mayEditRolePermissions: ({ context }) => g.mayEditRolePermissions(context),
    mayAddRole: ({ context }) => context.mayEditPermissions,
    isDeletableRole: ({ context }) => g.isDeletableRole(context),
    // Only where members may change: a read-only screen answers nothing at all.
    noUserChosen: ({ context, event }) =>
      g.mayChangeMembers(context) && event.type === 'member.add' && event.userId === null,
    alreadyAdded: ({ context, event }) =>
      g.mayChangeMembers(context) &&
      event.type === 'member.add' &&
      g.alreadyAdded(context, event.projectId, event.userId),
    assignmentsEditable: ({ context }) => g.mayChangeMembers(context),
    nameEmpty: ({ event }) => event.type === 'role.create' && g.nameEmpty(event.name),
    nameDuplicit: ({ context, event }) => event.type === 'role.create' && g.nameDuplicit(context, event.name),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    /** The page reloads after role or project saves (spec 1 §4), so menus follow the new permissions. */
    reloadPage: () => {},
    clearMemberProblem: assign({ memberProblem: null }),
    /** One project's members changed in the draft (added, given another role, removed); a member problem is cleared. */
    editMembers: assign(
      (
        { context },
        params: { projectId: number; change: (users: ProjectMembers['users']) => ProjectMembers['users'] },
      ) => ({
        memberProblem: null,
        draftProjects: updateProject(context.draftProjects, params.projectId, params.change),
      }),
    ),
    storeOnLoadRoles: assign(
      ({ context }, event: DoneActorEvent<OutputFrom<(typeof roleEditingActors)['loadRoles']>>) =>
        loaded(context, event.output),
    ),
    clearNameError: assign({ nameError: null }),
    rememberUserFilter: assign({
      userFilter: (_, event: Extract<RoleEditingEvent, { type: 'filter.user' }>) => event.userId,
    }),
    rememberSelectedRoleId: assign({
      selectedRoleId: (_, event: Extract<RoleEditingEvent, { type: 'role.select' }>) => event.roleId,
    }),
    rememberMemberProblem: assign({
      memberProblem: (_, event: Extract<RoleEditingEvent, { type: 'member.add' }>) => ({
        projectId: event.projectId,
        message: NO_USER_SELECTED,
      }),
    }),
    rememberMemberProblemOnMemberAdd: assign({
      memberProblem: (_, event: Extract<RoleEditingEvent, { type: 'member.add' }>) => ({
        projectId: event.projectId,
        message: USER_ALREADY_ADDED,
      }),
    }),
    rememberDraftPermissions: assign({
      draftPermissions: ({ context }, event: Extract<RoleEditingEvent, { type: 'permission.toggle' }>) =>
        withRolePermissions(context.draftPermissions, context.selectedRoleId, (ticked) =>
          togglePermission(ticked, event.permissionId, context.permissions),
        ),
    }),
    resetDraftPermissions: assign({
      draftPermissions: ({ context }) =>
        withRolePermissions(context.draftPermissions, context.selectedRoleId, () =>
          withCovered(
            context.permissions.map((p) => p.id),
            context.permissions,
          ),
        ),
    }),
    resetDraftPermissionsOnPermissionsUnselectAll: assign({
      draftPermissions: ({ context }) =>
        withRolePermissions(context.draftPermissions, context.selectedRoleId, () => []),
    }),
    resetNameError: assign({ nameError: ROLE_NAME_EMPTY }),
    resetNameErrorOnRoleCreate: assign({ nameError: ROLE_NAME_DUPLICIT }),
    rememberNewRoleName: assign({
      newRoleName: (_, event: Extract<RoleEditingEvent, { type: 'role.create' }>) => event.name.trim(),
      nameError: null,
    }),
    clearNewRoleNameAndNameError: assign({ newRoleName: '', nameError: null }),
    storeRolesAndSavedPermissionsEtc: assign(
      ({ context }, event: DoneActorEvent<OutputFrom<(typeof roleEditingActors)['createRole']>>) => ({
        roles: [...context.roles, { id: event.output.id, name: context.newRoleName, permissions: [] }],
        savedPermissions: { ...context.savedPermissions, [String(event.output.id)]: [] },
        draftPermissions: { ...context.draftPermissions, [String(event.output.id)]: [] },
        selectedRoleId: event.output.id,
        newRoleName: '',
      }),
    ),
    storeSavedPermissions: assign({ savedPermissions: ({ context }) => context.draftPermissions }),
    storeSavedProjects: assign({ savedProjects: ({ context }) => context.draftProjects }),
  },
  delays: {
    /** Spec 1 §4: "After role or project saves the page reloads after 300 ms." */
    reloadAfterSave: 300,
  },
}).createMachine({
  id: 'roleEditing',
  description:
    "Roles and permissions screen: roles, their permissions per resource and environment, users' roles, saved together.",
  // The page reloads after saves (spec 1 §4): the role in view comes back through the input.
  context: ({ input }) => ({
    ...empty,
    selectedRoleId: input?.selectedRoleId ?? null,
    mayEditPermissions: input?.mayEditPermissions ?? true,
    mayAssign: input?.mayAssign ?? true,
  }),
  initial: 'loading',
  states: {
    loading: {
      id: 'loading',
      description: 'Loading roles, the permission catalogue, users and project members.',
      tags: ['loading'],
      invoke: {
        id: 'loadRoles',
        src: 'loadRoles',
        input: () => undefined,
        onDone: { target: 'ready', actions: { type: 'storeOnLoadRoles', params: ({ event }) => event } },
        onError: 'failed',
      },
    },
    failed: {
      description: 'Loading failed (the error was already reported); a retry is offered.',
      on: { 'roles.retry': 'loading' },
    },
    ready: {
      description: 'Roles and members are shown and can be edited.',
      initial: 'editing',
      states: {
        editing: {
          id: 'editing',
          description: 'Editing the draft; after every change it is compared with what was saved.',
          initial: 'clean',
          states: {
            clean: {
              description:
                "The draft is what was saved: saving says 'No changes to save'; roles can be added and deleted.",
              always: { guard: 'draftDiffers', target: 'dirty' },
              on: {
                save: {
                  actions: [{ type: 'notify', params: { title: NO_CHANGES, color: 'blue' } }, 'clearMemberProblem'],
                },
                // Spec 1 §6: adding a role needs PUT /system/roles/permissions.
                'role.new': {
                  guard: 'mayAddRole',
                  target: '#naming',
                  actions: ['clearMemberProblem', 'clearNameError'],
                },
                'role.delete': { guard: 'isDeletableRole', target: '#confirmingDelete', actions: 'clearMemberProblem' },
              },
            },
            dirty: {
              description: 'The draft differs from what was saved; leaving the screen asks first.',
              tags: ['unsaved'],
              always: { guard: 'draftSame', target: 'clean' },
              on: {
                save: [
                  { guard: 'rolesDirty', target: '#saving.roles', actions: 'clearMemberProblem' },
                  { target: '#saving.projects', actions: 'clearMemberProblem' },
                ],
              },
            },
          },
          on: {
            'filter.user': {
              actions: ['clearMemberProblem', { type: 'rememberUserFilter', params: ({ event }) => event }],
            },
            'role.select': {
              actions: ['clearMemberProblem', { type: 'rememberSelectedRoleId', params: ({ event }) => event }],
            },
            // Validating a new member (spec 1 §5): chosen, and not yet in the project; read-only without the grant.
            'member.add': [
              {
                guard: 'noUserChosen',
                actions: [
                  { type: 'notify', params: { title: NO_USER_SELECTED, color: 'yellow' } },
                  { type: 'rememberMemberProblem', params: ({ event }) => event },
                ],
              },
              {
                guard: 'alreadyAdded',
                actions: [
                  { type: 'notify', params: { title: USER_ALREADY_ADDED, color: 'yellow' } },
                  { type: 'rememberMemberProblemOnMemberAdd', params: ({ event }) => event },
                ],
              },
              {
                // Managed in the directory: nothing is added here (the view offers no box either).
                guard: 'assignmentsEditable',
                actions: {
                  type: 'editMembers',
                  params: ({ event }) => ({
                    projectId: event.projectId,
                    change: (users) => [...users, { user_id: event.userId as number, role_id: DEFAULT_ROLE_ID }],
                  }),
                },
              },
            ],
            'member.role': {
              guard: 'assignmentsEditable',
              actions: {
                type: 'editMembers',
                params: ({ event }) => ({
                  projectId: event.projectId,
                  change: (users) =>
                    users.map((u) => (u.user_id === event.userId ? { ...u, role_id: event.roleId } : u)),
                }),
              },
            },
            'member.remove': {
              guard: 'assignmentsEditable',
              actions: {
                type: 'editMembers',
                params: ({ event }) => ({
                  projectId: event.projectId,
                  change: (users) => users.filter((u) => u.user_id !== event.userId),
                }),
              },
            },
            'permission.toggle': {
              guard: 'mayEditRolePermissions',
              actions: ['clearMemberProblem', { type: 'rememberDraftPermissions', params: ({ event }) => event }],
            },
            'permissions.selectAll': {
              guard: 'mayEditRolePermissions',
              actions: ['clearMemberProblem', 'resetDraftPermissions'],
            },
            'permissions.unselectAll': {
              guard: 'mayEditRolePermissions',
              actions: ['clearMemberProblem', 'resetDraftPermissionsOnPermissionsUnselectAll'],
            },
          },
        },
        naming: {
          id: 'naming',
          description:
            "The new role form; a name is validated on Add: 'Role name cannot be empty', 'Duplicit role name'.",
          on: {
            'role.create': [
              { guard: 'nameEmpty', actions: 'resetNameError' },
              { guard: 'nameDuplicit', actions: 'resetNameErrorOnRoleCreate' },
              {
                target: 'creatingRole',
                actions: { type: 'rememberNewRoleName', params: ({ event }) => event },
              },
            ],
            'role.cancel': { target: '#editing', actions: 'clearNewRoleNameAndNameError' },
          },
        },
        creatingRole: {
          description: 'PUT /roles/-1 with the name; then the page reloads like after any role save.',
          tags: ['busy'],
          invoke: {
            id: 'createRole',
            src: 'createRole',
            input: ({ context }) => ({ name: context.newRoleName }),
            onDone: {
              target: 'reloadScheduled',
              // Shown at once, with no permissions yet, until the reload brings it from the server.
              actions: { type: 'storeRolesAndSavedPermissionsEtc', params: ({ event }) => event },
            },
            onError: '#naming',
          },
        },
        confirmingDelete: {
          id: 'confirmingDelete',
          description: 'Asks to confirm: deleting a role removes all its holders from every project.',
          on: { 'delete.confirm': 'deletingRole', 'delete.cancel': '#editing' },
        },
        deletingRole: {
          description: 'Deleting the role on the server.',
          tags: ['busy'],
          invoke: {
            id: 'deleteRole',
            src: 'deleteRole',
            input: ({ context }) => ({ roleId: context.selectedRoleId as number }),
            onDone: {
              target: 'reloadScheduled',
              actions: { type: 'notify', params: { title: ROLE_DELETED, color: 'green' } },
            },
            onError: '#editing',
          },
        },
        saving: {
          id: 'saving',
          description: 'Saving the changed half or halves: role permissions first, then project members.',
          tags: ['busy', 'saving', 'unsaved'],
          initial: 'roles',
          states: {
            roles: {
              description: 'PUT /roles/permissions with every changed role.',
              invoke: {
                id: 'saveRolePermissions',
                src: 'saveRolePermissions',
                input: ({ context }) => ({
                  roles: changedRoleIds(context.savedPermissions, context.draftPermissions).map((id) => ({
                    id,
                    permissions: context.draftPermissions[String(id)] ?? [],
                  })),
                }),
                onDone: [
                  {
                    guard: 'projectsDirty',
                    target: 'projects',
                    actions: [
                      'storeSavedPermissions',
                      { type: 'notify', params: { title: ROLES_SAVED, color: 'green' } },
                    ],
                  },
                  {
                    target: '#reloadScheduled',
                    actions: [
                      'storeSavedPermissions',
                      { type: 'notify', params: { title: ROLES_SAVED, color: 'green' } },
                    ],
                  },
                ],
                onError: '#editing',
              },
            },
            projects: {
              description: 'PUT /users/projects with every changed project.',
              invoke: {
                id: 'saveProjectMembers',
                src: 'saveProjectMembers',
                input: ({ context }) => ({
                  projects: changedProjects(context.savedProjects, context.draftProjects).map((p) => ({
                    project_id: p.project_id,
                    users: p.users,
                  })),
                }),
                onDone: {
                  target: '#reloadScheduled',
                  actions: [
                    'storeSavedProjects',
                    { type: 'notify', params: { title: PROJECTS_SAVED, color: 'green' } },
                  ],
                },
                onError: '#editing',
              },
            },
          },
        },
        reloadScheduled: {
          id: 'reloadScheduled',
          description: 'Saved; the page reloads after 300 ms.',
          tags: ['busy'],
          after: { reloadAfterSave: { target: '#loading', actions: 'reloadPage' } },
        },
      },
    },
  },
});
