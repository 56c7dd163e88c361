// Model-based test of the Ctrl+G menu mode against the real layout (spec 1 §2: letters, 3 s expiry, Esc).
import { act, fireEvent, screen } from '@testing-library/react';
import { navigate } from 'wouter/use-hash-location';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { menuModeMachine } from '../../src/machines/menuMode/machine.ts';
import { providedMenuModeMachine } from '../../src/machines/menuMode/provide.ts';
import { describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';
import { fixedProjects, renderConsole, setHash, settle, signedInSession } from './renderConsole.tsx';
import { makeUser } from './userFixtures.ts';

const user = makeUser({}, [
  { method: 'GET', path: '/stats', project_env: null },
  { method: 'GET', path: '/tests', project_env: null },
]);
const projects = [
  { id: 1, name: 'Demo bot' },
  { id: 2, name: 'Second bot' },
];
const withRoleInBoth = makeUser({
  ...user,
  permissions: { ...user.permissions, project_roles: { '1': 2, '2': 2 } },
});

const machine = providedMenuModeMachine;
const hashPath = () => window.location.hash.replace(/^#/, '');

const executors = {
  'menu.enter': () => {
    fireEvent.keyDown(document.documentElement, { key: 'g', code: 'KeyG', ctrlKey: true });
  },
  'menu.key': ({ event }) => {
    fireEvent.keyDown(window, { key: event.key });
  },
  'menu.exit': () => {
    fireEvent.keyDown(window, { key: 'Escape' });
  },
  // The layout sends new targets when the project changes.
  'menu.targets': async () => {
    const other = new URLSearchParams(window.location.search).get('project_id') === '2' ? 1 : 2;
    act(() => navigate(`${hashPath()}?project_id=${other}`));
    await settle();
  },
} satisfies ModelExecutors<typeof machine>;

const states: StateAssertions<typeof machine> = {
  idle: () => {
    expect(screen.queryByTestId('menu-mode')).not.toBeInTheDocument();
    // After the permitted letter T the tests screen is open; otherwise the dashboard stays.
    if (hashPath() === '/app/tests') expect(screen.queryByTestId('dashboard')).not.toBeInTheDocument();
    else expect(screen.getByTestId('dashboard')).toBeInTheDocument();
  },
  active: () => {
    expect(screen.getByTestId('menu-mode')).toHaveTextContent('Menu mode: press a letter');
    // Letters show beside the permitted menu items only.
    expect(screen.getByTestId('menu-letter-D')).toBeInTheDocument();
    expect(screen.getByTestId('menu-letter-T')).toBeInTheDocument();
    expect(screen.queryByTestId('menu-letter-S')).toBeInTheDocument();
  },
};

describeModel({
  name: 'menuMode',
  machine,
  render: async (m) => {
    setHash('/app/dashboard?project_id=1');
    window.history.replaceState(null, '', '/?project_id=1#/app/dashboard');
    await renderConsole({
      sessionLogic: signedInSession(withRoleInBoth),
      projectSelectionLogic: fixedProjects(projects),
      menuModeLogic: m,
    });
    expect(screen.getByTestId('dashboard')).toBeInTheDocument();
    return undefined;
  },
  executors,
  states,
  events: [
    { type: 'menu.key', key: 't' },
    { type: 'menu.key', key: 'z' },
    { type: 'menu.targets', targets: { D: '/app/dashboard', T: '/app/tests' } },
  ],
  input: { targets: { D: '/app/dashboard', T: '/app/tests' } },
  serializeContext: () => '',
  timers: 'fake',
});

describe('menu mode letters', () => {
  beforeEach(() => window.history.replaceState(null, '', '/?project_id=1#/app/dashboard'));

  it('navigates with Ctrl+G then a permitted letter and ignores a forbidden one', async () => {
    await renderConsole({
      sessionLogic: signedInSession(withRoleInBoth),
      projectSelectionLogic: fixedProjects(projects),
    });
    await screen.findByTestId('dashboard');
    fireEvent.keyDown(document.documentElement, { key: 'g', ctrlKey: true });
    fireEvent.keyDown(window, { key: 't' });
    await settle();
    expect(hashPath()).toBe('/app/tests');
    expect(screen.queryByTestId('dashboard')).not.toBeInTheDocument();
    // /users-logs is restricted and not granted: no letter leads there, and the restricted Stats-less user cannot reach D.
    fireEvent.keyDown(document.documentElement, { key: 'g', ctrlKey: true });
    fireEvent.keyDown(window, { key: 'd' });
    await settle();
    expect(hashPath()).toBe('/app/dashboard');
  });

  it('expires after 3 s (unit)', () => {
    const actor = createActor(menuModeMachine, { input: { targets: { D: '/app/dashboard' } } }).start();
    actor.send({ type: 'menu.enter' });
    expect(actor.getSnapshot().value).toBe('active');
    expect(menuModeMachine.implementations.delays.menuModeExpiry).toBe(3000);
  });
});
