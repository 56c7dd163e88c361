import { fromPromise } from 'xstate';
import { loadSsoConfig, completeSsoLogin, startSsoLogin } from '../../api/sso.ts';
import { ssoLoginMachine } from './machine.ts';
import { notifyFailure } from '../../console/notices.ts';

/** Single sign-on with its real side effects: the API and whole-page navigation (to the provider and back in). */
export const providedSsoLoginMachine = ssoLoginMachine.provide({
  actors: {
    loadConfig: fromPromise(async () => ({ enabled: (await loadSsoConfig()).enabled })),
    start: fromPromise(() => startSsoLogin()),
    complete: fromPromise(async ({ input }) => {
      await completeSsoLogin(input);
    }),
  },
  actions: {
    redirect: (_, params) => location.assign(params.url),
    enterConsole: () => location.replace(`${location.origin}${location.pathname}#/app/dashboard`),
    notifyFailure: (_, params) => notifyFailure(params.error, params.title),
  },
});
