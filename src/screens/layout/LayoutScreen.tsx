import { Alert, Button, Center, Group, Kbd, Loader, Text } from '@mantine/core';
import { useHotkeys, useWindowEvent } from '@mantine/hooks';
import { IconAlertTriangle, IconKeyboard } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { startupMachine } from '../../machines/startup/machine.ts';
import { type ReactNode, useEffect, useMemo } from 'react';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { NO_PROJECTS_ALERT } from '../../api/contract/projects.ts';
import { can, roleNameIn } from '../../api/permissions.ts';
import { ConsoleCommandsActor } from '../../machines/consoleCommands/context.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { FIRST_TRAINING } from '../../machines/projectSelection/machine.ts';
import { sortedByName } from '../../machines/projectSelection/guards.ts';
import { providedCommandPaletteMachine } from '../../machines/commandPalette/provide.ts';
import { providedMenuModeMachine } from '../../machines/menuMode/provide.ts';
import { providedProjectSelectionMachine } from '../../machines/projectSelection/provide.ts';
import type { PaletteCommand } from '../../machines/commandPalette/paletteItems.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { isPasswordChangeForced, isPasswordDialogOpen, passwordProblem } from '../../machines/session/selectors.ts';
import { ChangePasswordModal } from '../../ui/ChangePasswordModal.tsx';
import { CommandPalette } from '../../ui/shell/CommandPalette.tsx';
import { ConsoleShell } from '../../ui/shell/ConsoleShell.tsx';
import { NavMenu } from '../../ui/shell/NavMenu.tsx';
import { ProjectSelector } from '../../ui/shell/ProjectSelector.tsx';
import { ShellFooter } from '../../ui/shell/ShellFooter.tsx';
import { StartupStatus } from '../../ui/shell/StartupStatus.tsx';
import { TopBarActions } from '../../ui/shell/TopBarActions.tsx';
import { UserMenu } from '../../ui/shell/UserMenu.tsx';
import { OtpEnrolmentModal } from '../../ui/OtpEnrolmentModal.tsx';
import { providedOtpEnrolmentMachine } from '../../machines/otpEnrolment/provide.ts';
import ErrorScreen from '../error/ErrorScreen.tsx';
import { appRoutes } from '../routes.tsx';
import { useNavigationGuard } from '../../machines/navigationGuard/context.ts';
import { NavigationGuard } from './NavigationGuard.tsx';
import { navigateTo } from '../../console/navigation.ts';
import { NewProjectModal } from './NewProjectModal.tsx';
import { OtpEnrolmentGate } from './OtpEnrolmentGate.tsx';
import { isOffered, mayOpen, menuTargets, paletteScreens } from './permittedRoutes.ts';
import { hidesVoiceOnly, useProjectChannel } from './projectChannel.ts';
import { ScreenOutlet } from './ScreenOutlet.tsx';

const projectIdIn = (search: string): number | null => {
  const value = new URLSearchParams(search).get('project_id');
  return value && /^-?\d+$/.test(value) ? Number(value) : null;
};

/** Why the console cannot show a project (none, or the list failed to load), with the way out as children. */
function ProjectsProblem({ title, role, children }: { title: string; role?: 'alert'; children: ReactNode }) {
  return (
    <Center mih="60vh">
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={title} maw={520} role={role}>
        {children}
      </Alert>
    </Center>
  );
}

/** The signed-in console: project selection around the shell. */
export default function LayoutScreen({
  projectSelectionLogic = providedProjectSelectionMachine,
  menuModeLogic = providedMenuModeMachine,
  commandPaletteLogic = providedCommandPaletteMachine,
}: {
  projectSelectionLogic?: typeof providedProjectSelectionMachine;
  menuModeLogic?: typeof providedMenuModeMachine;
  commandPaletteLogic?: typeof providedCommandPaletteMachine;
}) {
  const session = SessionActor.useActorRef();
  const user = SessionActor.useSelector((s) => s.context.user);
  const search = useSearch();
  // Until a required one-time code is enrolled the server refuses everything else: no project is even listed.
  const enrolmentRequired = SessionActor.useSelector((s) => s.hasTag('otpEnrolmentRequired'));
  if (enrolmentRequired) return <OtpEnrolmentGate />;
  return (
    <ProjectSelectionActor.Provider
      // A first run waits for the expired password to be changed, then starts again (spec 2 §4 "New user").
      key={user?.password_expired ? 'password-expired' : 'password-ok'}
      logic={projectSelectionLogic}
      options={{
        input: {
          requestedId: projectIdIn(search),
          canCreate: can(user, 'POST', '/projects', null),
          firstRunAllowed: !user?.password_expired,
        },
      }}
    >
      <ConsoleCommandsActor.Provider>
        <NavigationGuard logout={() => session.send({ type: 'session.logout' })}>
          <Shell menuModeLogic={menuModeLogic} commandPaletteLogic={commandPaletteLogic} />
        </NavigationGuard>
      </ConsoleCommandsActor.Provider>
    </ProjectSelectionActor.Provider>
  );
}

function Shell({
  menuModeLogic,
  commandPaletteLogic,
}: {
  menuModeLogic: typeof providedMenuModeMachine;
  commandPaletteLogic: typeof providedCommandPaletteMachine;
}) {
  const session = SessionActor.useActorRef();
  const navigationGuard = useNavigationGuard();
  const user = SessionActor.useSelector((s) => s.context.user);
  const projectSelection = ProjectSelectionActor.useActorRef();
  // The buttons of the no-project and load-failure alerts: ask for the projects again.
  const reloadProjects = {
    size: 'xs',
    variant: 'light',
    color: 'red',
    onClick: () => projectSelection.send({ type: 'project.reload' }),
  } as const;
  const otpEnrolment = useActorRef(providedOtpEnrolmentMachine, { input: { enabled: user?.otp_enabled ?? false } });
  const projectState = ProjectSelectionActor.useSelector((s) => s);
  const startup = projectState.children.startup as ActorRefFrom<typeof startupMachine> | undefined;
  const { projectId, projects, canCreate } = projectState.context;
  const sortedProjects = useMemo(() => sortedByName(projects), [projects]);
  const [location, navigate] = useLocation();
  const search = useSearch();

  // project_id typed or changed in the URL selects that project (or is refused when not assigned).
  const requested = projectIdIn(search);
  useEffect(() => {
    if (requested !== null && projectSelection.getSnapshot().matches('selected')) {
      projectSelection.send({ type: 'project.select', id: requested });
    }
  }, [requested, projectSelection]);

  // Spec 1 §2: Outbound is neither listed nor reachable by Ctrl+G O in a chat-only project.
  const channel = useProjectChannel();
  const hideVoiceOnly = hidesVoiceOnly(channel);
  const menuMode = useActorRef(menuModeLogic, {
    input: { targets: menuTargets(appRoutes, user, projectId, hideVoiceOnly) },
  });
  const menuActive = useSelector(menuMode, (s) => s.matches('active'));
  useEffect(() => {
    menuMode.send({ type: 'menu.targets', targets: menuTargets(appRoutes, user, projectId, hideVoiceOnly) });
  }, [menuMode, user, projectId, hideVoiceOnly]);
  useHotkeys([['ctrl+G', () => menuMode.send({ type: 'menu.enter' })]], []);
  useWindowEvent('keydown', (event) => {
    if (!menuMode.getSnapshot().matches('active') || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'Escape') menuMode.send({ type: 'menu.exit' });
    else if (/^[a-z]$/i.test(event.key)) {
      event.preventDefault();
      menuMode.send({ type: 'menu.key', key: event.key });
    }
  });

  const sidebarItems = appRoutes.filter(
    (r) => r.placement === 'sidebar' && isOffered(user, projectId, r, hideVoiceOnly),
  );

  // The top bar's buttons and the command palette offer the same commands to the same users.
  const canRunTests = can(user, 'GET', '/run/test/{id}', projectId);
  const canTrain = can(user, 'GET', '/run/train', projectId);
  const canDeployTesting = can(user, 'GET', '/run/deploy', projectId, 'dev');
  const paletteCommands = useMemo(
    () =>
      (
        [
          ['runTests', canRunTests],
          ['train', canTrain],
          ['runChat', projectId !== null],
          ['deployTesting', canDeployTesting],
        ] as const
      )
        .filter(([, allowed]) => allowed)
        .map(([command]): PaletteCommand => command),
    [canRunTests, canTrain, canDeployTesting, projectId],
  );
  const screensInPalette = useMemo(
    () => paletteScreens(appRoutes, user, projectId, hideVoiceOnly),
    [user, projectId, hideVoiceOnly],
  );
  const paletteSources = {
    intents: can(user, 'GET', '/intents', projectId),
    reactions: can(user, 'GET', '/reactions', projectId),
    tests: can(user, 'GET', '/tests', projectId),
    knowledge: can(user, 'GET', '/knowledges', projectId),
  };
  const palette = useActorRef(commandPaletteLogic, { input: { projectId, sources: paletteSources } });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the sources are compared by value, not by object
  useEffect(() => {
    palette.send({ type: 'palette.project', projectId, sources: paletteSources });
  }, [
    palette,
    projectId,
    paletteSources.intents,
    paletteSources.reactions,
    paletteSources.tests,
    paletteSources.knowledge,
  ]);
  const passwordExpired = SessionActor.useSelector(isPasswordChangeForced);
  const passwordDialog = SessionActor.useSelector(isPasswordDialogOpen);
  const password = SessionActor.useSelector((s) => s.context.password);
  const problem = SessionActor.useSelector(passwordProblem);
  const checking = SessionActor.useSelector((s) =>
    s.matches({ authenticated: { access: { passwordChange: { editing: 'checking' } } } }),
  );
  const valid = SessionActor.useSelector((s) =>
    s.matches({ authenticated: { access: { passwordChange: { editing: 'valid' } } } }),
  );
  const canSubmitPassword = SessionActor.useSelector((s) => s.can({ type: 'password.change' }));
  const saving = SessionActor.useSelector((s) =>
    s.matches({ authenticated: { access: { passwordChange: 'changing' } } }),
  );

  const main = (() => {
    if (projectState.hasTag('noProjects')) {
      return (
        <ProjectsProblem title="No project" role="alert">
          <Text size="sm">{NO_PROJECTS_ALERT}</Text>
          <Button mt="md" {...reloadProjects}>
            Check again
          </Button>
        </ProjectsProblem>
      );
    }
    if (projectState.hasTag('firstRun')) {
      return (
        <Center mih="60vh">
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>{FIRST_TRAINING}</Text>
          </Group>
        </Center>
      );
    }
    if (projectState.matches('failed')) {
      return (
        <ProjectsProblem title="Projects could not be loaded">
          <Button mt="xs" {...reloadProjects}>
            Try again
          </Button>
        </ProjectsProblem>
      );
    }
    // No screen loads its data before the expired password is changed: the server refuses those calls.
    if (projectId === null || passwordExpired) {
      return (
        <Center mih="60vh">
          <Loader />
        </Center>
      );
    }
    return (
      <Switch>
        {appRoutes.map((route) => (
          <Route key={route.path} path={route.path}>
            <ScreenOutlet
              key={`${route.path}:${projectId}`}
              route={route}
              allowed={mayOpen(user, projectId, route)}
              chatOnly={channel === 'chat'}
            />
          </Route>
        ))}
        <Route>
          <ErrorScreen title="Page not found" message={`There is no screen at ${location}.`} />
        </Route>
      </Switch>
    );
  })();

  return (
    <>
      <ConsoleShell
        projectSelector={
          <ProjectSelector
            projects={sortedProjects}
            projectId={projectId}
            canCreate={canCreate}
            loading={projectState.hasTag('loading')}
            // Through the URL, like a link to another project: the navigation guard asks first when a draft would go.
            onSelect={(id) => navigateTo(`${location}?project_id=${id}`, true)}
            onNew={() => projectSelection.send({ type: 'project.new' })}
            // 'Clone projects' (issue 34), not only 'Create projects'.
            onClone={
              can(user, 'POST', '/projects/clone', projectId)
                ? () => projectSelection.send({ type: 'project.clone' })
                : undefined
            }
            status={startup && <StartupStatus actor={startup} />}
          />
        }
        navigation={
          <NavMenu items={sidebarItems} activePath={location} onOpen={(path) => navigate(path)} menuMode={menuActive} />
        }
        headerCenter={
          menuActive ? (
            <Group gap={6} data-testid="menu-mode">
              <IconKeyboard size={16} />
              <Text size="sm">
                Menu mode: press a letter, <Kbd size="xs">Esc</Kbd> to leave
              </Text>
            </Group>
          ) : undefined
        }
        headerRight={
          <Group gap="md" wrap="nowrap">
            <TopBarActions
              canRunTests={canRunTests}
              canChat={projectId !== null}
              canDeployTesting={canDeployTesting}
              canDeployProduction={can(user, 'GET', '/run/deploy', projectId, 'prod')}
            />
            {user && (
              <UserMenu
                name={user.name}
                email={user.email}
                roleName={roleNameIn(user, projectId)}
                links={{
                  // Everyone's (spec 1 §2); its contents follow the user's grants (issue 34).
                  platform: true,
                  loginLogs: can(user, 'GET', '/users-logs', projectId),
                  manageRoles: can(user, 'PUT', '/roles/{id}', projectId),
                  users: can(user, 'GET', '/users', projectId),
                  chatbotTest: projectId !== null,
                }}
                onChangePassword={() => session.send({ type: 'password.open' })}
                onOpen={(path) => navigate(path)}
                onOneTimeCodes={() => otpEnrolment.send({ type: 'otp.open' })}
                // Asks first while a draft is held (the navigation guard); an expired session cannot ask.
                onLogout={() =>
                  navigationGuard
                    ? navigationGuard.send({ type: 'logout.request' })
                    : session.send({ type: 'session.logout' })
                }
              />
            )}
          </Group>
        }
        footer={<ShellFooter projectId={projectId} />}
      >
        {main}
      </ConsoleShell>
      <NewProjectModal
        opened={projectState.matches('naming') || (projectState.matches('creating') && projects.length > 0)}
        busy={projectState.matches('creating')}
        cloneOf={
          projectState.context.cloneOf === null
            ? null
            : (projects.find((p) => p.id === projectState.context.cloneOf)?.name ?? 'this project')
        }
        onCreate={(name) => projectSelection.send({ type: 'project.create', name })}
        onCancel={() => projectSelection.send({ type: 'project.cancel' })}
      />
      <OtpEnrolmentModal actor={otpEnrolment} />
      <CommandPalette
        actor={palette}
        // Mounted all along, so its chart and Spotlight's own open state never part; off without a project.
        disabled={projectId === null || passwordExpired}
        screens={screensInPalette}
        commands={paletteCommands}
        canOpenConversation={can(user, 'GET', '/conversations/{id}', projectId)}
      />
      {passwordDialog && (
        <ChangePasswordModal
          opened
          closable={!passwordExpired}
          onClose={() => session.send({ type: 'password.close' })}
          passwd={password.passwd}
          confirm={password.confirm}
          current={password.current}
          problem={problem}
          checking={checking}
          valid={valid}
          saving={saving}
          canSubmit={canSubmitPassword}
          onInput={(passwd, confirm, current) => session.send({ type: 'password.input', passwd, confirm, current })}
          onSubmit={() => session.send({ type: 'password.change' })}
        />
      )}
    </>
  );
}
