import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/client.ts';
import { SAVE_FAILED, SAVE_SUCCESS, type SettingsView as Settings } from '../../src/api/contract/settings.ts';
import { noticeActions } from '../../src/console/notices.ts';
import type { SettingsFormData } from '../../src/machines/settingsForm/actors.ts';
import { CHANGED, data, ORIGINAL, settings } from './settingsFixtures.ts';
import type { SettingsDraft } from '../../src/machines/settingsForm/draft.ts';
import {
  CONFLICT_HINT,
  LOAD_FAILED,
  TOKEN_RENEWED,
  settingsFormMachine,
} from '../../src/machines/settingsForm/machine.ts';
import { SettingsView } from '../../src/screens/settings/SettingsView.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';
import { renderActorView } from './renderActorView.tsx';
import { clearToasts, shownToasts, toastsAddedBy } from './toasts.ts';
import { KNOWLEDGE_SWITCH_LABEL } from '../../src/screens/knowledge/knowledgeUse.ts';

const loadSettings = createDeferredActor<SettingsFormData, void>({ output: data, error: new Error('offline') });
// The saved answer keeps the original name, so a saved form can be changed and changed back again.
// Failures as the client throws them with ownsFailure: a refusal is the screen's one toast with the server's words, a
// 500 its bare 'Cannot save state.'; a conflict and a lost session were told by the client's table (notified).
const INVALID = 'Voice espeak-xx is not available.';
const REFUSED = new ApiError('updateSettings', 400, { message: INVALID }, false);
const CONFLICT = new ApiError('updateSettings', 409, { message: 'Changed meanwhile.' }, true);
const sessionLost = (call: string) => new ApiError(call, 401, { message: 'Not logged in.' }, true);
const saveSettings = createDeferredActor<Settings, { changes: Partial<SettingsDraft> }>({
  output: settings,
  error: REFUSED,
});
const renewToken = createDeferredActor<{ token: string }, void>({
  output: { token: 'token-two' },
  error: new ApiError('renewProjectToken', 500, { message: 'Something went wrong.' }, false),
});

// The real toasts (Mantine's store), counted: one message per failure.
const machine = settingsFormMachine.provide({
  actors: { loadSettings: loadSettings.logic, saveSettings: saveSettings.logic, renewToken: renewToken.logic },
  actions: noticeActions,
});
const saveFailed = (reason?: string) => ({
  title: SAVE_FAILED.title,
  message: reason ? `${SAVE_FAILED.message} ${reason}` : SAVE_FAILED.message,
  color: 'red',
});

const nameInput = () => screen.getByLabelText('Name') as HTMLInputElement;
// Mantine's switch label holds its description too: the accessible name starts with the label.
const knowledgeSwitch = () =>
  screen.getByRole('switch', { name: new RegExp(`^${KNOWLEDGE_SWITCH_LABEL}`) }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: /^Save/ });
const lastNotice = () => shownToasts().at(-1);

const executors = {
  'settings.change': ({ event }) => {
    if (event.field !== 'name') throw new Error(`no gesture for field ${String(event.field)}`);
    fireEvent.change(nameInput(), { target: { value: String(event.value) } });
  },
  'settings.save': ({ user }) => user.keyboard('{Control>}s{/Control}'),
  'settings.discard': ({ user }) => user.click(screen.getByRole('button', { name: 'Discard changes' })),
  'settings.reload': ({ user }) => user.click(screen.getByRole('button', { name: 'Reload' })),
  'settings.renewToken': ({ user }) => user.click(screen.getByRole('button', { name: 'Renew token' })),
} satisfies ModelExecutors<typeof machine>;

const states: StateAssertions<typeof machine> = {
  loading: () => expect(screen.getByLabelText('Loading settings')).toBeInTheDocument(),
  loadFailed: () => expect(screen.getByText(LOAD_FAILED)).toBeInTheDocument(),
  editing: (state) => {
    expect(nameInput().value).toBe(state.context.draft?.name);
    // Issue 33: the knowledge base's switch is on the screen.
    expect(knowledgeSwitch().checked).toBe(state.context.draft?.knowledge_fallback);
    expect((screen.getByLabelText('Chatbot token') as HTMLInputElement).value).toBe(state.context.token);
    // Issue 34 item 6: what an empty confidence threshold means now, the last training's choice.
    expect(screen.getByText(/^Empty: chosen at each training/)).toHaveTextContent(
      'Empty: chosen at each training from the project’s own cross-validation (the last training chose 0.62); the Intents screen says why. A number here wins.',
    );
  },
  'editing.pristine': (state) => {
    expect(saveButton()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Discard changes' })).toBeNull();
    if (state.context.token === 'token-two') expect(shownToasts().some((n) => n.title === TOKEN_RENEWED)).toBe(true);
  },
  'editing.dirty': () => {
    expect(saveButton()).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Discard changes' })).toBeInTheDocument();
  },
  saving: () => {
    expect(saveButton()).toHaveAttribute('data-loading', 'true');
    expect(saveSettings.calls.at(-1)).toEqual({ changes: { name: CHANGED } });
    expect(nameInput()).toBeDisabled();
  },
  conflict: () => {
    expect(screen.getByText(CONFLICT_HINT)).toBeInTheDocument();
    expect(nameInput()).toBeDisabled();
  },
  renewingToken: () =>
    expect(screen.getByRole('button', { name: 'Renew token' })).toHaveAttribute('data-loading', 'true'),
};

describeModel({
  name: 'settingsForm',
  machine,
  render: (m) => {
    clearToasts();
    return renderActorView(m, SettingsView);
  },
  executors,
  states,
  invokes: { loadSettings, saveSettings, renewToken },
  events: [
    { type: 'settings.change', field: 'name', value: CHANGED },
    { type: 'settings.change', field: 'name', value: ORIGINAL },
    { type: 'xstate.error.actor.saveSettings', error: CONFLICT } as never,
    { type: 'xstate.error.actor.saveSettings', error: REFUSED } as never,
    { type: 'xstate.error.actor.saveSettings', error: sessionLost('updateSettings') } as never,
    { type: 'xstate.error.actor.renewToken', error: renewToken.error } as never,
    { type: 'xstate.error.actor.renewToken', error: sessionLost('renewProjectToken') } as never,
  ],
  internalExecutors: {
    'xstate.done.actor.saveSettings': async ({ event }) => {
      const { act } = await import('@testing-library/react');
      await act(() => saveSettings.resolve((event as unknown as { output: Settings }).output));
      expect(lastNotice()?.title).toBe(SAVE_SUCCESS);
    },
    // One toast per failure: the save bar's with the server's reason; none where the client's table told.
    'xstate.error.actor.saveSettings': async ({ event }) => {
      const error = (event as unknown as { error: ApiError }).error;
      const added = await toastsAddedBy(() => act(async () => saveSettings.reject(error)));
      expect(added).toEqual(error.notified ? [] : [saveFailed(INVALID)]);
    },
    // A 500 says only 'Cannot save state.' (its 'Something went wrong.' tells nobody anything).
    'xstate.error.actor.renewToken': async ({ event }) => {
      const error = (event as unknown as { error: ApiError }).error;
      const added = await toastsAddedBy(() => act(async () => renewToken.reject(error)));
      expect(added).toEqual(error.notified ? [] : [saveFailed()]);
    },
  },
  serializeContext: (c) => ({ draft: c.draft?.name, saved: c.saved?.name, token: c.token }),
});

describe('settings form', () => {
  it('turns the knowledge base on with its switch (issue 33), saving only that field', async () => {
    const { actor } = renderActorView(machine, SettingsView);
    await act(async () => loadSettings.resolve());
    expect(knowledgeSwitch().checked).toBe(false);
    await userEvent.click(knowledgeSwitch());
    expect(knowledgeSwitch().checked).toBe(true);
    await userEvent.click(saveButton());
    expect(saveSettings.calls.at(-1)).toEqual({ changes: { knowledge_fallback: true } });
    await act(async () => saveSettings.resolve({ ...settings, knowledge_fallback: true }));
    actor.stop();
  });
});
