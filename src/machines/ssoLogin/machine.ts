import { assign, fromPromise, setup } from 'xstate';
import { LOGIN_FAILED } from '../../api/contract/auth.ts';

export type SsoLoginEvent = { type: 'sso.start' };
export interface SsoResponse {
  code: string;
  state: string;
  iss?: string;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`ssoLogin actor ${name} not provided`));

/** The login screen's single sign-on: shown only when configured; completes when the provider sent a code back. */
export const ssoLoginMachine = setup({
  types: {
    context: {} as { response: SsoResponse | null; failed: boolean },
    events: {} as SsoLoginEvent,
    input: {} as { response: SsoResponse | null },
  },
  actors: {
    loadConfig: fromPromise<{ enabled: boolean }>(notProvided('loadConfig')),
    start: fromPromise<{ msal_url: string }>(notProvided('start')),
    complete: fromPromise<void, SsoResponse>(notProvided('complete')),
  },
  actions: {
    /** Leaves for the provider's sign-in page. */
    redirect: (_, _params: { url: string }) => {},
    /** Signed in: reload the console without the provider's query so the session picks up the cookie. */
    enterConsole: () => {},
    /** A failure's one toast, 'Login failed.' with the server's reason; nothing when the client's table told. */
    notifyFailure: (_, _params: { error: unknown; title: string }) => {},
    rememberFailed: assign({ response: null, failed: true }),
  },
  guards: { hasResponse: ({ context }) => context.response !== null },
}).createMachine({
  id: 'ssoLogin',
  description: "Corporate single sign-on: the provider's answer checked and the session started or refused.",
  context: ({ input }) => ({ response: input.response, failed: false }),
  initial: 'checking',
  states: {
    checking: {
      description: 'Did the provider just send the browser back with a code?',
      always: [{ guard: 'hasResponse', target: 'completing' }, { target: 'loadingConfig' }],
    },
    loadingConfig: {
      description: 'Asking whether single sign-on is configured.',
      invoke: {
        id: 'loadConfig',
        src: 'loadConfig',
        onDone: [{ guard: ({ event }) => event.output.enabled, target: 'ready' }, { target: 'hidden' }],
        onError: 'hidden',
      },
    },
    hidden: { description: 'Not configured: no button.' },
    ready: {
      description: 'The SSO button is shown.',
      on: { 'sso.start': 'redirecting' },
    },
    redirecting: {
      description: 'Getting the provider URL, then leaving for it.',
      tags: ['busy'],
      invoke: {
        id: 'start',
        src: 'start',
        onDone: { actions: { type: 'redirect', params: ({ event }) => ({ url: event.output.msal_url }) } },
        onError: {
          target: 'ready',
          actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error, title: LOGIN_FAILED }) },
        },
      },
    },
    completing: {
      description: 'Exchanging the code for a session.',
      tags: ['busy'],
      invoke: {
        id: 'complete',
        src: 'complete',
        input: ({ context }) => context.response as SsoResponse,
        onDone: { actions: 'enterConsole' },
        onError: {
          target: 'loadingConfig',
          actions: [
            'rememberFailed',
            { type: 'notifyFailure', params: ({ event }) => ({ error: event.error, title: LOGIN_FAILED }) },
          ],
        },
      },
    },
  },
});
