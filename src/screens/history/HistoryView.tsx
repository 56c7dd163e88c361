import {
  Button,
  Center,
  EmptyState,
  Group,
  Loader,
  Paper,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconGitCompare, IconHistory } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { HistoryCompareContext, historyCompareMachine } from '../../machines/historyCompare/machine.ts';
import { formatPoint, MICROS_PER_SECOND } from '../../machines/historyCompare/pointInTime.ts';
import { changesInPair, deletedInPair, pointErrors, tabDiff } from '../../machines/historyCompare/selectors.ts';
import { HISTORY_TABS, type HistoryTab } from '../../machines/historyCompare/tabs.ts';
import { JsonDiff } from '../../ui/JsonDiff.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';

type HistoryActor = ActorRefFrom<typeof historyCompareMachine>;

const POINT_PLACEHOLDER = 'YYYY-MM-DD HH:MM:ss';
const LOCAL_TIME = "Your browser's local time; a date alone means 00:00:00.";

/** The History screen (spec 2 §2), driven by its machine: two points in time, a tab per resource, a diff. */
export function HistoryView({ actor }: { actor: HistoryActor }) {
  const state = useSelector(actor, (s) => s);
  const { context } = state;
  const errors = pointErrors(context);
  const send = actor.send;
  return (
    <Stack>
      <PageHeader icon={IconHistory} title="History" description="Compare the project at two points in time." />
      <Group align="flex-start">
        <TextInput
          label="From"
          placeholder={POINT_PLACEHOLDER}
          description={LOCAL_TIME}
          value={context.fromText}
          error={errors.fromError}
          onChange={(e) => send({ type: 'history.from', text: e.currentTarget.value })}
        />
        <TextInput
          label="To"
          placeholder={POINT_PLACEHOLDER}
          description={LOCAL_TIME}
          value={context.toText}
          error={errors.toError}
          onChange={(e) => send({ type: 'history.to', text: e.currentTarget.value })}
        />
        <Button
          mt={46}
          leftSection={<IconGitCompare size={16} />}
          disabled={!state.can({ type: 'history.compare' })}
          onClick={() => send({ type: 'history.compare' })}
        >
          Compare
        </Button>
        {state.can({ type: 'history.audit', on: !context.showDeleted }) && (
          <Switch
            mt={52}
            label="Show deleted items"
            checked={context.showDeleted}
            onChange={(e) => send({ type: 'history.audit', on: e.currentTarget.checked })}
          />
        )}
      </Group>
      <Tabs value={context.tab} onChange={(tab) => tab && send({ type: 'history.tab', tab: tab as HistoryTab })}>
        <Tabs.List>
          {HISTORY_TABS.filter((t) => context.tabs.includes(t.id)).map((t) => (
            <Tabs.Tab key={t.id} value={t.id}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {state.matches('idle') && (
        <Paper withBorder p="xl">
          <EmptyState
            icon={<IconHistory size={32} stroke={1.5} />}
            title="Nothing compared yet"
            description="Choose two points in time and press Compare."
          />
        </Paper>
      )}
      {state.hasTag('loading') && (
        <Center p="xl">
          <Loader aria-label="Loading" />
        </Center>
      )}
      {state.matches('failed') && (
        <RetryAlert title="Cannot load the history." onRetry={() => send({ type: 'history.retry' })} />
      )}
      {state.matches('ready') && <Comparison context={context} />}
    </Stack>
  );
}

/** The ready state: the active tab's diff, who changed what in between and, with the switch on, what was deleted. */
function Comparison({ context }: { context: HistoryCompareContext }) {
  const diff = tabDiff(context);
  const { pair } = context;
  if (!diff || !pair) return null;
  return (
    <Stack>
      {diff.before === diff.after ? (
        <Paper withBorder p="md">
          <Text c="dimmed">No differences.</Text>
        </Paper>
      ) : (
        <JsonDiff
          before={diff.before}
          after={diff.after}
          leftTitle={`From ${formatPoint(pair.from)}`}
          rightTitle={`To ${formatPoint(pair.to)}`}
        />
      )}
      <Changes context={context} />
      {context.showDeleted && <DeletedItems context={context} />}
    </Stack>
  );
}

/** Every revision of the active tab's resource between the two times: what changed, when, by whom. */
function Changes({ context }: { context: HistoryCompareContext }) {
  const items = changesInPair(context);
  return (
    <Stack gap="xs">
      <Title order={4}>Changes</Title>
      <Table striped withTableBorder aria-label="Changes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Resource</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Change</Table.Th>
            <Table.Th>Changed at</Table.Th>
            <Table.Th>By</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={`${item.resource} ${item.item_id} ${item.time} ${item.deleted}`}>
              <Table.Td>{item.resource}</Table.Td>
              <Table.Td>{item.name ?? item.item_id}</Table.Td>
              <Table.Td>{item.deleted ? 'Deleted' : 'Saved'}</Table.Td>
              <Table.Td>{formatPoint(Math.floor(item.time / MICROS_PER_SECOND))}</Table.Td>
              <Table.Td>{item.user_name ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
          {items.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text c="dimmed">Nothing was changed between these times.</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function DeletedItems({ context }: { context: HistoryCompareContext }) {
  const items = deletedInPair(context);
  return (
    <Stack gap="xs">
      <Title order={4}>Deleted items</Title>
      <Table striped withTableBorder aria-label="Deleted items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Resource</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Deleted at</Table.Th>
            <Table.Th>By</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={`${item.resource} ${item.item_id} ${item.time}`}>
              <Table.Td>{item.resource}</Table.Td>
              <Table.Td>{item.name ?? item.item_id}</Table.Td>
              <Table.Td>{formatPoint(Math.floor(item.time / MICROS_PER_SECOND))}</Table.Td>
              <Table.Td>{item.user_name ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
          {items.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text c="dimmed">Nothing was deleted between these times.</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
