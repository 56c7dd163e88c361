import type { DoneActorEvent, ErrorActorEvent, OutputFrom } from 'xstate';
import { assign, setup } from 'xstate';
import { SAVE_SUCCESS } from '../../api/contract/settings.ts';
import type { AdminUser } from '../../api/contract/users-admin.ts';
import { type RoleOption, type UserChange, type UserForm, usersAdminActors } from './actors.ts';
import type { UsersAdminEvent } from './events.ts';
import { EMPTY_FORM, formErrors } from './form.ts';

type Notice = { title: string; message?: string; color: 'red' | 'green' | 'yellow' | 'blue' };

export interface UsersAdminContext {
  /** What the server answered last; kept while reloading so the table does not flash. */
  users: AdminUser[] | null;
  /** The roles a new user can be given in a project. */
  roles: RoleOption[];
  /** Projects where the caller may give roles (PUT /users/projects), offered in the new user form. */
  projects: { id: number; name: string }[];
  /** The project a new user gets a role in unless changed: the current one, when the caller may assign there. */
  defaultProjectId: number | null;
  /** The user being created or edited. */
  form: UserForm;
  /** The server's refusal of the last save (e.g. 'Email address is already used.'), shown in the form. */
  saveError: string | null;
  /** The delete or reset waiting for confirmation, then running. */
  change: UserChange | null;
  /** A new or reset password, shown once until dismissed. */
  oneOffPassword: { email: string; password: string } | null;
}

export interface UsersAdminInput {
  projects?: { id: number; name: string }[];
  defaultProjectId?: number | null;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const userById = (context: UsersAdminContext, id: number) => context.users?.find((u) => u.id === id);

/**
 * The users screen (spec 1 §7 users): list, create with a one-off password (and a role in a project, in the same
 * call: issue 34), edit, delete and reset, one at a time.
 */
export const usersAdminMachine = setup({
  types: { context: {} as UsersAdminContext, events: {} as UsersAdminEvent, input: {} as UsersAdminInput | undefined },
  actors: usersAdminActors,
  guards: {
    isKnownUser: ({ context, event }) => 'id' in event && userById(context, event.id) !== undefined,
    isFormValid: ({ context }) => Object.keys(formErrors(context.form)).length === 0,
  },
  actions: {
    notify: (_, _params: Notice) => {},
    /** A failure's one toast, the server's message; nothing when the client's table told (a lost session). */
    notifyFailure: (_, _params: { error: unknown }) => {},
    clearOneOffPassword: assign({ oneOffPassword: null }),
    storeUsers: assign((_, event: DoneActorEvent<OutputFrom<(typeof usersAdminActors)['loadUsers']>>) => ({
      users: event.output.users,
      roles: event.output.roles,
    })),
    /** A new user: in the current project with the default role, unless changed (issue 34: one dialog). */
    resetForm: assign({
      form: ({ context }) => ({ ...EMPTY_FORM, projectId: context.defaultProjectId }),
      saveError: null,
    }),
    rememberForm: assign({
      form: ({ context }, event: Extract<UsersAdminEvent, { type: 'user.edit' }>) => {
        const user = userById(context, event.id)!;
        return { ...EMPTY_FORM, id: user.id, name: user.name, email: user.email, active: user.active };
      },
      saveError: null,
    }),
    rememberChange: assign({
      change: ({ context }, event: Extract<UsersAdminEvent, { type: 'user.delete' }>) => ({
        kind: 'delete',
        user: userById(context, event.id)!,
      }),
    }),
    rememberChangeOnUserReset: assign({
      change: ({ context }, event: Extract<UsersAdminEvent, { type: 'user.reset' }>) => ({
        kind: 'reset',
        user: userById(context, event.id)!,
      }),
    }),
    rememberFormOnFormChange: assign({
      form: ({ context }, event: Extract<UsersAdminEvent, { type: 'form.change' }>) => ({
        ...event.form,
        id: context.form.id,
      }),
      saveError: null,
    }),
    storeOneOffPassword: assign({
      oneOffPassword: ({ context }, event: DoneActorEvent<OutputFrom<(typeof usersAdminActors)['saveUser']>>) =>
        event.output.password ? { email: context.form.email, password: event.output.password } : null,
    }),
    rememberSaveError: assign({ saveError: (_, event: ErrorActorEvent) => messageOf(event.error) }),
    clearChange: assign({ change: null }),
    storeOneOffPasswordOnApplyChange: assign({
      oneOffPassword: ({ context }, event: DoneActorEvent<OutputFrom<(typeof usersAdminActors)['applyChange']>>) =>
        event.output.password ? { email: context.change!.user.email, password: event.output.password } : null,
      change: null,
    }),
  },
}).createMachine({
  id: 'usersAdmin',
  description: 'Users of the platform: list, create, edit, delete and password reset.',
  context: ({ input }) => {
    const projects = input?.projects ?? [];
    const current = input?.defaultProjectId ?? null;
    return {
      users: null,
      roles: [],
      projects,
      defaultProjectId: projects.some((p) => p.id === current) ? current : null,
      form: EMPTY_FORM,
      saveError: null,
      change: null,
      oneOffPassword: null,
    };
  },
  initial: 'loading',
  on: { 'password.dismiss': { actions: 'clearOneOffPassword' } },
  states: {
    loading: {
      description: 'The users are being fetched.',
      tags: ['loading'],
      invoke: {
        id: 'loadUsers',
        src: 'loadUsers',
        onDone: { target: 'ready', actions: { type: 'storeUsers', params: ({ event }) => event } },
        onError: 'failed',
      },
    },
    failed: { description: 'The users could not be loaded; a retry asks again.', on: { 'users.reload': 'loading' } },
    ready: {
      description: 'The table is shown; one change at a time may start.',
      on: {
        'user.create': { target: 'editing', actions: 'resetForm' },
        'user.edit': {
          guard: 'isKnownUser',
          target: 'editing',
          actions: { type: 'rememberForm', params: ({ event }) => event },
        },
        'user.delete': {
          guard: 'isKnownUser',
          target: 'confirming',
          actions: { type: 'rememberChange', params: ({ event }) => event },
        },
        'user.reset': {
          guard: 'isKnownUser',
          target: 'confirming',
          actions: { type: 'rememberChangeOnUserReset', params: ({ event }) => event },
        },
      },
    },
    editing: {
      description:
        'The user form is open; it saves only when the name and email are valid. A new user may get a role in a project.',
      on: {
        'form.change': {
          actions: { type: 'rememberFormOnFormChange', params: ({ event }) => event },
        },
        'form.submit': { guard: 'isFormValid', target: 'saving' },
        'dialog.cancel': 'ready',
      },
    },
    saving: {
      description: 'The user is being created or updated; a refusal goes back to the form with its message.',
      tags: ['busy'],
      invoke: {
        id: 'saveUser',
        src: 'saveUser',
        input: ({ context }) => context.form,
        onDone: {
          target: 'loading',
          actions: [
            { type: 'storeOneOffPassword', params: ({ event }) => event },
            { type: 'notify', params: { title: SAVE_SUCCESS, color: 'green' } },
          ],
        },
        onError: { target: 'editing', actions: { type: 'rememberSaveError', params: ({ event }) => event } },
      },
    },
    confirming: {
      description: 'A delete or password reset waits for confirmation.',
      on: { 'change.confirm': 'applying', 'dialog.cancel': { target: 'ready', actions: 'clearChange' } },
    },
    applying: {
      description: 'The confirmed delete or reset runs; then the list is loaded again.',
      tags: ['busy'],
      invoke: {
        id: 'applyChange',
        src: 'applyChange',
        input: ({ context }) => context.change!,
        onDone: {
          target: 'loading',
          actions: [
            { type: 'storeOneOffPasswordOnApplyChange', params: ({ event }) => event },
            { type: 'notify', params: { title: SAVE_SUCCESS, color: 'green' } },
          ],
        },
        onError: {
          target: 'loading',
          actions: [{ type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) }, 'clearChange'],
        },
      },
    },
  },
});
