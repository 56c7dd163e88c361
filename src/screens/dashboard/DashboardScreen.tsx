import {
  Badge,
  Card,
  Group,
  Kbd,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChartBar, IconFolders, IconKeyboard, IconUserCircle } from '@tabler/icons-react';
import { useLocation } from 'wouter';
import { roleNameIn } from '../../api/permissions.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { mayOpen } from '../layout/permittedRoutes.ts';
import { appRoutes, type RouteEntry } from '../routes.tsx';
import classes from './DashboardScreen.module.css';
import { NextStepCard } from './NextStepCard.tsx';

/** /app/dashboard: the current project, who is signed in with which role, and the way to every screen. */
export default function DashboardScreen({ route }: { route: RouteEntry }) {
  const user = SessionActor.useSelector((s) => s.context.user);
  const { projectId, projects } = ProjectSelectionActor.useSelector((s) => s.context);
  const [, navigate] = useLocation();
  const project = projects.find((p) => p.id === projectId);
  const role = roleNameIn(user, projectId);
  const screens = appRoutes.filter(
    (r) => r.placement === 'sidebar' && r.path !== route.path && mayOpen(user, projectId, r),
  );

  return (
    <Stack gap="lg" data-testid="dashboard">
      <PageHeader
        icon={route.icon}
        title={project?.name ?? 'Dashboard'}
        description="Dashboard of the current project"
      />
      <NextStepCard user={user} projectId={projectId} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        <Card withBorder padding="lg">
          <Group gap="sm" mb="md">
            <ThemeIcon variant="light" size="lg">
              <IconFolders size={20} />
            </ThemeIcon>
            <Title order={4}>Project</Title>
          </Group>
          <Table variant="vertical" withRowBorders={false} verticalSpacing={4}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={120} style={{ whiteSpace: 'nowrap' }}>
                  Name
                </Table.Th>
                <Table.Td>{project?.name ?? '–'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Project ID</Table.Th>
                <Table.Td data-testid="dashboard-project-id">{projectId ?? '–'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>Projects</Table.Th>
                <Table.Td>{projects.length}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Card>
        <Card withBorder padding="lg">
          <Group gap="sm" mb="md">
            <ThemeIcon variant="light" size="lg" color="teal">
              <IconUserCircle size={20} />
            </ThemeIcon>
            <Title order={4}>Signed in as</Title>
          </Group>
          <Table variant="vertical" withRowBorders={false} verticalSpacing={4}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={120} style={{ whiteSpace: 'nowrap' }}>
                  Name
                </Table.Th>
                <Table.Td>{user?.name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Td>{user?.email}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Role</Table.Th>
                <Table.Td>
                  {role ? (
                    <Badge variant="light" data-testid="dashboard-role">
                      {role}
                    </Badge>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {user?.permissions.system_grants.length ? 'Platform administrator' : 'No role in this project'}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Card>
        <Card withBorder padding="lg">
          <Group gap="sm" mb="md">
            <ThemeIcon variant="light" size="lg" color="grape">
              <IconKeyboard size={20} />
            </ThemeIcon>
            <Title order={4}>Keyboard</Title>
          </Group>
          <Stack gap={8}>
            <Text size="sm">
              <Kbd>Ctrl</Kbd> + <Kbd>G</Kbd> then a letter opens a screen.
            </Text>
            <Text size="sm">
              <Kbd>Ctrl</Kbd> + <Kbd>K</Kbd> finds a screen, intent, reaction, test or conversation, or runs a command.
            </Text>
            <Text size="sm">
              <Kbd>Ctrl</Kbd> + <Kbd>/</Kbd> searches projects.
            </Text>
            <Text size="sm">
              <Kbd>Ctrl</Kbd> + <Kbd>S</Kbd> saves on editing screens.
            </Text>
          </Stack>
        </Card>
      </SimpleGrid>

      <div>
        <Title order={4} mb="sm">
          Screens
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
          {screens.map((screen) => (
            <UnstyledButton
              key={screen.path}
              className={classes.tile}
              onClick={() => navigate(screen.path)}
              aria-label={screen.label}
            >
              <Group justify="space-between" align="flex-start" wrap="nowrap" mb={6}>
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" size="md">
                    <screen.icon size={18} stroke={1.6} />
                  </ThemeIcon>
                  <Text fw={600}>{screen.label}</Text>
                </Group>
                {screen.hotkey && <Kbd size="xs">{screen.hotkey}</Kbd>}
              </Group>
              <Text size="sm" c="dimmed" lineClamp={2}>
                {screen.purpose}
              </Text>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </div>

      <Card withBorder padding="lg">
        <Group gap="sm">
          <ThemeIcon variant="light" size="lg" color="gray">
            <IconChartBar size={20} />
          </ThemeIcon>
          <div>
            <Text fw={600}>Statistics</Text>
            <Text size="sm" c="dimmed">
              Conversation statistics of the project will appear here once the statistics service is built.
            </Text>
          </div>
        </Group>
      </Card>
    </Stack>
  );
}
