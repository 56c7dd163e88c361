// Renders the real console (App with its routes and screens) with machines provided with fake actors.
import { act, render } from '@testing-library/react';
import { fromPromise } from 'xstate';
import App from '../../src/App.tsx';
import type { ProjectSummary } from '../../src/api/contract/projects.ts';
import type { CurrentUser } from '../../src/api/contract/users.ts';
import type { providedCommandPaletteMachine } from '../../src/machines/commandPalette/provide.ts';
import type { providedMenuModeMachine } from '../../src/machines/menuMode/provide.ts';
import { providedProjectSelectionMachine } from '../../src/machines/projectSelection/provide.ts';
import { providedSessionMachine } from '../../src/machines/session/provide.ts';

// Screens are lazy; load them up front so a render under fake timers needs no module loading.
export async function preloadScreens(): Promise<void> {
  await Promise.all([
    import('../../src/screens/login/LoginScreen.tsx'),
    import('../../src/screens/layout/LayoutScreen.tsx'),
    import('../../src/screens/dashboard/DashboardScreen.tsx'),
  ]);
}

export function setHash(hash: string): void {
  window.history.replaceState(null, '', `/${hash.startsWith('#') ? hash : `#${hash}`}`);
}

/** A session that is already signed in as `user`. */
export const signedInSession = (user: CurrentUser) =>
  providedSessionMachine.provide({ actors: { fetchMe: fromPromise(async () => user) } });

/** Project selection answering with a fixed list. */
export const fixedProjects = (projects: ProjectSummary[]) =>
  providedProjectSelectionMachine.provide({
    actors: {
      loadProjects: fromPromise(async () => projects),
      createProject: fromPromise(async () => ({ project_id: 99 })),
    },
  });

/** Let lazy screens resolve and React commit (a few microtask turns, no timers needed). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      for (let j = 0; j < 20; j++) await Promise.resolve();
    });
  }
}

export async function renderConsole(options: {
  sessionLogic?: typeof providedSessionMachine;
  projectSelectionLogic?: typeof providedProjectSelectionMachine;
  menuModeLogic?: typeof providedMenuModeMachine;
  commandPaletteLogic?: typeof providedCommandPaletteMachine;
}) {
  await preloadScreens();
  const view = render(<App env="test" {...options} />);
  await settle();
  return view;
}
