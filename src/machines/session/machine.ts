import type { DoneActorEvent, ErrorActorEvent, OutputFrom } from 'xstate';
import { assign, enqueueActions, not, setup } from 'xstate';
import type { CurrentUser } from '../../api/contract/users.ts';
import { type LoginFailure, PasswordRefused, sessionActors } from './actors.ts';
import type { SessionEvent } from './events.ts';
import {
  isCurrentPasswordGiven,
  isIdleTooLong,
  isLoginFormComplete,
  isOtpEnrolmentRequired,
  isOtpRequired,
  isPasswordAccepted,
  isPasswordEmpty,
  isPasswordExpired,
  isPasswordMismatch,
  loginFieldErrors,
  submittedLogin,
} from './guards.ts';
import { LOGGED_OUT_INACTIVITY, PASSWORD_CHANGED } from './selectors.ts';
import type { SessionContext, SessionInput } from './types.ts';

const DEFAULT_PAGE = '/app/dashboard';
const isAppPage = (path: string | null): path is string => !!path && path.startsWith('/app/');
const emptyPassword = { passwd: '', confirm: '', current: '', serverMessage: null };
const PASSWORD_NOT_CHANGED = 'Password not changed.';

/**
 * The browser session: who is logged in, the login with its optional one-time code, the forced one-time code
 * enrolment (platform setting require_otp), the forced password change, losing the session (401/403) with return
 * to the page, inactivity logout and logout.
 */
const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: sessionActors,
  delays: {
    inactivityCheckInterval: 60_000,
    passwordCheckDebounce: 250,
  },
  guards: {
    isLoginFormComplete,
    isOtpRequired,
    isPasswordExpired: (_, params: { user: CurrentUser }) => isPasswordExpired(params.user),
    isOtpEnrolmentRequired: (_, params: { user: CurrentUser }) => isOtpEnrolmentRequired(params.user),
    isStoredPasswordExpired: ({ context }) => isPasswordExpired(context.user),
    isPasswordEmpty,
    isPasswordMismatch,
    isPasswordAccepted,
    isCurrentPasswordGiven,
    isIdleTooLong,
    hasOtpStep: ({ context }) => context.otpRequired,
  },
  actions: {
    navigate: (_, _params: { to: string; replace?: boolean }) => {},
    notify: (_, _params: { title: string; message?: string; color: 'red' | 'green' | 'yellow' | 'blue' }) => {},
    /** Tell the API client (and anything else session-bound) who the user is now; null forgets the session. */
    publishUser: (_, _params: { user: CurrentUser | null }) => {},
    storeCredentials: assign(({ event }) =>
      event.type === 'login.submit' ? { credentials: { email: event.email, passwd: event.passwd } } : {},
    ),
    showFieldErrors: assign(({ context, event }) =>
      event.type === 'login.submit'
        ? { fieldErrors: loginFieldErrors(submittedLogin(context, event), context.otpRequired) }
        : {},
    ),
    clearLoginErrors: assign({ fieldErrors: {}, loginFailure: null }),
    requireOtp: assign({ otpRequired: true, loginFailure: null }),
    forgetOtp: assign({ otpRequired: false, credentials: null, loginFailure: null, fieldErrors: {} }),
    storePassword: assign(({ event }) =>
      event.type === 'password.input'
        ? { password: { passwd: event.passwd, confirm: event.confirm, current: event.current, serverMessage: null } }
        : {},
    ),
    touch: assign({ lastActivity: () => Date.now() }),
    storeUser: assign((_, params: { user: CurrentUser }) => ({
      user: params.user,
      credentials: null,
      otpRequired: false,
      lastActivity: Date.now(),
      logoutReason: null,
    })),
    clearReturnTo: assign({ returnTo: null }),
    /** The server lifts the restriction once a code is enrolled; the user is told so without another fetch. */
    markOtpEnrolled: assign({
      user: ({ context }) =>
        context.user ? { ...context.user, otp_enabled: true, otp_enrolment_required: false } : null,
    }),
    rememberLoginFailure: assign({ loginFailure: (_, event: ErrorActorEvent) => reasonOf(event.error) }),
    rememberLoginFailureOnLogin: assign({
      loginFailure: (_, event: ErrorActorEvent) => reasonOf(event.error),
      credentials: null,
    }),
    markLogoutByUser: assign({ logoutReason: 'user', returnTo: null }),
    rememberReturnTo: assign({
      user: null,
      returnTo: (_, event: Extract<SessionEvent, { type: 'session.expired' }>) =>
        isAppPage(event.returnTo) ? event.returnTo : null,
    }),
    resetPassword: assign({ password: emptyPassword }),
    storePasswordOnValidatePassword: assign({
      password: ({ context }, event: DoneActorEvent<OutputFrom<(typeof sessionActors)['validatePassword']>>) => ({
        ...context.password,
        serverMessage: event.output.msg,
      }),
    }),
    notePasswordNotChecked: assign({
      password: ({ context }) => ({
        ...context.password,
        serverMessage: 'The password could not be checked. Try again.',
      }),
    }),
    storeUserAndPassword: assign({
      user: ({ context }) => (context.user ? { ...context.user, password_expired: false } : null),
      password: emptyPassword,
    }),
    /** The server's own words when it refused the password (reuse, policy, wrong current one). */
    notePasswordNotChanged: assign({
      password: ({ context }, event: ErrorActorEvent) => ({
        ...context.password,
        serverMessage: event.error instanceof PasswordRefused ? event.error.message : PASSWORD_NOT_CHANGED,
      }),
    }),
    markLogoutByInactivity: assign({ logoutReason: 'inactivity', returnTo: null }),
  },
}).extend<{ enterSession: { user: CurrentUser } }>({
  actions: {
    /** The user the server answered with is kept and told to the API client: the one way into the session. */
    enterSession: enqueueActions(({ enqueue }, params) => {
      enqueue({ type: 'storeUser', params });
      enqueue({ type: 'publishUser', params });
    }),
  },
});

export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  description: 'Login, password change, one-time code, idle logout and the user in session.',
  context: ({ input }) => ({
    user: null,
    returnTo: isAppPage(input.location) ? input.location : null,
    credentials: null,
    otpRequired: false,
    loginFailure: null,
    fieldErrors: {},
    password: emptyPassword,
    inactivityMs: input.inactivityHours * 3_600_000,
    lastActivity: Date.now(),
    logoutReason: null,
  }),
  initial: 'loadingUser',
  states: {
    loadingUser: {
      description: 'Asking the server who the session cookie belongs to.',
      tags: ['loading'],
      invoke: {
        id: 'fetchMe',
        src: 'fetchMe',
        input: () => undefined,
        onDone: [
          {
            guard: { type: 'isOtpEnrolmentRequired', params: ({ event }) => ({ user: event.output }) },
            target: '#session.authenticated.access.otpEnrolment',
            actions: { type: 'enterSession', params: ({ event }) => ({ user: event.output }) },
          },
          {
            guard: { type: 'isPasswordExpired', params: ({ event }) => ({ user: event.output }) },
            target: '#session.authenticated.access.passwordChange',
            actions: { type: 'enterSession', params: ({ event }) => ({ user: event.output }) },
          },
          {
            target: 'authenticated',
            actions: { type: 'enterSession', params: ({ event }) => ({ user: event.output }) },
          },
        ],
        onError: { target: 'anonymous', actions: { type: 'navigate', params: { to: '/login', replace: true } } },
      },
    },
    anonymous: {
      description: 'Nobody is logged in: the login screen is shown.',
      initial: 'credentials',
      states: {
        credentials: {
          description: 'Email and password.',
          on: {
            'login.submit': [
              {
                guard: 'isLoginFormComplete',
                target: '#session.loggingIn',
                actions: ['clearLoginErrors', 'storeCredentials'],
              },
              { actions: 'showFieldErrors' },
            ],
          },
        },
        oneTimeCode: {
          description: 'The account has a one-time code enrolled: the 6-digit code is asked for.',
          on: {
            'login.submit': [
              { guard: 'isLoginFormComplete', target: '#session.loggingIn', actions: 'clearLoginErrors' },
              { actions: 'showFieldErrors' },
            ],
            'login.back': { target: 'credentials', actions: 'forgetOtp' },
          },
        },
      },
    },
    loggingIn: {
      description: 'Checking the credentials (and the code) with the server.',
      tags: ['loading'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context, event }) => ({
          email: context.credentials?.email ?? '',
          passwd: context.credentials?.passwd ?? '',
          otp: event.type === 'login.submit' && context.otpRequired ? event.otp : undefined,
        }),
        onDone: [
          {
            guard: { type: 'isOtpEnrolmentRequired', params: ({ event }) => ({ user: event.output }) },
            target: '#session.authenticated.access.otpEnrolment',
            actions: [
              { type: 'enterSession', params: ({ event }) => ({ user: event.output }) },
              { type: 'navigate', params: ({ context }) => ({ to: context.returnTo ?? DEFAULT_PAGE, replace: true }) },
              'clearReturnTo',
            ],
          },
          {
            guard: { type: 'isPasswordExpired', params: ({ event }) => ({ user: event.output }) },
            target: '#session.authenticated.access.passwordChange',
            actions: [
              { type: 'enterSession', params: ({ event }) => ({ user: event.output }) },
              // After login, back to the page the user was sent away from (spec 1 §2).
              { type: 'navigate', params: ({ context }) => ({ to: context.returnTo ?? DEFAULT_PAGE, replace: true }) },
              'clearReturnTo',
            ],
          },
          {
            target: 'authenticated',
            actions: [
              { type: 'enterSession', params: ({ event }) => ({ user: event.output }) },
              // After login, back to the page the user was sent away from (spec 1 §2).
              { type: 'navigate', params: ({ context }) => ({ to: context.returnTo ?? DEFAULT_PAGE, replace: true }) },
              'clearReturnTo',
            ],
          },
        ],
        onError: [
          { guard: 'isOtpRequired', target: 'anonymous.oneTimeCode', actions: 'requireOtp' },
          {
            guard: 'hasOtpStep',
            target: 'anonymous.oneTimeCode',
            actions: { type: 'rememberLoginFailure', params: ({ event }) => event },
          },
          {
            target: 'anonymous.credentials',
            actions: { type: 'rememberLoginFailureOnLogin', params: ({ event }) => event },
          },
        ],
      },
    },
    authenticated: {
      description: 'A user is logged in; the console is shown.',
      type: 'parallel',
      on: {
        'session.logout': { target: 'loggingOut', actions: 'markLogoutByUser' },
        'session.expired': {
          target: 'anonymous',
          actions: [
            { type: 'rememberReturnTo', params: ({ event }) => event },
            { type: 'publishUser', params: { user: null } },
            { type: 'navigate', params: { to: '/login' } },
          ],
        },
        'session.activity': { actions: 'touch' },
      },
      states: {
        access: {
          initial: 'ready',
          states: {
            otpEnrolment: {
              description:
                'The platform requires one-time codes and the user has none: the server allows only enrolment, ' +
                'so only the enrolment dialog is shown and it cannot be closed (logout still works).',
              tags: ['otpEnrolmentRequired'],
              on: {
                'otp.enrolled': [
                  {
                    guard: 'isStoredPasswordExpired',
                    target: 'passwordChange',
                    actions: [
                      'markOtpEnrolled',
                      { type: 'publishUser', params: ({ context }) => ({ user: context.user }) },
                    ],
                  },
                  {
                    target: 'ready',
                    actions: [
                      'markOtpEnrolled',
                      { type: 'publishUser', params: ({ context }) => ({ user: context.user }) },
                    ],
                  },
                ],
              },
            },
            passwordChange: {
              description:
                'The change-password dialog: forced when the password has expired (it cannot be closed then, and ' +
                'the current password is not asked for), or opened from the user menu by anyone (issue 34).',
              initial: 'editing',
              entry: 'resetPassword',
              on: {
                'password.close': { guard: not('isStoredPasswordExpired'), target: 'ready' },
              },
              states: {
                editing: {
                  description:
                    'Typing the new password twice (and the current one unless expired); validated on each keypress.',
                  initial: 'empty',
                  on: {
                    'password.input': [
                      { guard: 'isPasswordEmpty', target: '.empty', actions: 'storePassword' },
                      { guard: 'isPasswordMismatch', target: '.mismatch', actions: 'storePassword' },
                      { target: '.debouncing', actions: 'storePassword', reenter: true },
                    ],
                  },
                  states: {
                    empty: { description: "No password typed: 'No password provided.'" },
                    mismatch: { description: "The two entries differ: 'Passwords do not match'." },
                    debouncing: {
                      description: 'Both entries match; waiting for typing to pause before asking the server.',
                      after: { passwordCheckDebounce: 'checking' },
                    },
                    checking: {
                      description: 'The server checks length, common passwords and parts of the name or email.',
                      tags: ['loading'],
                      invoke: {
                        id: 'validatePassword',
                        src: 'validatePassword',
                        input: ({ context }) => ({
                          passwd: context.password.passwd,
                          email: context.user?.email ?? '',
                          name: context.user?.name ?? '',
                        }),
                        onDone: [
                          { guard: 'isPasswordAccepted', target: 'valid' },
                          {
                            target: 'rejected',
                            actions: { type: 'storePasswordOnValidatePassword', params: ({ event }) => event },
                          },
                        ],
                        onError: {
                          target: 'rejected',
                          actions: 'notePasswordNotChecked',
                        },
                      },
                    },
                    rejected: { description: 'The server refused the password: its message is shown.' },
                    valid: {
                      description: 'The password may be saved.',
                      on: {
                        'password.change': {
                          guard: 'isCurrentPasswordGiven',
                          target: '#session.authenticated.access.passwordChange.changing',
                        },
                      },
                    },
                  },
                },
                changing: {
                  description: "Saving the new password; a refusal shows the server's message.",
                  tags: ['loading'],
                  invoke: {
                    id: 'changePassword',
                    src: 'changePassword',
                    input: ({ context }) => ({
                      userId: context.user?.id ?? -1,
                      passwd: context.password.passwd,
                      current: context.password.current,
                    }),
                    onDone: {
                      target: '#session.authenticated.access.ready',
                      actions: [
                        'storeUserAndPassword',
                        { type: 'publishUser', params: ({ context }) => ({ user: context.user }) },
                        { type: 'notify', params: { title: PASSWORD_CHANGED, color: 'green' } },
                      ],
                    },
                    onError: {
                      target: 'editing.rejected',
                      actions: { type: 'notePasswordNotChanged', params: ({ event }) => event },
                    },
                  },
                },
              },
            },
            ready: {
              description: 'The console is usable.',
              on: { 'password.open': 'passwordChange' },
            },
          },
        },
        inactivity: {
          initial: 'watching',
          states: {
            watching: {
              description: 'Every 60 s: has the user been idle for longer than the configured hours?',
              after: {
                inactivityCheckInterval: [
                  {
                    guard: 'isIdleTooLong',
                    target: '#session.loggingOut',
                    actions: 'markLogoutByInactivity',
                  },
                  { target: 'watching', reenter: true },
                ],
              },
            },
          },
        },
      },
    },
    loggingOut: {
      description: 'Ending the session on the server.',
      tags: ['loading'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: () => undefined,
        onDone: { target: 'anonymous' },
        onError: { target: 'anonymous' },
      },
      exit: enqueueActions(({ context, enqueue }) => {
        enqueue.assign({ user: null });
        enqueue({ type: 'publishUser', params: { user: null } });
        enqueue({ type: 'navigate', params: { to: '/login', replace: true } });
        if (context.logoutReason === 'inactivity') {
          enqueue({ type: 'notify', params: { title: LOGGED_OUT_INACTIVITY, color: 'blue' } });
        }
      }),
    },
  },
});

function reasonOf(error: unknown): LoginFailure['reason'] {
  return error && typeof error === 'object' && 'reason' in error ? (error as LoginFailure).reason : 'failed';
}

export { DEFAULT_PAGE, LOGGED_OUT_INACTIVITY };
