import { ApiError, resetApiClient, setApiScope } from '../../api/client.ts';
import { fromPromise } from 'xstate';
import { LoginFailure, PasswordRefused } from './actors.ts';
import { sessionMachine } from './machine.ts';
import { showNotice } from '../../console/notices.ts';
import { navigateTo } from '../../console/navigation.ts';

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

// The calls (their contracts and zod) load on first use, beside the first screen, rather than with the entry.
const authCalls = () => import('../../api/auth.ts');

export const providedSessionMachine = sessionMachine.provide({
  actors: {
    fetchMe: fromPromise(async () => (await import('../../api/users.ts')).loadCurrentUser()),
    login: fromPromise(async ({ input }) => {
      try {
        const answer = await (await authCalls()).submitLogin({
          email: input.email,
          passwd: input.passwd,
          otp: input.otp,
        });
        return answer.user;
      } catch (error) {
        throw toLoginFailure(error);
      }
    }),
    logout: fromPromise(async () => {
      await (await authCalls()).endSession();
    }),
    validatePassword: fromPromise(async ({ input }) => (await authCalls()).checkNewPassword(input)),
    changePassword: fromPromise(async ({ input }) => {
      try {
        await (await authCalls()).changeMyPassword(input.userId, input.passwd, input.current);
      } catch (error) {
        // 400: the policy, reuse or a wrong current password; 429: too many wrong ones. Shown in the dialog.
        if (error instanceof ApiError && (error.status === 400 || error.status === 429))
          throw new PasswordRefused(error.message);
        throw error;
      }
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
