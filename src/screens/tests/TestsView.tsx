import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Kbd,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconCopy, IconPencil, IconPlayerPlay, IconPlus, IconRefresh, IconTestPipe } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { runAllTestsMachine } from '../../machines/runAllTests/machine.ts';
import { counters } from '../../machines/runAllTests/selectors.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { TestEditModal } from './TestEditModal.tsx';
import { TestOutput } from './TestOutput.tsx';
import { GuidedEmpty } from '../../ui/GuidedEmpty.tsx';
import { TestStatusDot } from './TestStatusDot.tsx';

type Actor = ActorRefFrom<typeof runAllTestsMachine>;

/** /app/tests (spec 1 §2 "Tests screen"): counters, Add, Run all, test cards, steps and output. */
export function TestsView({ actor, canEdit, canRun }: { actor: Actor; canEdit: boolean; canRun: boolean }) {
  const state = useSelector(actor, (s) => s);
  const { tests, statuses, selectedId, tab } = state.context;
  const send = actor.send;
  const choosing = state.matches({ ready: 'choosing' });
  useHotkeys(canEdit && choosing ? [['ctrl+A', () => send({ type: 'test.add' })]] : []);
  const count = counters(state.context);
  const selected = tests.find((t) => t.id === selectedId) ?? null;

  return (
    <Stack gap="md" data-testid="tests-screen">
      <PageHeader
        icon={IconTestPipe}
        title="Tests"
        description="Scripted conversations that check the bot still behaves."
        actions={
          <Group gap="xs">
            <Tooltip label="Reload tests">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Reload tests"
                onClick={() => send({ type: 'tests.reload' })}
                disabled={!state.can({ type: 'tests.reload' })}
              >
                <IconRefresh size={18} />
              </ActionIcon>
            </Tooltip>
            {canEdit && (
              <Button
                variant="default"
                leftSection={<IconPlus size={16} />}
                onClick={() => send({ type: 'test.add' })}
                disabled={!choosing}
              >
                Add
                <Kbd ml="xs" size="xs">
                  Ctrl+A
                </Kbd>
              </Button>
            )}
            {canRun && (
              <Button
                leftSection={
                  state.hasTag('running') ? <Loader size={14} color="white" /> : <IconPlayerPlay size={16} />
                }
                onClick={() => send({ type: 'tests.runAll' })}
                disabled={!choosing || tests.length === 0}
              >
                Run all
                <Kbd ml="xs" size="xs">
                  Ctrl+Shift+T
                </Kbd>
              </Button>
            )}
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Counter label="Ok" value={count.ok} color="green" />
        <Counter label="Failed" value={count.failed} color="red" />
        <Counter label="Didn't Run" value={count.notRun} color="gray" />
        <Counter label="Pending" value={count.pending} color="yellow" />
      </SimpleGrid>
      {state.matches('loading') && (
        <Center mih={200}>
          <Loader aria-label="Loading tests" />
        </Center>
      )}
      {state.matches('loadFailed') && (
        <Alert color="red" title="The tests could not be loaded.">
          <Button size="xs" variant="light" color="red" onClick={() => send({ type: 'tests.reload' })}>
            Reload
          </Button>
        </Alert>
      )}
      {state.matches('ready') && tests.length === 0 && (
        <GuidedEmpty
          testId="tests-empty"
          title="No tests yet"
          sentence="A test replays what a user says and checks the bot still answers the same: add one, or keep phrases as tests on the fallbacks screen."
          action="Add a test"
          onAction={canEdit ? () => send({ type: 'test.add' }) : undefined}
        />
      )}
      {state.matches('ready') && tests.length > 0 && (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="xs" data-testid="test-cards">
              {tests.map((t) => {
                const status = statuses[t.id] ?? 'unknown';
                return (
                  <Card
                    key={t.id}
                    withBorder
                    padding="xs"
                    aria-label={`Test ${t.name}`}
                    aria-current={t.id === selectedId || undefined}
                    data-status={status}
                    style={{
                      cursor: 'pointer',
                      borderColor: t.id === selectedId ? 'var(--mantine-color-blue-5)' : undefined,
                    }}
                    onClick={() => send({ type: 'test.select', id: t.id })}
                  >
                    <Group justify="space-between" wrap="nowrap">
                      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                        <TestStatusDot state={status} />
                        <Stack gap={0} style={{ minWidth: 0 }}>
                          <Text size="sm" fw={500} truncate>
                            {t.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {t.steps.length} {t.steps.length === 1 ? 'step' : 'steps'}
                          </Text>
                        </Stack>
                      </Group>
                      <Group gap={2} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
                        {canRun && (
                          <Tooltip label="Run">
                            <ActionIcon
                              variant="subtle"
                              aria-label={`Run ${t.name}`}
                              loading={status === 'pending'}
                              disabled={!choosing}
                              onClick={() => send({ type: 'test.run', id: t.id })}
                            >
                              <IconPlayerPlay size={16} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                        {canEdit && (
                          <Tooltip label="Clone">
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={`Clone ${t.name}`}
                              disabled={!choosing}
                              onClick={() => send({ type: 'test.clone', id: t.id })}
                            >
                              <IconCopy size={16} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                        {canEdit && (
                          <Tooltip label="Edit">
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={`Edit ${t.name}`}
                              disabled={!choosing}
                              onClick={() => send({ type: 'test.edit', id: t.id })}
                            >
                              <IconPencil size={16} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Group>
                    </Group>
                  </Card>
                );
              })}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {selected && <SelectedTest actor={actor} testId={selected.id} tab={tab} />}
          </Grid.Col>
        </Grid>
      )}
      <TestEditModal actor={actor} />
    </Stack>
  );
}

function Counter({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <Paper withBorder p="sm" radius="md" aria-label={`${label} counter`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={value > 0 ? color : 'dimmed'}>
        {value}
      </Text>
    </Paper>
  );
}

const EMPTY_RUN = { result: null, error: null };

/** The selected test: its steps (with what the last run did) and its output. */
function SelectedTest({ actor, testId, tab }: { actor: Actor; testId: number; tab: 'steps' | 'output' }) {
  const test = useSelector(actor, (s) => s.context.tests.find((t) => t.id === testId));
  const reactionNames = useSelector(actor, (s) => s.context.vocabulary.reactions);
  const run = useSelector(actor, (s) => s.context.runs[testId]);
  const runContext =
    useSelector(run ?? null, (s) => (s ? { result: s.context.result, error: s.context.error } : EMPTY_RUN)) ??
    EMPTY_RUN;
  if (!test) return null;
  const outcomes = runContext.result?.steps ?? [];
  const nameOf = (r: number | string) =>
    typeof r === 'number' ? (reactionNames.find((x) => x.id === r)?.name ?? `#${r}`) : r;
  return (
    <Paper withBorder p="md" radius="md">
      <Text fw={600} mb="xs">
        {test.name}
      </Text>
      <Tabs value={tab} onChange={(v) => v && actor.send({ type: 'tab.change', tab: v as 'steps' | 'output' })}>
        <Tabs.List>
          <Tabs.Tab value="steps">Steps</Tabs.Tab>
          <Tabs.Tab value="output">Output</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="steps" pt="sm">
          <Table striped withTableBorder aria-label="Steps">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>User's input</Table.Th>
                <Table.Th>Matched reactions</Table.Th>
                <Table.Th>Test expression</Table.Th>
                <Table.Th>Executed actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {test.steps.map((step, i) => {
                const outcome = outcomes[i];
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: steps have no id; their order is their identity
                  <Table.Tr key={i} bg={outcome?.error ? 'var(--mantine-color-red-light)' : undefined}>
                    <Table.Td>
                      <Text size="sm">{step.input}</Text>
                      {outcome?.error && (
                        <Text size="xs" c="red">
                          {outcome.error}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{step.reactions.map(nameOf).join(', ') || '—'}</Text>
                      {outcome?.reached && (
                        <Text size="xs" c="dimmed">
                          ran: {outcome.reactions.join(', ') || 'none'}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {step.condition || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{step.actions.join(', ') || '—'}</Text>
                      {outcome?.reached && (
                        <Text size="xs" c="dimmed">
                          ran: {outcome.actions.join(', ') || 'none'}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Tabs.Panel>
        <Tabs.Panel value="output" pt="sm">
          <TestOutput
            tracker={runContext.result?.tracker ?? []}
            result={runContext.result?.result ?? runContext.error}
          />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
