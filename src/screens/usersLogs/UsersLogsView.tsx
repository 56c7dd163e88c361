import { Button, Group, Loader, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconDownload, IconListDetails, IconSearch, IconUser } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { USERS_LOG_MONTHS, USERS_LOG_PAGE_SIZES } from '../../api/contract/users-logs.ts';
import type { usersLogsMachine } from '../../machines/usersLogs/machine.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';

const formatTime = (iso: string) => new Date(iso).toLocaleString();

/** The users-log table (spec 1 §2: columns ID, User, Action, Logged at; CSV download), driven by its machine. */
export function UsersLogsView({ actor }: { actor: ActorRefFrom<typeof usersLogsMachine> }) {
  const state = useSelector(actor, (s) => s);
  const { filter, data } = state.context;
  const pages = data ? Math.max(1, Math.ceil(data.total / filter.size)) : 1;
  return (
    <Stack>
      <PageHeader
        icon={IconListDetails}
        title="Users logs"
        description={`What users did in the last ${USERS_LOG_MONTHS} months.`}
        actions={
          <Button
            leftSection={<IconDownload size={16} />}
            variant="light"
            loading={state.hasTag('busy')}
            disabled={!state.can({ type: 'logs.download' })}
            onClick={() => actor.send({ type: 'logs.download' })}
          >
            Download CSV
          </Button>
        }
      />
      <Group>
        <TextInput
          aria-label="Filter by user"
          placeholder="User name or email"
          leftSection={<IconUser size={16} />}
          defaultValue={filter.user}
          onChange={(e) => actor.send({ type: 'logs.filter', user: e.currentTarget.value, search: filter.search })}
        />
        <TextInput
          aria-label="Search actions"
          placeholder="Search actions"
          leftSection={<IconSearch size={16} />}
          defaultValue={filter.search}
          onChange={(e) => actor.send({ type: 'logs.filter', user: filter.user, search: e.currentTarget.value })}
        />
        {state.hasTag('loading') && <Loader size="xs" aria-label="Loading" />}
      </Group>
      {state.matches('failed') ? (
        <RetryAlert title="Cannot load the users log." onRetry={() => actor.send({ type: 'logs.retry' })} />
      ) : (
        <Table striped highlightOnHover withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>ID</Table.Th>
              <Table.Th>User</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th>Logged at</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.items.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>{line.id}</Table.Td>
                <Table.Td>
                  {line.name ?? '—'}
                  {line.email && (
                    <Text size="xs" c="dimmed">
                      {line.email}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{line.action}</Table.Td>
                <Table.Td>{formatTime(line.created_at)}</Table.Td>
              </Table.Tr>
            ))}
            {data && data.items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text c="dimmed">No match.</Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {data ? `${data.total} lines` : ''}
        </Text>
        <Group>
          <Select
            aria-label="Lines per page"
            w={90}
            data={USERS_LOG_PAGE_SIZES.map(String)}
            value={String(filter.size)}
            allowDeselect={false}
            onChange={(v) => v && actor.send({ type: 'logs.size', size: Number(v) })}
          />
          <Pagination total={pages} value={filter.page} onChange={(page) => actor.send({ type: 'logs.page', page })} />
        </Group>
      </Group>
    </Stack>
  );
}
