import { Anchor, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconCloudUpload, IconRocket } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ENV_LABELS, LIVE_LABEL, NO_MATCH, versionTime } from '../../api/contract/deployments.ts';
import type { deployModalMachine } from '../../machines/deployModal/machine.ts';
import type { deploymentsListMachine } from '../../machines/deploymentsList/machine.ts';
import { DeployModal } from '../../ui/DeployModal.tsx';
import { LabelledSegmentedControl } from '../../ui/LabelledSegmentedControl.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { ReloadButton } from '../../ui/ReloadButton.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';

export const DEPLOYMENTS_LOAD_FAILED = 'The deployments could not be loaded.';

const when = (iso: string) => new Date(iso).toLocaleString();

export interface DeploymentsViewProps {
  list: ActorRefFrom<typeof deploymentsListMachine>;
  deploy: ActorRefFrom<typeof deployModalMachine>;
  canDev: boolean;
  canProd: boolean;
}

/** The deployments table with its filters, and the deploy and rollback dialog. */
export function DeploymentsView({ list, deploy, canDev, canProd }: DeploymentsViewProps) {
  const state = useSelector(list, (s) => s);
  const { filter, items } = state.context;
  const change = (patch: Partial<typeof filter>) => list.send({ type: 'filter.change', patch });

  return (
    <Stack gap="md" data-testid="deployments-screen">
      <PageHeader
        icon={IconRocket}
        title="Deployments"
        description="Versions deployed to testing and production, and rollback."
        actions={
          <Group gap="xs">
            <ReloadButton label="Reload deployments" onReload={() => list.send({ type: 'list.reload' })} />
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
          <LabelledSegmentedControl
            label="Environment"
            fullWidth
            value={filter.env}
            onChange={(v) => change({ env: v as 'dev' | 'prod' })}
            data={[
              { value: 'dev', label: ENV_LABELS.dev },
              { value: 'prod', label: ENV_LABELS.prod },
            ]}
          />
        </SimpleGrid>
      </Paper>
      {state.matches('failed') && (
        <RetryAlert title={DEPLOYMENTS_LOAD_FAILED} onRetry={() => list.send({ type: 'list.reload' })} />
      )}
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
              {/* The version is unix seconds (spec 2 §3): shown as a date and time, the seconds in the title. */}
              <Table.Td title={String(d.version)}>{versionTime(d.version)}</Table.Td>
              <Table.Td>{when(d.created)}</Table.Td>
              <Table.Td>{d.user_name ?? 'N/A (insufficient permissions)'}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Badge variant="light" color={d.project_env === 'prod' ? 'blue' : 'gray'}>
                    {ENV_LABELS[d.project_env]}
                  </Badge>
                  {d.live && (
                    <Badge variant="filled" color="green" title={`${ENV_LABELS[d.project_env]} serves this deployment`}>
                      {LIVE_LABEL}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{d.note}</Table.Td>
              <Table.Td>
                {/* Spec 2 §2: production rows only; the live one has nothing to roll back to (issue 34). */}
                {d.project_env === 'prod' && !d.live && canProd && (
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
      {state.hasTag('loading') && (
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
