// Model-based test of the session against the real console (spec 1 §2, §4, §5, §8; spec 2 §8, §9): login with
// its errors and one-time code, the forced one-time code enrolment (require_otp), the forced password change, 401 → login
// remembering the page, logout and the inactivity logout. Only the shortest path to each state and to each transition
// is run (`paths: 'perTransition'`); every state and every transition must be covered.
import type { PasswordChangeInput, PasswordCheck, PasswordCheckInput } from '../../src/machines/session/actors.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject, fromPromise } from 'xstate';
import { callApi } from '../../src/api/client.ts';
import { getProjects } from '../../src/api/contract/projects.ts';
import type { CurrentUser } from '../../src/api/contract/users.ts';
import { providedSessionMachine } from '../../src/machines/session/provide.ts';
import { LoginFailure, PasswordRefused } from '../../src/machines/session/actors.ts';
import { isIdleTooLong } from '../../src/machines/session/guards.ts';
import { sessionMachine } from '../../src/machines/session/machine.ts';
import {
  ACCOUNT_SUSPENDED,
  LOGGED_OUT_INACTIVITY,
  LOGIN_FAILED,
  NO_PASSWORD,
  PASSWORD_CHANGED,
  PASSWORDS_DIFFER,
} from '../../src/machines/session/selectors.ts';
import { OTP_REQUIRED_NOTICE } from '../../src/ui/OtpEnrolmentModal.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';
import { fixedProjects, renderConsole, settle } from './renderConsole.tsx';
import { makeUser } from './userFixtures.ts';

const user = makeUser({}, [{ method: 'GET', path: '/stats', project_env: null }]);
const expiredUser: CurrentUser = { ...user, password_expired: true };
// The platform requires one-time codes and these users have none (require_otp): enrolment comes first.
const enrolUser: CurrentUser = { ...user, otp_enrolment_required: true };
const enrolExpiredUser: CurrentUser = { ...enrolUser, password_expired: true };

const fetchMe = createDeferredActor<CurrentUser>({ output: user, error: new Error('401') });
const login = createDeferredActor<CurrentUser, { email: string; passwd: string; otp?: string }>({
  output: user,
  error: new LoginFailure('failed'),
});
const logout = createDeferredActor<void>({ output: undefined });
const validatePassword = createDeferredActor<PasswordCheck, PasswordCheckInput>({
  output: { status: 'ok', msg: '' },
  error: new Error('offline'),
});
const changePassword = createDeferredActor<void, PasswordChangeInput>({
  output: undefined,
  error: new Error('500'),
});

const INACTIVITY_HOURS = 8;
const INACTIVITY_CHECK = 'xstate.after.inactivityCheckInterval.session.authenticated.inactivity.watching';
/** The model's samples of the inactivity check say which branch they stand for; the timer's real event does not. */
type InactivityCheck = { type: typeof INACTIVITY_CHECK; idle: boolean };

const machine = providedSessionMachine.provide({
  actors: {
    fetchMe: fetchMe.logic,
    login: login.logic,
    logout: logout.logic,
    validatePassword: validatePassword.logic,
    changePassword: changePassword.logic,
  },
  guards: {
    // The idle check reads the clock, which the graph walk cannot branch on: there the sample decides. In the view
    // the real timer's event carries no sample, so the real guard runs against the fake clock the executor moved.
    isIdleTooLong: (args) => (args.event as EventObject & { idle?: boolean }).idle ?? isIdleTooLong(args),
  },
});

// A real API call answered 401 is how the session gets lost (spec 2 §8).
const server = setupServer(
  http.get('*/v1/projects', () => HttpResponse.json({ message: 'gone' }, { status: 401 })),
  // The forced enrolment dialog's own calls (its real actors).
  http.post('*/v1/users/otp/enrol', () =>
    HttpResponse.json({
      otpauth_url: 'otpauth://totp/Bot%20Console:ada@example.com?secret=JBSWY3DPEHPK3PXP&period=30&digits=6',
      qr_code: 'data:image/png;base64,iVBORw0KGgo=',
      secret: 'JBSWY3DPEHPK3PXP',
    }),
  ),
  http.post('*/v1/users/otp/confirm', () => HttpResponse.json({ status: 'ok' })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());

const hashPath = () => window.location.hash.replace(/^#/, '');
const enrolmentModal = () => screen.getByTestId('otp-enrolment-modal');
const inEnrolment = (state: { matches: (value: object) => boolean }) =>
  state.matches({ authenticated: { access: 'otpEnrolment' } });
const modal = () => screen.getByTestId('change-password-modal');
const typePassword = (passwd: string, confirm: string, current: string) => {
  const dialog = screen.getByRole('dialog');
  // The voluntary change asks for the current password; the forced one does not show the field.
  const currentField = within(dialog).queryByLabelText('Current password');
  if (currentField) fireEvent.change(currentField, { target: { value: current } });
  // Typing always changes something: the last keystroke sends both entries as they end up.
  fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: passwd } });
  fireEvent.change(within(dialog).getByLabelText('Repeat new password'), { target: { value: `${confirm}#` } });
  fireEvent.change(within(dialog).getByLabelText('Repeat new password'), { target: { value: confirm } });
};

const executors = {
  'login.submit': async ({ event, previous }) => {
    if (previous.matches({ anonymous: 'oneTimeCode' })) {
      const form = screen.getByRole('button', { name: 'Verify and log in' }).closest('form')!;
      const inputs = [...form.querySelectorAll('input')];
      const digits = (event.otp ?? '').split('');
      inputs.forEach((input, i) => {
        fireEvent.change(input, { target: { value: digits[i] ?? '' } });
      });
      fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    } else {
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: event.email } });
      fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: event.passwd } });
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    }
    await settle();
  },
  'login.back': async () => {
    fireEvent.click(screen.getByRole('button', { name: /Use a different account/ }));
    await settle();
  },
  'session.logout': async ({ previous }) => {
    if (inEnrolment(previous)) {
      // The forced dialog cannot be closed, but it offers the way out.
      fireEvent.click(within(enrolmentModal()).getByRole('button', { name: 'Log out' }));
      await settle();
      return;
    }
    fireEvent.click(screen.getByTestId('user-menu'));
    await settle();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await settle();
  },
  'otp.enrolled': async () => {
    // The dialog starts the enrolment itself; the QR code appears, the 6 digits are typed and confirmed.
    await waitFor(() =>
      expect(within(enrolmentModal()).getByAltText('QR code for the authenticator app')).toBeVisible(),
    );
    const inputs = [...enrolmentModal().querySelectorAll('input')];
    '123456'.split('').forEach((digit, i) => {
      if (inputs[i]) fireEvent.change(inputs[i], { target: { value: digit } });
    });
    await settle();
    // The sixth digit confirms by itself; the button is there for a code pasted some other way.
    const turnOn = screen.queryByRole('button', { name: 'Turn on' });
    if (turnOn && !turnOn.hasAttribute('data-loading')) fireEvent.click(turnOn);
    await waitFor(() => expect(screen.queryByTestId('otp-enrolment-gate')).not.toBeInTheDocument());
    await settle();
  },
  'session.expired': async () => {
    await act(async () => {
      await callApi(getProjects).catch(() => {});
    });
    await settle();
  },
  'session.activity': async () => {
    fireEvent.keyDown(window, { key: 'Shift' });
    await settle();
  },
  'password.input': async ({ event }) => {
    typePassword(event.passwd, event.confirm, event.current);
    await settle();
  },
  'password.change': async () => {
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Change password' }));
    await settle();
  },
  'password.open': async () => {
    fireEvent.click(screen.getByTestId('user-menu'));
    await settle();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Change password' }));
    await settle();
  },
  'password.close': async () => {
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await settle();
  },
} satisfies ModelExecutors<typeof machine>;

const editing = (leaf: string) => `authenticated.access.passwordChange.editing.${leaf}`;
/** Forced (expired): no current password, no way to close; asked for from the user menu: both. */
const expectDialogKind = (state: { context: { user: CurrentUser | null } }) => {
  if (state.context.user?.password_expired) {
    expect(within(modal()).queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(within(modal()).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  } else {
    expect(within(modal()).getByLabelText('Current password')).toBeInTheDocument();
    expect(within(modal()).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  }
};
const states: StateAssertions<typeof machine> = {
  loadingUser: () => expect(screen.getByTestId('full-page-loader')).toBeInTheDocument(),
  'anonymous.credentials': (state) => {
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(hashPath()).toBe('/login');
    const failure = state.context.loginFailure;
    if (failure === 'failed') expect(screen.getByTestId('login-error')).toHaveTextContent(LOGIN_FAILED);
    else if (failure === 'suspended') expect(screen.getByTestId('login-error')).toHaveTextContent(ACCOUNT_SUSPENDED);
    else expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();
    if (state.context.fieldErrors.email) expect(screen.getByText('Email is required')).toBeInTheDocument();
  },
  'anonymous.oneTimeCode': (state) => {
    expect(screen.getByRole('button', { name: 'Verify and log in' })).toBeInTheDocument();
    if (state.context.fieldErrors.otp) expect(screen.getByText('Enter the 6-digit code')).toBeInTheDocument();
    if (state.context.loginFailure === 'failed')
      expect(screen.getByTestId('login-error')).toHaveTextContent(LOGIN_FAILED);
  },
  loggingIn: () => {
    expect(login.pending).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /Log in|Verify and log in/ })).toHaveAttribute('data-loading');
  },
  'authenticated.access.ready': () => {
    expect(screen.getByTestId('dashboard')).toBeInTheDocument();
    expect(screen.queryByTestId('change-password-modal')).not.toBeInTheDocument();
    expect(hashPath()).toBe('/app/dashboard');
  },
  'authenticated.inactivity.watching': (state) =>
    inEnrolment(state)
      ? expect(screen.queryByTestId('user-menu')).not.toBeInTheDocument()
      : expect(screen.getByTestId('user-menu')).toHaveTextContent(user.name),
  'authenticated.access.otpEnrolment': () => {
    // Only the enrolment dialog: no screen, no project, and no way to close it.
    expect(screen.getByTestId('otp-enrolment-gate')).toBeInTheDocument();
    expect(within(enrolmentModal()).getByTestId('otp-required-notice')).toHaveTextContent(OTP_REQUIRED_NOTICE);
    expect(within(enrolmentModal()).queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
    expect(screen.queryByTestId('dashboard')).not.toBeInTheDocument();
    expect(screen.queryByTestId('change-password-modal')).not.toBeInTheDocument();
  },
  [editing('empty')]: (state) => {
    expectDialogKind(state);
    expect(within(modal()).getByTestId('password-problem')).toHaveTextContent(NO_PASSWORD);
  },
  [editing('mismatch')]: () =>
    expect(within(modal()).getByTestId('password-problem')).toHaveTextContent(PASSWORDS_DIFFER),
  [editing('debouncing')]: () => expect(within(modal()).queryByTestId('password-problem')).not.toBeInTheDocument(),
  [editing('checking')]: () => {
    expect(within(modal()).getByText('Checking the password…')).toBeInTheDocument();
    expect(validatePassword.calls.at(-1)).toEqual({ passwd: 'Long-enough-42', email: user.email, name: user.name });
  },
  [editing('rejected')]: (state) =>
    expect(within(modal()).getByTestId('password-problem')).toHaveTextContent(
      state.context.password.serverMessage ?? '?',
    ),
  [editing('valid')]: () => {
    expect(within(modal()).getByText('The password is strong enough.')).toBeInTheDocument();
    expect(within(modal()).getByRole('button', { name: 'Change password' })).toBeEnabled();
  },
  'authenticated.access.passwordChange.changing': (state) => {
    const forced = state.context.user?.password_expired === true;
    // The forced dialog shows no current password field, so sends none.
    expect(changePassword.calls.at(-1)).toEqual({
      userId: user.id,
      passwd: 'Long-enough-42',
      current: forced ? '' : 'Old-secret-1',
    });
    // The forced dialog has no close button: it cannot be dismissed.
    if (forced) expect(within(modal()).queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
    else expect(within(modal()).getByRole('button', { name: /close/i })).toBeInTheDocument();
  },
  loggingOut: () => expect(logout.pending).toBeGreaterThan(0),
};

describeModel({
  name: 'session',
  machine,
  render: async (m) => {
    window.history.replaceState(null, '', '/?project_id=1#/app/dashboard');
    await renderConsole({ sessionLogic: m, projectSelectionLogic: fixedProjects([{ id: 1, name: 'Demo bot' }]) });
    return undefined;
  },
  executors,
  states,
  invokes: { fetchMe, login, logout, validatePassword, changePassword },
  internalExecutors: {
    // Idle: the clock jumps past the configured hours without a timer firing, then the next check runs.
    [INACTIVITY_CHECK]: async ({ event, advance }) => {
      if ((event as InactivityCheck).idle) vi.setSystemTime(Date.now() + INACTIVITY_HOURS * 3_600_000);
      await advance(sessionMachine.implementations.delays.inactivityCheckInterval as number);
    },
  },
  input: { location: '/app/dashboard?project_id=1', inactivityHours: INACTIVITY_HOURS },
  events: [
    { type: 'login.submit', email: 'ada@example.com', passwd: 'Secret-1', otp: '123456' },
    { type: 'login.submit', email: '', passwd: '', otp: '' },
    { type: 'password.input', passwd: '', confirm: '', current: 'Old-secret-1' },
    { type: 'password.input', passwd: 'Long-enough-42', confirm: 'Long', current: 'Old-secret-1' },
    { type: 'password.input', passwd: 'Long-enough-42', confirm: 'Long-enough-42', current: 'Old-secret-1' },
    { type: 'password.open' },
    { type: 'password.close' },
    { type: 'session.expired', returnTo: '/app/dashboard?project_id=1' },
    { type: 'xstate.done.actor.fetchMe', output: user } as never,
    { type: 'xstate.done.actor.fetchMe', output: expiredUser } as never,
    { type: 'xstate.done.actor.fetchMe', output: enrolUser } as never,
    { type: 'xstate.done.actor.fetchMe', output: enrolExpiredUser } as never,
    { type: 'xstate.done.actor.login', output: user } as never,
    { type: 'xstate.done.actor.login', output: expiredUser } as never,
    { type: 'xstate.done.actor.login', output: enrolUser } as never,
    { type: 'xstate.error.actor.login', error: new LoginFailure('otp_required') } as never,
    { type: 'xstate.error.actor.login', error: new LoginFailure('failed') } as never,
    { type: 'xstate.error.actor.login', error: new LoginFailure('suspended') } as never,
    { type: 'xstate.done.actor.validatePassword', output: { status: 'ok', msg: '' } } as never,
    {
      type: 'xstate.done.actor.validatePassword',
      output: { status: 'error', msg: 'Password is too common.' },
    } as never,
    { type: INACTIVITY_CHECK, idle: false } satisfies InactivityCheck as never,
    { type: INACTIVITY_CHECK, idle: true } satisfies InactivityCheck as never,
  ],
  serializeContext: (c) => ({
    user: c.user ? [c.user.password_expired, c.user.otp_enrolment_required] : null,
    otp: c.otpRequired,
    failure: c.loginFailure,
    field: Object.keys(c.fieldErrors).length > 0,
    pw: c.password.passwd,
    msg: c.password.serverMessage,
  }),
  stopWhen: (state) => state.matches('loggingOut') && state.context.loginFailure !== null,
  limit: 2000,
  paths: 'perTransition',
});

describe('session rules', () => {
  const provided = (overrides: { idle?: boolean } = {}) =>
    sessionMachine.provide({
      actors: {
        fetchMe: fromPromise(async () => user),
        logout: fromPromise(async () => {}),
      },
      guards: overrides.idle ? { isIdleTooLong: () => true } : {},
    });

  it('logs out after the configured idle hours, checked every 60 s, with the spec text', async () => {
    const notices: string[] = [];
    const navigations: string[] = [];
    const actor = createActor(
      provided({ idle: true }).provide({
        actions: { notify: (_, p) => notices.push(p.title), navigate: (_, p) => navigations.push(p.to) },
      }),
      { input: { location: '/app/tests', inactivityHours: 8 } },
    );
    const { vi } = await import('vitest');
    vi.useFakeTimers();
    try {
      actor.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches('authenticated')).toBe(true);
      await vi.advanceTimersByTimeAsync(59_999);
      expect(actor.getSnapshot().matches('authenticated')).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches('anonymous')).toBe(true);
      expect(notices).toEqual([LOGGED_OUT_INACTIVITY]);
      expect(navigations.at(-1)).toBe('/login');
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the idle limit from VITE_INACTIVITY_HOURS hours', () => {
    const actor = createActor(provided(), { input: { location: '/', inactivityHours: 8 } }).start();
    expect(actor.getSnapshot().context.inactivityMs).toBe(8 * 3_600_000);
    expect(sessionMachine.implementations.delays.inactivityCheckInterval).toBe(60_000);
  });

  it('returns to the remembered page after logging in again', async () => {
    const navigations: string[] = [];
    const actor = createActor(
      provided().provide({
        actors: { login: fromPromise(async () => user) },
        actions: { navigate: (_, p) => navigations.push(p.to) },
      }),
      { input: { location: '/app/dashboard', inactivityHours: 8 } },
    ).start();
    await settle();
    actor.send({ type: 'session.expired', returnTo: '/app/intents?project_id=1' });
    expect(navigations.at(-1)).toBe('/login');
    actor.send({ type: 'login.submit', email: 'ada@example.com', passwd: 'x' });
    await settle();
    expect(navigations.at(-1)).toBe('/app/intents?project_id=1');
  });

  it('shows "Password changed" after a successful change', async () => {
    const notices: string[] = [];
    const actor = createActor(
      provided().provide({
        actors: {
          fetchMe: fromPromise(async () => expiredUser),
          validatePassword: fromPromise<PasswordCheck, PasswordCheckInput>(async () => ({ status: 'ok', msg: '' })),
          changePassword: fromPromise<void, PasswordChangeInput>(async () => {}),
        },
        delays: { passwordCheckDebounce: 0 },
        actions: { notify: (_, p) => notices.push(p.title) },
      }),
      { input: { location: '/', inactivityHours: 8 } },
    ).start();
    await settle();
    actor.send({ type: 'password.input', passwd: 'Long-enough-42', confirm: 'Long-enough-42', current: '' });
    await new Promise((r) => setTimeout(r, 5));
    await settle();
    actor.send({ type: 'password.change' });
    await settle();
    expect(actor.getSnapshot().matches({ authenticated: { access: 'ready' } })).toBe(true);
    expect(notices).toEqual([PASSWORD_CHANGED]);
  });

  it('asks for the current password in a change from the user menu and shows the server refusal as it is', async () => {
    const actor = createActor(
      provided().provide({
        actors: {
          validatePassword: fromPromise<PasswordCheck, PasswordCheckInput>(async () => ({ status: 'ok', msg: '' })),
          changePassword: fromPromise<void, PasswordChangeInput>(async () => {
            throw new PasswordRefused('The new password must differ from your current one.');
          }),
        },
        delays: { passwordCheckDebounce: 0 },
      }),
      { input: { location: '/', inactivityHours: 8 } },
    ).start();
    await settle();
    actor.send({ type: 'password.open' });
    actor.send({ type: 'password.input', passwd: 'Long-enough-42', confirm: 'Long-enough-42', current: '' });
    await new Promise((r) => setTimeout(r, 5));
    await settle();
    expect(actor.getSnapshot().can({ type: 'password.change' })).toBe(false);
    actor.send({ type: 'password.input', passwd: 'Long-enough-42', confirm: 'Long-enough-42', current: 'Old-1' });
    await new Promise((r) => setTimeout(r, 5));
    await settle();
    actor.send({ type: 'password.change' });
    await settle();
    expect(actor.getSnapshot().context.password.serverMessage).toBe(
      'The new password must differ from your current one.',
    );
    actor.send({ type: 'password.close' });
    expect(actor.getSnapshot().matches({ authenticated: { access: 'ready' } })).toBe(true);
  });
});
