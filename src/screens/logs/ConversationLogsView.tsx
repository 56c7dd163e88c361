import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Input,
  Loader,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDownload, IconMessages, IconSearch } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ConversationSummary } from '../../api/contract/conversations.ts';
import { isFiltered, type LogsFilter, PAGE_SIZES } from '../../machines/conversationLogs/filter.ts';
import type { conversationLogsMachine } from '../../machines/conversationLogs/machine.ts';
import { CONVERSATION_ENV_LABELS, labelColor, pageCount } from '../../machines/conversationLogs/selectors.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { ReloadButton } from '../../ui/ReloadButton.tsx';
import { GuidedEmpty } from '../../ui/GuidedEmpty.tsx';
import { ConversationDrawer } from './ConversationDrawer.tsx';

export const LOGS_TEXTS = {
  title: 'Conversations',
  purpose: 'Conversations people had with the bot.',
  noMatch: 'No conversations match.',
  noneYet: 'Talk to the bot with Run Chat (Ctrl+Shift+X) and its conversations appear here.',
  loadFailed: 'The conversations could not be loaded.',
} as const;

const COLUMNS = ['ID', 'Env', 'Started', 'Last activity', 'Messages', 'Labels', 'Preview'] as const;
const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e', 'f'];

type LogsActor = ActorRefFrom<typeof conversationLogsMachine>;

const when = (iso: string) => new Date(iso).toLocaleString();

export interface ConversationLogsViewProps {
  actor: LogsActor;
  /** GET /conversations/{id}: rows open their conversation. */
  canOpen: boolean;
  /** PUT /conversations/notes: add and edit notes, set labels. */
  canWrite: boolean;
  /** DELETE /conversations/notes. */
  canDelete: boolean;
  /** Triage of what users said (issue 19), for users who may classify. */
  triage?: { canKeepTests: boolean };
  /** PUT /qa-trainings/{id}: "add this question" in the open conversation. */
  canAddQuestions?: boolean;
  /** "Talk to the bot" of the empty list: opens Run Chat (absent where nobody may chat). */
  onTalkToBot?: () => void;
}

function Filters({ actor }: { actor: LogsActor }) {
  const state = useSelector(actor, (s) => s);
  const { filter, labels } = state.context;
  const editable = state.matches('list');
  const change = (patch: Partial<LogsFilter>) => actor.send({ type: 'filter.change', patch });
  return (
    <Paper withBorder p="sm" radius="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 220px' }}
          label="Text"
          placeholder="Words from the messages"
          leftSection={<IconSearch size={16} />}
          value={filter.text}
          disabled={!editable}
          onChange={(e) => change({ text: e.currentTarget.value })}
        />
        <TextInput
          w={170}
          label="Last activity from"
          type="date"
          value={filter.dateFrom}
          disabled={!editable}
          onChange={(e) => change({ dateFrom: e.currentTarget.value })}
        />
        <TextInput
          w={170}
          label="Last activity to"
          type="date"
          value={filter.dateTo}
          disabled={!editable}
          onChange={(e) => change({ dateTo: e.currentTarget.value })}
        />
        <Select
          w={190}
          label="Label"
          placeholder={labels.length ? 'Any label' : 'No labels'}
          data={labels.map((l) => l.name)}
          value={filter.label || null}
          clearable
          searchable
          disabled={!editable || labels.length === 0}
          onChange={(value) => change({ label: value ?? '' })}
        />
        <Stack gap={4}>
          {/* The same label as the inputs beside it. */}
          <Input.Label>Environment</Input.Label>
          <SegmentedControl
            aria-label="Environment"
            disabled={!editable}
            value={filter.env || 'all'}
            onChange={(value) => change({ env: value === 'all' ? '' : (value as LogsFilter['env']) })}
            data={[
              { value: 'all', label: 'All' },
              { value: 'draft', label: CONVERSATION_ENV_LABELS.draft },
              { value: 'dev', label: CONVERSATION_ENV_LABELS.dev },
              { value: 'prod', label: CONVERSATION_ENV_LABELS.prod },
            ]}
          />
        </Stack>
      </Group>
    </Paper>
  );
}

function Row({
  item,
  actor,
  canOpen,
  browsing,
}: {
  item: ConversationSummary;
  actor: LogsActor;
  canOpen: boolean;
  browsing: boolean;
}) {
  const labels = useSelector(actor, (s) => s.context.labels);
  const open = () => actor.send({ type: 'conversation.open', id: item.id });
  return (
    <Table.Tr
      data-testid={`conversation-${item.id}`}
      style={canOpen && browsing ? { cursor: 'pointer' } : undefined}
      onClick={canOpen && browsing ? open : undefined}
    >
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          {canOpen ? (
            <Anchor
              component="button"
              size="sm"
              fw={600}
              aria-label={`Open conversation ${item.id}`}
              onClick={(e) => {
                e.stopPropagation();
                open();
              }}
            >
              {item.id}
            </Anchor>
          ) : (
            <Text size="sm" fw={600}>
              {item.id}
            </Text>
          )}
          {item.ended && (
            <Badge size="xs" variant="outline" color="gray">
              ended
            </Badge>
          )}
          {Boolean(item.knowledge_answers) && (
            <Badge size="xs" variant="light" color="teal" title="Questions answered from the knowledge base">
              {item.knowledge_answers} from knowledge
            </Badge>
          )}
          {Boolean(item.knowledge_no_answers) && (
            <Badge size="xs" variant="light" color="orange" title="Knowledge searches that found no answer">
              {item.knowledge_no_answers} no answer
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Badge
          variant="light"
          color={item.project_env === 'prod' ? 'blue' : item.project_env === 'dev' ? 'teal' : 'gray'}
        >
          {CONVERSATION_ENV_LABELS[item.project_env]}
        </Badge>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(item.started_at)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(item.last_activity_at)}</Table.Td>
      <Table.Td ta="right">{item.messages}</Table.Td>
      <Table.Td>
        <Group gap={4}>
          {item.labels.map((l) => (
            <Badge key={l} size="sm" variant="light" color={labelColor(labels, l)}>
              {l}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td maw={360}>
        <Text size="sm" lineClamp={1} title={item.preview} c={item.preview ? undefined : 'dimmed'}>
          {item.preview || '—'}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** /app/logs: filters, the server-side page of conversations and the open conversation, all from the machine. */
export function ConversationLogsView({
  actor,
  canOpen,
  canWrite,
  canDelete,
  triage,
  canAddQuestions,
  onTalkToBot,
}: ConversationLogsViewProps) {
  const state = useSelector(actor, (s) => s);
  const { items, total, page, pageSize, filter } = state.context;
  const loading = state.hasTag('loading') && !state.matches('conversation');
  const browsing = state.matches({ list: 'browsing' });
  const failed = state.matches({ list: 'failed' });
  const firstLoad = loading && items.length === 0;
  return (
    <Stack gap="md" data-testid="logs-screen">
      <PageHeader
        icon={IconMessages}
        title={LOGS_TEXTS.title}
        description={LOGS_TEXTS.purpose}
        actions={
          <Group gap="xs">
            <ReloadButton disabled={!browsing && !failed} onReload={() => actor.send({ type: 'list.reload' })} />
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              loading={state.matches('exporting')}
              disabled={!browsing && !state.matches('exporting')}
              onClick={() => actor.send({ type: 'list.export' })}
            >
              Export CSV
            </Button>
          </Group>
        }
      />
      <Filters actor={actor} />
      {failed ? (
        <Alert color="red" title={LOGS_TEXTS.loadFailed}>
          <Button mt="xs" variant="light" color="red" onClick={() => actor.send({ type: 'list.reload' })}>
            Retry
          </Button>
        </Alert>
      ) : (
        <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
          <Table
            highlightOnHover
            verticalSpacing="sm"
            aria-label="Conversations"
            aria-busy={loading}
            style={{ opacity: loading && !firstLoad ? 0.6 : 1 }}
          >
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => (
                  <Table.Th key={c} ta={c === 'Messages' ? 'right' : undefined}>
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {firstLoad &&
                SKELETON_ROWS.map((key) => (
                  <Table.Tr key={key} data-testid="conversation-skeleton">
                    {COLUMNS.map((c) => (
                      <Table.Td key={c}>
                        <Skeleton h={14} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              {!firstLoad &&
                items.map((item) => (
                  <Row key={item.id} item={item} actor={actor} canOpen={canOpen} browsing={browsing} />
                ))}
            </Table.Tbody>
          </Table>
          {browsing && items.length === 0 && isFiltered(filter) && (
            <Text c="dimmed" ta="center" py="xl">
              {LOGS_TEXTS.noMatch}
            </Text>
          )}
          {browsing && items.length === 0 && !isFiltered(filter) && (
            <GuidedEmpty
              testId="logs-empty"
              title="No conversations yet"
              sentence={LOGS_TEXTS.noneYet}
              action="Talk to the bot"
              onAction={onTalkToBot}
            />
          )}
        </Paper>
      )}
      <Group justify="space-between">
        <Group gap="xs">
          <Text size="sm" c="dimmed" data-testid="conversations-total">
            {`${total} ${total === 1 ? 'conversation' : 'conversations'}`}
          </Text>
          {loading && <Loader size="xs" aria-label="Loading conversations" />}
        </Group>
        <Group gap="sm">
          <Select
            aria-label="Conversations per page"
            w={90}
            data={PAGE_SIZES.map(String)}
            value={String(pageSize)}
            allowDeselect={false}
            disabled={!browsing}
            onChange={(value) => value && actor.send({ type: 'list.pageSize', pageSize: Number(value) })}
          />
          <Pagination
            total={pageCount(state)}
            value={page}
            disabled={!browsing}
            onChange={(p) => actor.send({ type: 'list.page', page: p })}
          />
        </Group>
      </Group>
      <ConversationDrawer
        actor={actor}
        canWrite={canWrite}
        canDelete={canDelete}
        triage={triage}
        canAddQuestions={canAddQuestions}
      />
    </Stack>
  );
}
