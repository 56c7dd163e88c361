import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { createActor } from 'xstate';
import { ApiError } from '../../src/api/client.ts';
import { SAVE_FAILED, SAVE_SUCCESS } from '../../src/api/contract/settings.ts';
import { noticeActions } from '../../src/console/notices.ts';
import type { PlatformData, PlatformTask } from '../../src/machines/platformSettings/actors.ts';
import { platformSettingsMachine } from '../../src/machines/platformSettings/machine.ts';
import { PLATFORM_PARTIAL, PlatformSettingsView } from '../../src/screens/platformSettings/PlatformSettingsView.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';
import { renderActorView } from './renderActorView.tsx';
import { clearToasts, shownToasts, toastsAddedBy } from './toasts.ts';

const ONE_OFF = 'Fresh-One-Off-Passw0rd';
const data: PlatformData = {
  policy: { max_password_age_days: null, require_otp: false },
  companies: [{ id: 1, name: 'Demo', users: 2, projects: 1 }],
  languages: [{ code: 'en', name: 'English' }],
  voices: [{ id: 'espeak-en', name: 'English (eSpeak)', language: 'en', gender: 'female', engine_voice: 'en-us' }],
  users: [
    {
      id: 5,
      name: 'Eve Example',
      email: 'eve@example.com',
      active: true,
      password_expired: false,
      company_id: 1,
      system_role_id: null,
      projects: [],
    },
  ],
};

const load = createDeferredActor<PlatformData, void>({ output: data, error: new Error('offline') });
// A refusal as the client throws it with ownsFailure (the screen's one toast, with the server's words), and a lost
// session the client's table told (the login shows): the screen adds nothing then.
const TAKEN = 'A company named Acme already exists.';
const REFUSED = new ApiError('saveCompany', 400, { message: TAKEN }, false);
const SESSION_LOST = new ApiError('saveCompany', 401, { message: 'Not logged in.' }, true);
const perform = createDeferredActor<{ password?: string }, PlatformTask>({
  output: { password: ONE_OFF },
  error: REFUSED,
});
// The real toasts (Mantine's store), counted: one message per failure.
const machine = platformSettingsMachine.provide({
  actors: { load: load.logic, perform: perform.logic },
  actions: noticeActions,
});

const requireOtpSwitch = () => screen.getByRole('switch', { name: /Require one-time codes/ });
const savePolicy = () => screen.getByRole('button', { name: 'Save policy' });
const userRow = () => screen.getByRole('row', { name: /Eve Example/ });

const executors = {
  'platform.run': async ({ event, user }) => {
    const { task } = event;
    if (task.kind === 'user.resetPassword')
      await user.click(within(userRow()).getByRole('button', { name: 'Reset password' }));
    else if (task.kind === 'user.resetOtp')
      await user.click(within(userRow()).getByRole('button', { name: 'Reset one-time code' }));
    else if (task.kind === 'company.save') {
      fireEvent.change(screen.getByPlaceholderText('New company name'), { target: { value: task.name } });
      await user.click(screen.getByRole('button', { name: 'Add company' }));
    } else throw new Error(`no gesture for ${task.kind}`);
  },
  'platform.reload': ({ user }) => user.click(screen.getByRole('button', { name: 'Reload' })),
  'platform.dismissPassword': async ({ user }) => {
    // Only a shown password can be dismissed; without one there is nothing to click.
    const dismiss = screen.queryByRole('button', { name: 'Dismiss the one-off password' });
    if (dismiss) await user.click(dismiss);
  },
  'policy.edit': async ({ event, user }) => {
    // A click always edits: when the switch already shows the event's value, it goes there and back.
    if (requireOtpSwitch().matches(':checked') === event.policy.require_otp) await user.click(requireOtpSwitch());
    await user.click(requireOtpSwitch());
  },
  'policy.save': async ({ user }) => {
    // Nothing to save: the button is disabled and the gesture does nothing.
    if (!savePolicy().hasAttribute('disabled')) await user.click(savePolicy());
  },
} satisfies ModelExecutors<typeof machine>;

const states: StateAssertions<typeof machine> = {
  loading: (state) => {
    expect(load.pending).toBeGreaterThan(0);
    if (state.context.data === null) expect(screen.getByLabelText('Loading platform settings')).toBeInTheDocument();
    // Reloading after a change keeps the screen; no change can start meanwhile.
    else expect(within(userRow()).getByRole('button', { name: 'Reset password' })).toBeDisabled();
  },
  failed: () => {
    expect(screen.getByText('Cannot load the platform settings.')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  },
  ready: (state) => {
    const { draft, data: loaded, oneOffPassword } = state.context;
    expect(requireOtpSwitch()).toHaveProperty('checked', draft?.require_otp);
    const changed = JSON.stringify(draft) !== JSON.stringify(loaded?.policy);
    if (changed) expect(savePolicy()).toBeEnabled();
    else expect(savePolicy()).toBeDisabled();
    expect(within(userRow()).getByRole('button', { name: 'Reset one-time code' })).toBeEnabled();
    if (oneOffPassword) {
      expect(screen.getByText(ONE_OFF)).toBeInTheDocument();
      expect(screen.getByText(/Give this password to eve@example.com/)).toBeInTheDocument();
    } else expect(screen.queryByText(ONE_OFF)).not.toBeInTheDocument();
    const last = shownToasts().at(-1);
    if (last && perform.calls.length > 0) expect([SAVE_SUCCESS, SAVE_FAILED.title]).toContain(last.title);
  },
  working: (state) => {
    expect(perform.calls.at(-1)).toEqual(state.context.task);
    expect(savePolicy()).toHaveAttribute('data-loading');
    expect(within(userRow()).getByRole('button', { name: 'Reset password' })).toBeDisabled();
  },
};

describeModel({
  name: 'platformSettings',
  machine,
  render: (m) => {
    clearToasts();
    return renderActorView(m, PlatformSettingsView);
  },
  executors,
  states,
  invokes: { load, perform },
  internalExecutors: {
    // One toast per failure: 'Error!' 'Cannot save state.' with the server's reason; nothing after a lost session.
    'xstate.error.actor.perform': async ({ event }) => {
      const { error } = event as unknown as { error: ApiError };
      const added = await toastsAddedBy(() => act(async () => perform.reject(error)));
      expect(added).toEqual(
        error.notified ? [] : [{ title: SAVE_FAILED.title, message: `${SAVE_FAILED.message} ${TAKEN}`, color: 'red' }],
      );
    },
  },
  events: [
    { type: 'platform.run', task: { kind: 'user.resetPassword', id: 5 } },
    { type: 'platform.run', task: { kind: 'user.resetOtp', id: 5 } },
    { type: 'platform.run', task: { kind: 'company.save', id: null, name: 'Acme' } },
    { type: 'policy.edit', policy: { max_password_age_days: null, require_otp: true } },
    { type: 'xstate.done.actor.perform', output: { password: ONE_OFF } } as never,
    { type: 'xstate.done.actor.perform', output: {} } as never,
    { type: 'xstate.error.actor.perform', error: REFUSED } as never,
    { type: 'xstate.error.actor.perform', error: SESSION_LOST } as never,
  ],
  // Which change runs does not change the chart's path, so one kind of task per state is enough.
  serializeContext: (c) => ({
    loaded: c.data !== null,
    otp: c.draft?.require_otp ?? null,
    password: c.oneOffPassword !== null,
  }),
});

describe('Platform access for everyone (issue 34)', () => {
  it('shows a user without platform grants only what they may see, read-only, and says so', async () => {
    const actor = createActor(machine).start();
    render(
      <MantineProvider env="test">
        <PlatformSettingsView
          actor={actor}
          permissions={{ policy: false, companies: false, users: false, resetPassword: false, resetOtp: false }}
        />
      </MantineProvider>,
    );
    await act(async () => load.resolve({ ...data, policy: null, users: [] }));
    expect(screen.getByText(PLATFORM_PARTIAL)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save policy' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Users' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Companies' })).toBeInTheDocument();
    // Companies, languages and voices are read, not edited.
    expect(screen.getByRole('cell', { name: 'Demo' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name of company 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add company' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete company Demo' })).toBeNull();
    expect(screen.getByText('English (eSpeak)')).toBeInTheDocument();
    actor.stop();
  });
});
