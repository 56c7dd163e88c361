import { MantineProvider } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useEffect, useRef } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { connectApiClient } from './console/connectApiClient.ts';
import { currentPage, useGuardedHashLocation } from './console/navigation.ts';
import type { providedCommandPaletteMachine } from './machines/commandPalette/provide.ts';
import type { providedMenuModeMachine } from './machines/menuMode/provide.ts';
import type { providedProjectSelectionMachine } from './machines/projectSelection/provide.ts';
import { providedSessionMachine } from './machines/session/provide.ts';
import { requestProgressMachine } from './machines/requestProgress/machine.ts';
import { SessionActor } from './machines/session/context.ts';
import ErrorScreen from './screens/error/ErrorScreen.tsx';
import { ScreenErrorBoundary } from './screens/error/ScreenErrorBoundary.tsx';
import NotFoundPage from './screens/notFound/NotFoundPage.tsx';
import { lazyWithTimeout } from './screens/lazyWithTimeout.ts';
import { HOME_PATH, LOGIN_PATH, NOT_FOUND_PATH } from './screens/paths.ts';
import { ConsoleNotifications } from './ui/ConsoleNotifications.tsx';
import { FullPageLoader } from './ui/FullPageLoader.tsx';
import { ProgressIndicator } from './ui/ProgressIndicator.tsx';
import { theme } from './ui/theme.ts';
import { TopProgressBar } from './ui/TopProgressBar.tsx';

const LoginScreen = lazyWithTimeout(() => import('./screens/login/LoginScreen.tsx'));
const LayoutScreen = lazyWithTimeout(() => import('./screens/layout/LayoutScreen.tsx'));

/** Idle hours before the inactivity logout (spec 2 §9), from build configuration. */
export const INACTIVITY_HOURS = Number(import.meta.env.VITE_INACTIVITY_HOURS ?? 8) || 8;
/** Activity is reported to the session at most this often. */
const ACTIVITY_THROTTLE_MS = 10_000;

export interface AppProps {
  /** Machines with their side effects; tests pass machines provided with fakes. */
  sessionLogic?: typeof providedSessionMachine;
  projectSelectionLogic?: typeof providedProjectSelectionMachine;
  menuModeLogic?: typeof providedMenuModeMachine;
  commandPaletteLogic?: typeof providedCommandPaletteMachine;
  /** `test` disables Mantine transitions in tests. */
  env?: 'default' | 'test';
}

export default function App({ sessionLogic = providedSessionMachine, env = 'default', ...logic }: AppProps) {
  return (
    <MantineProvider theme={theme} env={env}>
      <ConsoleNotifications />
      <ModalsProvider>
        <Router hook={useGuardedHashLocation}>
          <SessionActor.Provider
            logic={sessionLogic}
            options={{ input: { location: currentPage(), inactivityHours: INACTIVITY_HOURS } }}
          >
            <ConsoleRoutes {...logic} />
          </SessionActor.Provider>
        </Router>
      </ModalsProvider>
    </MantineProvider>
  );
}

function ConsoleRoutes({
  projectSelectionLogic,
  menuModeLogic,
  commandPaletteLogic,
}: Omit<AppProps, 'sessionLogic' | 'env'>) {
  const session = SessionActor.useActorRef();
  const progress = useActorRef(requestProgressMachine);
  const indicator = useSelector(progress, (s) => s.hasTag('indicator'));
  const bar = useSelector(progress, (s) => s.hasTag('bar'));

  useEffect(() => {
    connectApiClient({
      onSessionLost: (returnTo) => session.send({ type: 'session.expired', returnTo }),
      onPendingChange: (delta) => progress.send({ type: delta > 0 ? 'request.started' : 'request.finished' }),
    });
  }, [session, progress]);

  const lastActivity = useRef(0);
  const reportActivity = () => {
    const now = Date.now();
    if (now - lastActivity.current < ACTIVITY_THROTTLE_MS) return;
    lastActivity.current = now;
    session.send({ type: 'session.activity' });
  };
  useWindowEvent('pointerdown', reportActivity);
  useWindowEvent('keydown', reportActivity);

  const phase = SessionActor.useSelector((s) =>
    s.matches('loadingUser')
      ? 'loading'
      : s.matches('authenticated')
        ? 'in'
        : s.matches('loggingOut')
          ? 'leaving'
          : 'out',
  );

  return (
    <>
      <TopProgressBar visible={bar} />
      <ProgressIndicator visible={indicator} />
      <ScreenErrorBoundary resetKey={phase}>
        <Suspense fallback={<FullPageLoader />}>
          <Switch>
            <Route path={NOT_FOUND_PATH}>
              <NotFoundPage />
            </Route>
            {phase === 'loading' && (
              <Route>
                <FullPageLoader />
              </Route>
            )}
            {phase === 'leaving' && (
              <Route>
                <FullPageLoader label="Logging out…" />
              </Route>
            )}
            {phase === 'out' && (
              <Route>
                <LoginScreen />
              </Route>
            )}
            <Route path="/">
              <Redirect to={HOME_PATH} replace />
            </Route>
            <Route path={LOGIN_PATH}>
              <Redirect to={HOME_PATH} replace />
            </Route>
            <Route path="/app/*">
              <LayoutScreen
                projectSelectionLogic={projectSelectionLogic}
                menuModeLogic={menuModeLogic}
                commandPaletteLogic={commandPaletteLogic}
              />
            </Route>
            <Route>
              <ErrorScreen title="Page not found" message="There is no page at this address." />
            </Route>
          </Switch>
        </Suspense>
      </ScreenErrorBoundary>
    </>
  );
}
