// Model-based test of the command palette (issue 18 item 4) against the real console: Ctrl+K opens it from
// anywhere, the project's intents, reactions and tests load lazily and are kept per project, a failure can be
// retried; and the palette never lists a screen the user may not open.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { navigate } from 'wouter/use-hash-location';
import { can } from '../../src/api/permissions.ts';
import { providedCommandPaletteMachine } from '../../src/machines/commandPalette/provide.ts';
import type { PaletteEntries, PaletteSources } from '../../src/machines/commandPalette/actors.ts';
import { paletteScreens } from '../../src/screens/layout/permittedRoutes.ts';
import { appRoutes } from '../../src/screens/routes.tsx';
import { PALETTE_NOT_LOADED, PALETTE_PLACEHOLDER } from '../../src/ui/shell/CommandPalette.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';
import { fixedProjects, renderConsole, settle, signedInSession } from './renderConsole.tsx';
import { makeUser } from './userFixtures.ts';

const editor = makeUser({}, [
  { method: 'GET', path: '/stats', project_env: null },
  { method: 'GET', path: '/tests', project_env: null },
]);
const inBoth = makeUser({ ...editor, permissions: { ...editor.permissions, project_roles: { '1': 2, '2': 2 } } });
const projects = [
  { id: 1, name: 'Demo bot' },
  { id: 2, name: 'Second bot' },
];
const sources: PaletteSources = { intents: true, reactions: true, tests: true, knowledge: true };
const entries: PaletteEntries = {
  intents: [
    { id: 11, name: 'greeting' },
    { id: 12, name: 'opening hours' },
  ],
  reactions: [{ id: 21, name: 'greet back' }],
  tests: [{ id: 31, name: 'greeting test' }],
  knowledge: [{ id: 41, name: 'Returns policy' }],
};

const loadEntries = createDeferredActor<PaletteEntries, PaletteSources>({ output: entries, error: new Error('503') });
const machine = providedCommandPaletteMachine.provide({ actors: { loadEntries: loadEntries.logic } });

const search = () => screen.queryByPlaceholderText(PALETTE_PLACEHOLDER) as HTMLInputElement | null;
const actionLabels = () =>
  Array.from(document.querySelectorAll('[data-action]')).map((a) => a.getAttribute('aria-label') ?? a.textContent);
const hashPath = () => window.location.hash.replace(/^#/, '');
const ctrlK = async () => {
  fireEvent.keyDown(document.documentElement, { key: 'k', code: 'KeyK', ctrlKey: true });
  await settle();
};
const typeQuery = async (value: string) => {
  fireEvent.change(search() as HTMLInputElement, { target: { value } });
  await settle();
};

const executors = {
  'palette.open': ctrlK,
  'palette.close': async () => {
    fireEvent.keyDown(search() as HTMLInputElement, { key: 'Escape', code: 'Escape' });
    await settle();
  },
  'palette.retry': async ({ user }) => {
    await user.click(screen.getByText('Try again'));
    await settle();
  },
  // The layout tells the palette when another project is selected.
  'palette.project': async () => {
    const other = new URLSearchParams(window.location.search).get('project_id') === '2' ? 1 : 2;
    act(() => navigate(`${hashPath().split('?')[0]}?project_id=${other}`));
    await settle();
  },
} satisfies ModelExecutors<typeof machine>;

const states: StateAssertions<typeof machine> = {
  closed: () => {
    expect(search()).not.toBeInTheDocument();
  },
  shown: () => {
    expect(search()).toBeInTheDocument();
    // Only what the user may read is asked for (reactions, intents and tests are not restricted here).
    expect(loadEntries.calls.at(-1)).toEqual(sources);
    // Screens and commands do not wait for the entries.
    expect(actionLabels()).toContain('Intents (Screen)');
    expect(actionLabels()).toContain('Run chat (Command)');
  },
  'shown.loading': async (state) => {
    expect(screen.getByLabelText('Loading entries')).toBeInTheDocument();
    // What was loaded for this project is found while it is refreshed; another project's never.
    await typeQuery('greet');
    if (state.context.entries) expect(actionLabels()).toContain('greeting (Intent)');
    else expect(actionLabels()).toEqual([]);
    await typeQuery('');
  },
  'shown.ready': async () => {
    expect(screen.queryByLabelText('Loading entries')).not.toBeInTheDocument();
    expect(actionLabels()).not.toContain('greeting (Intent)');
    await typeQuery('greet');
    expect(actionLabels()).toEqual(['greeting (Intent)', 'greet back (Reaction)', 'greeting test (Test)']);
    await typeQuery('returns');
    expect(actionLabels()).toEqual(['Returns policy (Knowledge)']);
    await typeQuery('');
  },
  'shown.failed': () => {
    expect(screen.getByText(PALETTE_NOT_LOADED)).toBeInTheDocument();
    expect(actionLabels()).toContain('Settings (Screen)');
  },
};

const renderAt = async (user = inBoth, logic = machine) => {
  window.history.replaceState(null, '', '/?project_id=1#/app/settings');
  await renderConsole({
    sessionLogic: signedInSession(user),
    projectSelectionLogic: fixedProjects(projects),
    commandPaletteLogic: logic,
  });
};

describeModel({
  name: 'commandPalette',
  machine,
  render: async () => {
    await renderAt();
    return undefined;
  },
  executors,
  states,
  invokes: { loadEntries },
  events: [{ type: 'palette.project', projectId: 2, sources }],
  input: { projectId: 1, sources },
  serializeContext: (c) => ({ loaded: c.entries !== null }),
});

describe('the command palette', () => {
  beforeEach(() => loadEntries.reset());

  it('never lists a screen the user may not GET', async () => {
    // Restricted and not granted: GET /stats (Dashboard), GET /tests (Tests), GET /users-logs, PUT /roles/{id}.
    const user = makeUser();
    const listed = paletteScreens(appRoutes, user, 1);
    for (const route of listed) {
      const permission = route.permission;
      if (permission) expect(can(user, permission.method, permission.path, 1)).toBe(true);
    }
    for (const forbidden of ['Dashboard', 'Tests', 'Login logs', 'Manage roles'])
      expect(listed.map((r) => r.label)).not.toContain(forbidden);
    expect(listed.map((r) => r.label)).toContain('Settings');
    // The chatbot test is in the user menu, so Ctrl+K finds it too (issue 34).
    expect(listed.map((r) => r.path)).toContain('/app/chatbot-test');

    await renderAt(user);
    await ctrlK();
    expect(actionLabels()).toContain('Settings (Screen)');
    expect(actionLabels()).toContain('Chatbot test (Screen)');
    expect(actionLabels()).not.toContain('Dashboard (Screen)');
    await typeQuery('Tests');
    expect(actionLabels().filter((l) => l?.endsWith('(Screen)'))).toEqual([]);
    // Nor are the lists the user may not read asked for.
    expect(loadEntries.calls.at(-1)).toEqual({ intents: true, reactions: true, tests: false, knowledge: true });
  });

  it('opens an intent found by name on the intents screen, and runs Run tests like the top bar', async () => {
    await renderAt();
    await ctrlK();
    act(() => loadEntries.resolve());
    await settle();
    await typeQuery('opening');
    fireEvent.keyDown(search() as HTMLInputElement, { key: 'Enter', code: 'Enter' });
    await settle();
    expect(window.location.search).toBe('?project_id=1&intent_id=12');
    expect(hashPath()).toBe('/app/intents');
    expect(search()).not.toBeInTheDocument();

    await ctrlK();
    await typeQuery('run tests');
    const action = screen.getByText('Run tests').closest('[data-action]') as HTMLElement;
    fireEvent.click(within(action).getByText('Run tests'));
    await settle();
    expect(hashPath()).toBe('/app/tests');
  });

  it('opens a conversation by id', async () => {
    await renderAt();
    await ctrlK();
    await typeQuery('#42');
    expect(actionLabels()[0]).toBe('Conversation #42 (Conversation)');
    fireEvent.keyDown(search() as HTMLInputElement, { key: 'Enter', code: 'Enter' });
    await settle();
    expect(window.location.search).toBe('?project_id=1&conversation_id=42');
    expect(hashPath()).toBe('/app/logs');
  });
});
