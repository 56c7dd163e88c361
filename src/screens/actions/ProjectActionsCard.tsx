import { ActionIcon, Alert, Badge, Card, Code, Group, List, Table, Title } from '@mantine/core';
import { IconEdit, IconShieldCheck, IconTrash, IconWebhook } from '@tabler/icons-react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { GuidedEmpty } from '../../ui/GuidedEmpty.tsx';
import type { actionEditorMachine } from '../../machines/actionEditor/machine.ts';

/** The project's webhook actions, with edit and delete for those who may, and the rules every call obeys. */
export function ProjectActionsCard({
  state,
  send,
  canEdit,
}: {
  state: SnapshotFrom<typeof actionEditorMachine>;
  send: ActorRefFrom<typeof actionEditorMachine>['send'];
  canEdit: boolean;
}) {
  const { context } = state;
  return (
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
          onAction={canEdit ? () => send({ type: 'action.new' }) : undefined}
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
  );
}
