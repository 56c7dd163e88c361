import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCloudUpload, IconRocket } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { ENV_LABELS, NO_MATCH } from '../../api/contract/deployments.ts';
import { getDeployments } from '../../api/deployments.ts';
import { can } from '../../api/permissions.ts';
import { providedDeployModalMachine } from '../../machines/deployModal/provided.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { DeployModal } from '../../ui/DeployModal.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { deploymentsListMachine } from './deploymentsListMachine.ts';

const providedList = deploymentsListMachine.provide({
  actors: { loadDeployments: fromPromise(({ input }) => getDeployments(input)) },
});

const when = (iso: string) => new Date(iso).toLocaleString();

function Deployments({ canDev, canProd }: { canDev: boolean; canProd: boolean }) {
  const list = useActorRef(providedList);
  const deploy = useActorRef(providedDeployModalMachine);
  const state = useSelector(list, (s) => s);
  const { filter, items } = state.context;
  // A deploy or rollback from here shows up at once.
  useEffect(() => {
    const sub = deploy.on('deploy.done', () => list.send({ type: 'list.reload' }));
    return () => sub.unsubscribe();
  }, [deploy, list]);
  const change = (patch: Partial<typeof filter>) => list.send({ type: 'filter.change', patch });

  return (
    <Stack gap="md" data-testid="deployments-screen">
      <PageHeader
        icon={IconRocket}
        title="Deployments"
        description="Versions deployed to testing and production, and rollback."
        actions={
          <Group gap="xs">
            {canDev && (
              <Button
                variant="default"
                leftSection={<IconCloudUpload size={16} />}
                onClick={() => deploy.send({ type: 'deploy.open', env: 'dev' })}
              >
                Deploy to testing
              </Button>
            )}
            {canProd && (
              <Button
                leftSection={<IconCloudUpload size={16} />}
                onClick={() => deploy.send({ type: 'deploy.open', env: 'prod' })}
              >
                Deploy to production
              </Button>
            )}
          </Group>
        }
      />
      <Paper withBorder p="sm" radius="md">
        <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm">
          <TextInput
            label="Version from"
            placeholder="unix seconds"
            value={filter.versionFrom}
            onChange={(e) => change({ versionFrom: e.currentTarget.value })}
          />
          <TextInput
            label="Version to"
            placeholder="unix seconds"
            value={filter.versionTo}
            onChange={(e) => change({ versionTo: e.currentTarget.value })}
          />
          <TextInput
            label="Created from"
            type="date"
            value={filter.createdFrom}
            onChange={(e) => change({ createdFrom: e.currentTarget.value })}
          />
          <TextInput
            label="Created to"
            type="date"
            value={filter.createdTo}
            onChange={(e) => change({ createdTo: e.currentTarget.value })}
          />
          <TextInput
            label="By user"
            placeholder="part of the name"
            value={filter.user}
            onChange={(e) => change({ user: e.currentTarget.value })}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Environment
            </Text>
            <SegmentedControl
              aria-label="Environment"
              fullWidth
              value={filter.env}
              onChange={(v) => change({ env: v as 'dev' | 'prod' })}
              data={[
                { value: 'dev', label: ENV_LABELS.dev },
                { value: 'prod', label: ENV_LABELS.prod },
              ]}
            />
          </Stack>
        </SimpleGrid>
      </Paper>
      {state.matches('failed') && <Alert color="red">The deployments could not be loaded.</Alert>}
      <Table striped withTableBorder highlightOnHover aria-label="Deployments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ID</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th>Deployed</Table.Th>
            <Table.Th>By user</Table.Th>
            <Table.Th>Env</Table.Th>
            <Table.Th>Note</Table.Th>
            <Table.Th>Rollback</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((d) => (
            <Table.Tr key={d.id} aria-label={`Deployment ${d.id}`}>
              <Table.Td>{d.id}</Table.Td>
              <Table.Td>{d.version}</Table.Td>
              <Table.Td>{when(d.created)}</Table.Td>
              <Table.Td>{d.user_name ?? 'N/A (insufficient permissions)'}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={d.project_env === 'prod' ? 'blue' : 'gray'}>
                  {ENV_LABELS[d.project_env]}
                </Badge>
              </Table.Td>
              <Table.Td>{d.note}</Table.Td>
              <Table.Td>
                {d.project_env === 'prod' && canProd && (
                  <Anchor
                    component="button"
                    size="sm"
                    onClick={() => deploy.send({ type: 'deploy.open', env: 'prod', rollbackOf: d.id })}
                  >
                    Rollback
                  </Anchor>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {state.hasTag('loading') && items.length === 0 && (
        <Group justify="center">
          <Loader size="sm" aria-label="Loading deployments" />
        </Group>
      )}
      {state.matches('shown') && items.length === 0 && (
        <Text c="dimmed" ta="center">
          {NO_MATCH}
        </Text>
      )}
      <DeployModal actor={deploy} />
    </Stack>
  );
}

/** /app/deployments (spec 2 §2 "Deployments screen"), fresh for each project. */
export default function DeploymentsScreen() {
  const user = SessionActor.useSelector((s) => s.context.user);
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  return (
    <Deployments
      key={projectId ?? 'none'}
      canDev={can(user, 'GET', '/run/deploy', projectId, 'dev')}
      canProd={can(user, 'GET', '/run/deploy', projectId, 'prod')}
    />
  );
}
