import {
  Accordion,
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  List,
  Loader,
  Modal,
  NumberInput,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconBolt,
  IconEdit,
  IconPlayerPlay,
  IconPlus,
  IconShieldCheck,
  IconTrash,
  IconWebhook,
} from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { WEBHOOK_METHODS, WEBHOOK_TIMEOUT_MAX_MS } from '../../api/contract/actions.ts';
import type { actionEditorMachine } from '../../machines/actionEditor/machine.ts';
import { actionToDelete, errorsOf, isFormOpen } from '../../machines/actionEditor/selectors.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { GuidedEmpty } from '../../ui/GuidedEmpty.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';

export interface ActionsViewProps {
  actor: ActorRefFrom<typeof actionEditorMachine>;
  canEdit: boolean;
}

/** /app/actions: built-in actions with their arguments, and the project's webhook actions. Only renders and sends. */
export function ActionsView({ actor, canEdit }: ActionsViewProps) {
  const state = useSelector(actor, (s) => s);
  const { send } = actor;
  const { context } = state;
  const header = (
    <PageHeader
      icon={IconBolt}
      title="Actions"
      description="What a reaction can do: the built-in actions, and the project's own webhook actions."
      actions={
        canEdit && state.matches('list') ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => send({ type: 'action.new' })}>
            New webhook action
          </Button>
        ) : undefined
      }
    />
  );
  if (state.hasTag('loading')) {
    return (
      <Stack data-testid="actions-screen" data-state="loading">
        {header}
        <Group aria-label="Loading actions">
          <Loader size="sm" />
          <Text c="dimmed">Loading actions…</Text>
        </Group>
        <Skeleton h={120} radius="md" />
        <Skeleton h={300} radius="md" />
      </Stack>
    );
  }
  if (state.matches('loadFailed')) {
    return (
      <Stack data-testid="actions-screen" data-state="loadFailed">
        {header}
        <RetryAlert
          icon={<IconAlertTriangle />}
          title="Actions could not be loaded."
          onRetry={() => send({ type: 'actions.retry' })}
        />
      </Stack>
    );
  }
  const draft = context.draft;
  const errors = errorsOf(state);
  const deleting = actionToDelete(state);
  const busy = state.hasTag('saving') || state.hasTag('testing');
  return (
    <Stack data-testid="actions-screen">
      {header}
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" mb="sm">
          <Group gap="xs">
            <IconWebhook size={20} />
            <Title order={4}>Project actions</Title>
            <Badge variant="light" color="gray">
              {context.actions.length}
            </Badge>
          </Group>
        </Group>
        {context.actions.length === 0 ? (
          <GuidedEmpty
            testId="actions-empty"
            title="No webhook actions yet"
            sentence="A webhook action calls your server when a reaction names it; a JSON object answer becomes conversation variables."
            action="Add an action"
            onAction={() => send({ type: 'action.new' })}
          />
        ) : (
          <Table striped highlightOnHover verticalSpacing="xs" data-testid="actions-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Method</Table.Th>
                <Table.Th>URL</Table.Th>
                <Table.Th>Time limit</Table.Th>
                <Table.Th>Headers</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {context.actions.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td fw={600}>{a.name}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{a.method}</Badge>
                  </Table.Td>
                  <Table.Td>
                    <Code>{a.url}</Code>
                  </Table.Td>
                  <Table.Td>{a.timeout_ms} ms</Table.Td>
                  <Table.Td>{Object.keys(a.headers).length}</Table.Td>
                  <Table.Td>
                    {canEdit && (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Edit ${a.name}`}
                          onClick={() => send({ type: 'action.open', id: a.id })}
                        >
                          <IconEdit size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${a.name}`}
                          onClick={() => send({ type: 'action.delete', id: a.id })}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Alert
          mt="md"
          variant="light"
          color="blue"
          icon={<IconShieldCheck />}
          title="Every webhook call obeys these rules"
        >
          <List size="sm" spacing={2} data-testid="webhook-rules">
            {context.catalogue.webhook_rules.map((rule) => (
              <List.Item key={rule}>{rule}</List.Item>
            ))}
          </List>
        </Alert>
      </Card>

      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Card withBorder radius="md" padding="lg">
          <Title order={4} mb="xs">
            Pseudo-intents
          </Title>
          <Stack gap={6}>
            {context.catalogue.pseudo_intents.map((p) => (
              <Group key={p.name} gap="xs" wrap="nowrap" align="flex-start">
                <Badge variant="filled" color="indigo" tt="none" miw={90} style={{ flexShrink: 0 }}>
                  {p.name}
                </Badge>
                <Text size="sm">{p.doc}</Text>
              </Group>
            ))}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Title order={4} mb="xs">
            Conditions
          </Title>
          <Text size="sm">{context.catalogue.condition_doc}</Text>
        </Card>
      </SimpleGrid>

      <Card withBorder radius="md" padding="lg">
        <Group gap="xs" mb="sm">
          <IconBolt size={20} />
          <Title order={4}>Built-in actions</Title>
          <Badge variant="light" color="gray">
            {context.catalogue.builtin.length}
          </Badge>
        </Group>
        <Accordion variant="separated" multiple data-testid="builtin-catalogue">
          {context.catalogue.builtin.map((b) => (
            <Accordion.Item key={b.name} value={b.name}>
              <Accordion.Control>
                <Group gap="xs" wrap="nowrap">
                  <Code fw={700}>{b.name}</Code>
                  {b.ends_conversation && (
                    <Badge size="xs" color="orange" variant="light">
                      ends conversation
                    </Badge>
                  )}
                  <Text size="sm" c="dimmed" truncate="end">
                    {b.doc}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Text size="sm" mb="xs">
                  {b.doc}
                </Text>
                {b.args.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    No arguments.
                  </Text>
                ) : (
                  <Table withTableBorder verticalSpacing={4}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Argument</Table.Th>
                        <Table.Th>Type</Table.Th>
                        <Table.Th>Required</Table.Th>
                        <Table.Th>Meaning</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {b.args.map((arg) => (
                        <Table.Tr key={arg.name}>
                          <Table.Td>
                            <Code>{arg.name}</Code>
                          </Table.Td>
                          <Table.Td>{arg.type}</Table.Td>
                          <Table.Td>{arg.required ? 'yes' : 'no'}</Table.Td>
                          <Table.Td>{arg.doc}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Card>

      <Modal
        opened={isFormOpen(state)}
        onClose={() => !busy && send({ type: 'form.cancel' })}
        title={draft?.id ? `Edit action ${draft.name}` : 'New webhook action'}
        size="lg"
        centered
      >
        {draft && (
          <Stack gap="sm" data-testid="action-form">
            <TextInput
              label="Name"
              aria-label="Action name"
              description="Reactions name the action by this (letters, digits, _ . -)."
              value={draft.name}
              error={errors.name}
              onChange={(e) => send({ type: 'form.change', patch: { name: e.currentTarget.value } })}
              data-autofocus
            />
            <TextInput
              label="URL"
              aria-label="URL"
              value={draft.url}
              error={errors.url}
              onChange={(e) => send({ type: 'form.change', patch: { url: e.currentTarget.value } })}
            />
            <Group align="flex-end" wrap="nowrap">
              <Stack gap={4} style={{ flex: 2 }}>
                <Text size="sm" fw={500}>
                  Method
                </Text>
                <SegmentedControl
                  fullWidth
                  aria-label="Method"
                  data={[...WEBHOOK_METHODS]}
                  value={draft.method}
                  onChange={(v) =>
                    send({ type: 'form.change', patch: { method: v as (typeof WEBHOOK_METHODS)[number] } })
                  }
                />
              </Stack>
              <NumberInput
                style={{ flex: 1 }}
                label="Time limit (ms)"
                aria-label="Time limit"
                min={100}
                max={WEBHOOK_TIMEOUT_MAX_MS}
                step={500}
                value={draft.timeout_ms}
                error={errors.timeout_ms}
                onChange={(v) => send({ type: 'form.change', patch: { timeout_ms: Number(v) || 0 } })}
              />
            </Group>
            <Stack gap={4}>
              <Group justify="space-between">
                <Text size="sm" fw={500}>
                  Headers
                </Text>
                <Button
                  size="compact-xs"
                  variant="light"
                  leftSection={<IconPlus size={12} />}
                  onClick={() =>
                    send({ type: 'form.change', patch: { headers: [...draft.headers, { key: '', value: '' }] } })
                  }
                >
                  Add header
                </Button>
              </Group>
              {draft.headers.length === 0 && (
                <Text size="xs" c="dimmed">
                  No extra headers (Accept, User-Agent and Content-Type are set by the server).
                </Text>
              )}
              {draft.headers.map((h, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: positional rows (ordered steps, list items) have no id of their own
                <Group key={`h-${i}`} gap={6} wrap="nowrap">
                  <TextInput
                    size="xs"
                    style={{ flex: 1 }}
                    placeholder="Header"
                    aria-label={`Header name ${i + 1}`}
                    value={h.key}
                    onChange={(e) =>
                      send({
                        type: 'form.change',
                        patch: {
                          headers: draft.headers.map((x, j) => (j === i ? { ...x, key: e.currentTarget.value } : x)),
                        },
                      })
                    }
                  />
                  <TextInput
                    size="xs"
                    style={{ flex: 2 }}
                    placeholder="Value"
                    aria-label={`Header value ${i + 1}`}
                    value={h.value}
                    onChange={(e) =>
                      send({
                        type: 'form.change',
                        patch: {
                          headers: draft.headers.map((x, j) => (j === i ? { ...x, value: e.currentTarget.value } : x)),
                        },
                      })
                    }
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove header ${i + 1}`}
                    onClick={() =>
                      send({ type: 'form.change', patch: { headers: draft.headers.filter((_, j) => j !== i) } })
                    }
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Group>
              ))}
              {errors.headers && (
                <Text size="xs" c="red">
                  {errors.headers}
                </Text>
              )}
            </Stack>
            {context.testResult && (
              <Alert
                color={context.testResult.ok ? 'teal' : 'red'}
                title={
                  context.testResult.ok
                    ? `Answered ${context.testResult.status} in ${context.testResult.duration_ms} ms`
                    : 'The test call failed'
                }
                data-testid="test-result"
              >
                {context.testResult.ok ? (
                  <ScrollArea.Autosize mah={160}>
                    <Code block>{JSON.stringify(context.testResult.data, null, 2)}</Code>
                  </ScrollArea.Autosize>
                ) : (
                  <Text size="sm">{context.testResult.reason}</Text>
                )}
              </Alert>
            )}
            {context.saveError && (
              <Alert color="red" title="Not saved" data-testid="save-error">
                {context.saveError}
              </Alert>
            )}
            <Group justify="space-between" mt="sm">
              <Button
                variant="light"
                leftSection={<IconPlayerPlay size={14} />}
                onClick={() => send({ type: 'form.test' })}
                loading={state.hasTag('testing')}
                disabled={state.hasTag('saving')}
              >
                Test call
              </Button>
              <Group gap="xs">
                <Button variant="default" onClick={() => send({ type: 'form.cancel' })} disabled={busy}>
                  Cancel
                </Button>
                <Button
                  onClick={() => send({ type: 'form.save' })}
                  loading={state.hasTag('saving')}
                  disabled={state.hasTag('testing')}
                >
                  Save action
                </Button>
              </Group>
            </Group>
          </Stack>
        )}
      </Modal>
      <Modal
        opened={state.matches('confirmingDelete') || state.matches('deleting')}
        onClose={() => send({ type: 'delete.cancel' })}
        title={`Delete action ${deleting?.name ?? ''}?`}
        centered
      >
        <Text size="sm">Reactions that name it must be changed first; the server refuses otherwise.</Text>
        <Group justify="flex-end" mt="lg">
          <Button
            variant="default"
            onClick={() => send({ type: 'delete.cancel' })}
            disabled={state.matches('deleting')}
          >
            Cancel
          </Button>
          <Button color="red" onClick={() => send({ type: 'delete.confirm' })} loading={state.matches('deleting')}>
            Delete
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
