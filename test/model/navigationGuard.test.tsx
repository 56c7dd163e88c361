// Model-based test of the shell's navigation guard (issue 33 item 1): xstate/graph walks the navigationGuard chart
// against the real pieces of the console: the NavigationGuard of the signed-in shell (its question, its gate on
// navigate), wouter on the guarded hash location, and the real settings form reporting its draft (useUnsavedDraft).
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { describe, expect, it } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { type ActorRefFrom, createActor, createMachine } from 'xstate';
import type { SettingsView as Settings } from '../../src/api/contract/settings.ts';
import { navigateTo, useGuardedHashLocation } from '../../src/console/navigation.ts';
import { useUnsavedDraft } from '../../src/console/useUnsavedDraft.ts';
import { type NavigationGuardRef, useNavigationGuard } from '../../src/machines/navigationGuard/context.ts';
import { LEAVING_TEXTS } from '../../src/machines/navigationGuard/leaving.ts';
import { navigationGuardMachine } from '../../src/machines/navigationGuard/machine.ts';
import { leaveTo } from '../../src/console/navigation.ts';
import type { NavigationGuardEvent } from '../../src/machines/navigationGuard/events.ts';
import type { SettingsFormData } from '../../src/machines/settingsForm/actors.ts';
import type { SettingsDraft } from '../../src/machines/settingsForm/draft.ts';
import { settingsFormMachine } from '../../src/machines/settingsForm/machine.ts';
import { NavigationGuard } from '../../src/screens/layout/NavigationGuard.tsx';
import { SettingsView } from '../../src/screens/settings/SettingsView.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';
import { settle } from './renderConsole.tsx';
import { CHANGED, data, ORIGINAL, settings } from './settingsFixtures.ts';

const SETTINGS = '/app/settings';
const ELSEWHERE = '/app/intents';

const loadSettings = createDeferredActor<SettingsFormData, void>({ output: data, error: new Error('offline') });
const saveSettings = createDeferredActor<Settings, { changes: Partial<SettingsDraft> }>({
  output: settings,
  error: { status: 400 },
});
const settingsMachine = settingsFormMachine.provide({
  actors: {
    loadSettings: loadSettings.logic,
    saveSettings: saveSettings.logic,
    renewToken: saveSettings.logic as never,
  },
});

const refused: string[] = [];
const machine = navigationGuardMachine.provide({
  actions: {
    navigate: (_, params) => leaveTo(params.to, params.replace),
    notifySaveImpossible: () => refused.push('save impossible'),
  },
});

// The model's stand-ins for the reporting chart, only for walking the graph: one that takes its save event, one that
// keeps its draft (a form with an invalid field). In the view the real settings form reports itself.
// (`can()` counts a transition only with a target or an action.)
const takesSave = createActor(createMachine({ on: { 'settings.save': { actions: () => {} } } })).start();
const refusesSave = createActor(createMachine({ initial: 'draft', states: { draft: { tags: ['unsaved'] } } })).start();
const saveEvent = { type: 'settings.save' } as const;
const report = (status: 'clean' | 'dirty' | 'saving', ref = takesSave): NavigationGuardEvent => ({
  type: 'draft.report',
  owner: 'settings',
  status,
  ...(status === 'clean' ? {} : { ref, saveEvent }),
});

let form: ActorRefFrom<typeof settingsMachine> | null = null;
let guard: NavigationGuardRef | null = null;

/** The shell's guard as the console runs it: the harness compares its state with the model's at every step. */
function ShowGuard() {
  guard = useNavigationGuard();
  return null;
}

function GuardedSettings() {
  const actor = useActorRef(settingsMachine);
  form = actor;
  useUnsavedDraft(actor, 'settings', saveEvent);
  return <SettingsView actor={actor} canEdit canRenewToken={false} />;
}

/** Logouts the guard let through (the console's is the session's `session.logout`). */
const loggedOut: string[] = [];

/** The user menu's Logout, as the shell sends it. */
function LogoutItem() {
  const navigationGuard = useNavigationGuard();
  return (
    <button type="button" onClick={() => navigationGuard?.send({ type: 'logout.request' })}>
      Logout
    </button>
  );
}

function Console({ logic }: { logic: typeof machine }) {
  return (
    <MantineProvider env="test">
      <Router hook={useGuardedHashLocation}>
        <NavigationGuard logic={logic} logout={() => loggedOut.push(hashPath())}>
          <ShowGuard />
          <LogoutItem />
          <button type="button" onClick={() => navigateTo(ELSEWHERE)}>
            Open intents
          </button>
          <button type="button" onClick={() => navigateTo(SETTINGS)}>
            Open settings
          </button>
          <Switch>
            <Route path={SETTINGS}>
              <GuardedSettings />
            </Route>
            <Route path={ELSEWHERE}>
              <p data-testid="elsewhere">Intents</p>
            </Route>
          </Switch>
        </NavigationGuard>
      </Router>
    </MantineProvider>
  );
}

const hashPath = () => window.location.hash.replace(/^#/, '');
const onSettings = () => hashPath() === SETTINGS;
const nameInput = () => screen.getByLabelText('Name') as HTMLInputElement;
const question = () => screen.getByRole('dialog', { name: LEAVING_TEXTS.title });
const formSaving = () => form?.getSnapshot().matches('saving') ?? false;

/** The settings screen open and loaded (a fresh form after the guard let the user leave). */
async function openSettings() {
  if (!onSettings()) {
    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    await settle();
  }
  if (loadSettings.pending) await act(async () => loadSettings.resolve());
  await settle();
}
async function typeName(value: string) {
  await openSettings();
  fireEvent.change(nameInput(), { target: { value } });
  await settle();
}

/** Makes the settings screen report the status the model's draft.report carries. */
async function reportDraft(event: Extract<NavigationGuardEvent, { type: 'draft.report' }>) {
  if (event.status === 'clean') {
    // The save finishes, or the draft is typed back to what was saved (or the screen is gone already).
    if (formSaving()) await act(async () => saveSettings.resolve());
    else if (onSettings()) await typeName(ORIGINAL);
    return;
  }
  if (event.status === 'saving') {
    if (formSaving()) return;
    if (!onSettings() || nameInput().value !== CHANGED) await typeName(CHANGED);
    fireEvent.keyDown(nameInput(), { key: 's', code: 'KeyS', ctrlKey: true });
    await settle();
    return;
  }
  // A draft again: the save failed (the form keeps it), or a name is typed (an empty one cannot be saved).
  if (formSaving()) await act(async () => saveSettings.reject({ status: 400 }));
  await typeName(event.ref === refusesSave ? '' : CHANGED);
}

const executors = {
  'draft.report': async ({ event, previous, state }) => {
    const before = loggedOut.length;
    await reportDraft(event);
    // Save after Logout: once the draft is saved the guard logs out.
    const out = previous.matches('saving') && previous.context.pending?.logout === true && state.matches('clean');
    expect(loggedOut.length).toBe(out ? before + 1 : before);
  },
  'nav.request': async () => {
    // Behind the question the button cannot be reached with a pointer; what it does is navigateTo.
    fireEvent.click(screen.getByRole('button', { name: 'Open intents', hidden: true }));
    await settle();
  },
  // Logout goes straight through without a draft; with one, it waits for the answer.
  'logout.request': async ({ previous }) => {
    const before = loggedOut.length;
    fireEvent.click(screen.getByRole('button', { name: 'Logout', hidden: true }));
    await settle();
    expect(loggedOut.length).toBe(previous.matches('clean') ? before + 1 : before);
  },
  'leave.save': ({ user }) => user.click(within(question()).getByRole('button', { name: LEAVING_TEXTS.save })),
  // Discard after Logout logs out from the page as it is; after a navigation it leaves the page.
  'leave.discard': async ({ user, previous }) => {
    const before = loggedOut.length;
    await user.click(within(question()).getByRole('button', { name: LEAVING_TEXTS.discard }));
    expect(loggedOut.length).toBe(previous.context.pending?.logout ? before + 1 : before);
  },
  'leave.stay': ({ user }) => user.click(within(question()).getByRole('button', { name: LEAVING_TEXTS.stay })),
} satisfies ModelExecutors<typeof machine>;

const noQuestion = () => expect(screen.queryByRole('dialog', { name: LEAVING_TEXTS.title })).toBeNull();

const states: StateAssertions<typeof machine> = {
  clean: (state) => {
    noQuestion();
    // Where the user asked to go, or the settings they never left.
    if (state.context.pending === null && !onSettings()) expect(screen.getByTestId('elsewhere')).toBeInTheDocument();
  },
  unsaved: () => {
    noQuestion();
    // Nothing left the page: the settings and their draft are still there.
    expect(hashPath()).toBe(SETTINGS);
    expect(nameInput().value).not.toBe(ORIGINAL);
  },
  asking: () => {
    expect(question()).toHaveTextContent(LEAVING_TEXTS.message);
    expect(hashPath()).toBe(SETTINGS);
  },
  // Logged out once, from the page as it was (no question left open).
  loggedOut: () => {
    noQuestion();
    expect(loggedOut).toEqual([SETTINGS]);
  },
  saving: () => {
    expect(within(question()).getByRole('button', { name: LEAVING_TEXTS.save })).toHaveAttribute('data-loading');
    expect(saveSettings.calls.at(-1)).toEqual({ changes: { name: CHANGED } });
  },
};

describeModel({
  name: 'navigationGuard',
  machine,
  render: async (m) => {
    refused.length = 0;
    loggedOut.length = 0;
    form = null;
    loadSettings.reset();
    saveSettings.reset();
    window.history.replaceState(null, '', `/?project_id=1#${SETTINGS}`);
    render(<Console logic={m} />);
    await openSettings();
    expect(nameInput().value).toBe(ORIGINAL);
    return { actor: guard as NavigationGuardRef };
  },
  executors,
  states,
  events: [
    report('dirty'),
    report('dirty', refusesSave),
    report('saving'),
    report('clean'),
    { type: 'nav.request', to: ELSEWHERE, replace: false },
    { type: 'logout.request' },
  ],
  serializeContext: (c) => ({
    drafts: Object.fromEntries(
      Object.entries(c.drafts).map(([owner, d]) => [
        owner,
        `${d.status}:${d.ref === refusesSave ? 'refuses' : 'takes'}`,
      ]),
    ),
    pending: c.pending?.logout ? 'logout' : (c.pending?.to ?? null),
  }),
  paths: 'perTransition',
});

describe('navigation guard', () => {
  it('says why Save could not leave when the draft cannot be saved', async () => {
    window.history.replaceState(null, '', `/?project_id=1#${SETTINGS}`);
    render(<Console logic={machine} />);
    await openSettings();
    refused.length = 0;
    await typeName('');
    fireEvent.click(screen.getByRole('button', { name: 'Open intents' }));
    await settle();
    fireEvent.click(within(question()).getByRole('button', { name: LEAVING_TEXTS.save }));
    await settle();
    expect(refused).toEqual(['save impossible']);
    expect(hashPath()).toBe(SETTINGS);
  });
});
