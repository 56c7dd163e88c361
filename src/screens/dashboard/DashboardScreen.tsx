import { Card, Group, Kbd, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useLocation } from 'wouter';
import type { ProjectEnv } from '../../api/contract/common.ts';
import { can, roleNameIn } from '../../api/permissions.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { isOffered } from '../layout/permittedRoutes.ts';
import { useHideVoiceOnly } from '../layout/projectChannel.ts';
import { appRoutes, type RouteEntry } from '../routes.tsx';
import classes from './DashboardScreen.module.css';
import { DashboardStats } from './DashboardStats.tsx';
import { NextStepCard } from './NextStepCard.tsx';

/**
 * /app/dashboard (spec 1 §2 "statistics"): what the bot did in a period, for the environment the user may see
 * (production when permitted, spec 2), then the way to every screen.
 */
export default function DashboardScreen({ route }: { route: RouteEntry }) {
  const user = SessionActor.useSelector((s) => s.context.user);
  const { projectId, projects } = ProjectSelectionActor.useSelector((s) => s.context);
  const [, navigate] = useLocation();
  const project = projects.find((p) => p.id === projectId);
  const role = roleNameIn(user, projectId);
  const hideVoiceOnly = useHideVoiceOnly();
  const screens = appRoutes.filter(
    (r) => r.placement === 'sidebar' && r.path !== route.path && isOffered(user, projectId, r, hideVoiceOnly),
  );
  const envs = (['prod', 'dev'] as ProjectEnv[]).filter((env) => can(user, 'GET', '/stats', projectId, env));

  return (
    <Stack gap="lg" data-testid="dashboard">
      <PageHeader
        icon={route.icon}
        title={project?.name ?? 'Dashboard'}
        description={
          // Inline only: the header puts its description in a paragraph.
          <>
            Project <span data-testid="dashboard-project-id">{projectId ?? '–'}</span> · {user?.name} ·{' '}
            {role ? (
              <Text span fw={600} c="indigo" data-testid="dashboard-role">
                {role}
              </Text>
            ) : user?.permissions.system_grants.length ? (
              'Platform administrator'
            ) : (
              'No role in this project'
            )}
          </>
        }
      />
      <NextStepCard user={user} projectId={projectId} />
      {envs.length > 0 && projectId !== null ? (
        // A new chart per project: its period and figures belong to the project.
        <DashboardStats key={projectId} envs={envs} canChat={can(user, 'POST', '/chat', projectId)} />
      ) : (
        <Card withBorder padding="lg">
          <Group gap="sm">
            <ThemeIcon variant="light" size="lg" color="gray">
              <IconChartBar size={20} />
            </ThemeIcon>
            <Text size="sm" c="dimmed">
              Your role in this project does not include its statistics.
            </Text>
          </Group>
        </Card>
      )}

      <div>
        <Group justify="space-between" mb="xs">
          <Title order={4}>Screens</Title>
          <Text size="xs" c="dimmed">
            <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">K</Kbd> finds anything; <Kbd size="xs">Ctrl</Kbd> +{' '}
            <Kbd size="xs">G</Kbd> then a letter opens a screen; <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">/</Kbd>{' '}
            searches projects
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="xs">
          {screens.map((screen) => (
            <UnstyledButton
              key={screen.path}
              className={classes.tile}
              onClick={() => navigate(screen.path)}
              aria-label={screen.label}
              title={screen.purpose}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap={8} wrap="nowrap">
                  <ThemeIcon variant="light" size="sm">
                    <screen.icon size={14} stroke={1.6} />
                  </ThemeIcon>
                  <Text size="sm" fw={600} truncate>
                    {screen.label}
                  </Text>
                </Group>
                {screen.hotkey && <Kbd size="xs">{screen.hotkey}</Kbd>}
              </Group>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </div>
    </Stack>
  );
}
