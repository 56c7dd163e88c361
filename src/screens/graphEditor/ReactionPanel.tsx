import {
  Alert,
  Badge,
  Button,
  Code,
  Divider,
  Group,
  NumberInput,
  ScrollArea,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCopy, IconEdit, IconPointer, IconTrash, IconX } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { ActionCatalogue } from '../../api/contract/actions.ts';
import type { Reaction } from '../../api/contract/reactions.ts';
import type { FlowEditorEvent } from '../../machines/flowEditor/events.ts';
import type { FlowEditorContext } from '../../machines/flowEditor/types.ts';
import { conditionMessage, intentOptions, liveProblems } from '../../machines/flowEditor/selectors.ts';
import { stepSummary } from '../../ui/flow/actionSummary.ts';
import { ActionStepEditor, type StepOptions } from './ActionStepEditor.tsx';

interface Props {
  context: FlowEditorContext;
  reaction: Reaction | null;
  mode: 'idle' | 'viewing' | 'editing';
  canEdit: boolean;
  send: (event: FlowEditorEvent) => void;
}

const NO_SCOPE = '';

function Summary({ reaction, context }: { reaction: Reaction; context: FlowEditorContext }) {
  const scope = context.scopes.find((s) => s.id === reaction.reactions_scopes_id);
  return (
    <Stack gap="sm">
      <Group gap={6}>
        <Text size="sm" c="dimmed" w={80}>
          Intents
        </Text>
        {reaction.intents.length ? (
          reaction.intents.map((i) => (
            <Badge key={i} variant="light" color="indigo" tt="none">
              {i}
            </Badge>
          ))
        ) : (
          <Text size="sm">none (runs on timeouts only)</Text>
        )}
      </Group>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <Text size="sm" c="dimmed" w={80}>
          Condition
        </Text>
        {reaction.condition ? <Code>{reaction.condition}</Code> : <Text size="sm">always</Text>}
      </Group>
      <Group gap={6}>
        <Text size="sm" c="dimmed" w={80}>
          Priority
        </Text>
        <Text size="sm">{reaction.priority}</Text>
      </Group>
      <Group gap={6}>
        <Text size="sm" c="dimmed" w={80}>
          Scope
        </Text>
        <Text size="sm">{scope?.name ?? 'none (active everywhere)'}</Text>
      </Group>
      <Divider label="Actions" labelPosition="left" />
      {reaction.actions.length === 0 && (
        <Text size="sm" c="dimmed">
          No actions.
        </Text>
      )}
      {reaction.actions.map((step, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: positional rows (ordered steps, list items) have no id of their own
        <Text key={`${i}-${step.name}`} size="sm">
          {i + 1}. {stepSummary(step)}
        </Text>
      ))}
    </Stack>
  );
}

function addableActions(catalogue: ActionCatalogue, projectActions: string[]) {
  return [
    { group: 'Built-in actions', items: catalogue.builtin.map((b) => b.name) },
    ...(projectActions.length ? [{ group: 'Project actions (webhooks)', items: projectActions }] : []),
  ];
}

function Form({ reaction, context, send }: { reaction: Reaction; context: FlowEditorContext; send: Props['send'] }) {
  const conditionError = conditionMessage(reaction.condition);
  const problems = liveProblems(context, reaction).filter((p) => !p.includes('the condition does not parse'));
  const docs = useMemo(() => new Map(context.catalogue.builtin.map((b) => [b.name, b])), [context.catalogue]);
  const reactionNames = useMemo(() => context.draft.map((r) => r.name), [context.draft]);
  const options: StepOptions = useMemo(
    () => ({
      reactionNames,
      scopeNames: context.scopes.map((s) => s.name),
      entities: context.entities,
      projects: context.projects,
      projectActions: context.projectActions,
    }),
    [reactionNames, context.scopes, context.entities, context.projects, context.projectActions],
  );
  const change = (patch: Extract<FlowEditorEvent, { type: 'reaction.change' }>['patch']) =>
    send({ type: 'reaction.change', patch });
  return (
    <Stack gap="sm">
      <TextInput
        label="Name"
        aria-label="Reaction name"
        value={reaction.name}
        onChange={(e) => change({ name: e.currentTarget.value })}
        error={reaction.name.trim() === '' ? 'Reaction name cannot be empty' : undefined}
        data-autofocus
      />
      <TagsInput
        label="Intents"
        aria-label="Intents"
        description="The reaction runs when one of these is recognised. @start, @fallback and @input are pseudo-intents."
        data={intentOptions(context)}
        value={reaction.intents}
        onChange={(intents) => change({ intents })}
        clearable
        acceptValueOnBlur
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={260}
      />
      <Textarea
        label="Condition"
        aria-label="Condition"
        description="A Jexl expression over variables, entities, intent, confidence and scope; empty means always."
        placeholder="e.g. variables.delivery_date && confidence > 0.6"
        autosize
        minRows={1}
        maxRows={5}
        value={reaction.condition}
        onChange={(e) => change({ condition: e.currentTarget.value })}
        error={conditionError}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Group grow align="flex-start">
        <NumberInput
          label="Priority"
          aria-label="Priority"
          description="Highest runs first"
          value={reaction.priority}
          onChange={(v) => change({ priority: typeof v === 'number' ? Math.round(v) : Number(v) || 0 })}
          allowDecimal={false}
        />
        <Select
          label="Scope"
          aria-label="Scope"
          description="Active only in this scope"
          data={[
            { value: NO_SCOPE, label: 'none (everywhere)' },
            ...context.scopes.map((s) => ({ value: String(s.id), label: s.name })),
          ]}
          value={reaction.reactions_scopes_id === null ? NO_SCOPE : String(reaction.reactions_scopes_id)}
          onChange={(v) => change({ reactions_scopes_id: v === null || v === NO_SCOPE ? null : Number(v) })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      <Divider label={`Actions (${reaction.actions.length}), run in order`} labelPosition="left" />
      {reaction.actions.map((step, i) => (
        <ActionStepEditor
          // biome-ignore lint/suspicious/noArrayIndexKey: positional rows (ordered steps, list items) have no id of their own
          key={`${reaction.id}-${i}-${step.name}`}
          step={step}
          index={i}
          count={reaction.actions.length}
          doc={docs.get(step.name)}
          options={options}
          send={send}
        />
      ))}
      <Select
        aria-label="Add action"
        placeholder="+ Add action…"
        data={addableActions(context.catalogue, context.projectActions)}
        value={null}
        onChange={(name) => name && send({ type: 'action.add', name })}
        searchable
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={300}
      />
      {problems.length > 0 && (
        <Alert color="orange" variant="light" title="This reaction cannot be saved yet">
          <Stack gap={2}>
            {problems.map((p) => (
              <Text key={p} size="sm">
                {p}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

/** The side panel: how to start, a reaction's summary, or its form. Only renders and sends. */
export function ReactionPanel({ context, reaction, mode, canEdit, send }: Props) {
  if (mode === 'idle' || !reaction) {
    return (
      <Stack align="center" justify="center" h="100%" gap="xs" p="lg" data-testid="reaction-panel-empty">
        <IconPointer size={32} stroke={1.4} color="var(--mantine-color-gray-5)" />
        <Text fw={600}>No reaction selected</Text>
        <Text size="sm" c="dimmed" ta="center">
          Click a reaction on the canvas or in the list to see it; double-click to edit. Add one with “Add reaction”.
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={0} h="100%" data-testid="reaction-panel">
      <Group justify="space-between" p="sm" wrap="nowrap">
        <Title order={4} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {reaction.name || '(unnamed)'}
        </Title>
        <Group gap={4} wrap="nowrap">
          {mode === 'viewing' && canEdit && (
            <Button size="xs" leftSection={<IconEdit size={14} />} onClick={() => send({ type: 'reaction.edit' })}>
              Edit
            </Button>
          )}
          {mode === 'editing' && (
            <Button size="xs" variant="default" onClick={() => send({ type: 'reaction.done' })}>
              Done
            </Button>
          )}
          <Button
            size="xs"
            variant="subtle"
            px={6}
            aria-label="Close panel"
            onClick={() => send({ type: 'reaction.deselect' })}
          >
            <IconX size={16} />
          </Button>
        </Group>
      </Group>
      <Divider />
      <ScrollArea style={{ flex: 1 }} p="sm" type="auto">
        {mode === 'viewing' ? (
          <Summary reaction={reaction} context={context} />
        ) : (
          <Form reaction={reaction} context={context} send={send} />
        )}
      </ScrollArea>
      {canEdit && (
        <>
          <Divider />
          <Group p="sm" gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconCopy size={14} />}
              onClick={() => send({ type: 'reaction.duplicate' })}
            >
              Duplicate
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => send({ type: 'reaction.delete' })}
            >
              Delete
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
