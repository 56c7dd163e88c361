import { notifications } from '@mantine/notifications';
import { navigate } from 'wouter/use-hash-location';
import { changeMyPasswd, login, logout, validatePasswd } from '../api/auth.ts';
import { ApiError, configureApiClient, type Notice, resetApiClient, setApiScope } from '../api/client.ts';
import { getProjects, insertProject } from '../api/projects.ts';
import { getMe } from '../api/users.ts';
import { fromPromise } from 'xstate';
import { menuModeMachine } from './menuMode/machine.ts';
import { projectSelectionMachine } from './projectSelection/machine.ts';
import { LoginFailure } from './session/actors.ts';
import { sessionMachine } from './session/machine.ts';

/**
 * The one provider module: gives the machines their real side effects (the API client, wouter's hash
 * navigation, Mantine notifications). Tests provide fakes instead.
 */

export function showNotice(notice: Notice): void {
  notifications.show({
    title: notice.title,
    message: notice.message ?? '',
    color: notice.color,
    autoClose: notice.autoClose ?? (notice.color === 'red' ? 8000 : 4000),
  });
}

/** The page as the router sees it: hash path plus the query (project_id lives in the real query string). */
export function currentPage(): string {
  const path = `/${location.hash.replace(/^#?\/?/, '')}`;
  return `${path}${location.search}`;
}

export function navigateTo(to: string, replace = false): void {
  navigate(to, { replace });
}

/** Login failures the session machine distinguishes (spec 1 §8; 'otp_required' asks for the code). */
function toLoginFailure(error: unknown): LoginFailure {
  if (error instanceof ApiError) {
    if (error.status === 429) return new LoginFailure('suspended');
    const message =
      error.data && typeof error.data === 'object' && 'message' in error.data ? String(error.data.message) : '';
    if (error.status === 401 && message === 'otp_required') return new LoginFailure('otp_required');
  }
  return new LoginFailure('failed');
}

export const providedSessionMachine = sessionMachine.provide({
  actors: {
    fetchMe: fromPromise(() => getMe()),
    login: fromPromise(async ({ input }) => {
      try {
        const answer = await login({ email: input.email, passwd: input.passwd, otp: input.otp });
        return answer.user;
      } catch (error) {
        throw toLoginFailure(error);
      }
    }),
    logout: fromPromise(async () => {
      await logout();
    }),
    validatePassword: fromPromise(({ input }) => validatePasswd(input)),
    changePassword: fromPromise(async ({ input }) => {
      await changeMyPasswd(input.userId, input.passwd);
    }),
  },
  actions: {
    navigate: (_, params) => navigateTo(params.to, params.replace),
    notify: (_, params) => showNotice(params),
    publishUser: (_, params) => {
      if (params.user) setApiScope({ user: params.user });
      else resetApiClient();
    },
  },
});

/** Write project_id into the query; on a change of project drop conversation_id (spec 1 §2). */
export function writeProjectQuery(projectId: number | null, dropConversation: boolean): void {
  const params = new URLSearchParams(location.search);
  if (projectId === null) params.delete('project_id');
  else params.set('project_id', String(projectId));
  if (dropConversation) params.delete('conversation_id');
  const path = `/${location.hash.replace(/^#?\/?/, '').split('?')[0]}`;
  const search = params.toString();
  if (`?${search}` === location.search || (search === '' && location.search === '')) return;
  navigate(`${path}?${search}`, { replace: true });
}

export const providedProjectSelectionMachine = projectSelectionMachine.provide({
  actors: {
    loadProjects: fromPromise(() => getProjects()),
    createProject: fromPromise(({ input }) => insertProject({ name: input.name })),
  },
  actions: {
    notify: (_, params) => showNotice(params),
    publishProject: (_, params) => {
      setApiScope({ projectId: params.projectId });
      writeProjectQuery(params.projectId, params.changed);
    },
  },
});

export const providedMenuModeMachine = menuModeMachine.provide({
  actions: { navigate: (_, params) => navigateTo(params.to) },
});

/** Connect the API client's error table and pending count to the app. */
export function connectApiClient(handlers: {
  onSessionLost: (returnTo: string) => void;
  onPendingChange: (delta: 1 | -1) => void;
}): void {
  configureApiClient({
    notify: showNotice,
    onSessionLost: () => handlers.onSessionLost(currentPage()),
    onPendingChange: (_, delta) => handlers.onPendingChange(delta),
  });
}
