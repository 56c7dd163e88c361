import {
  ActionIcon,
  Autocomplete,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { memo } from 'react';
import type { BuiltinActionDoc } from '../../api/contract/actions.ts';
import type { ReactionAction } from '../../api/contract/reactions.ts';
import type { FlowEditorEvent } from '../../machines/flowEditor/events.ts';

export interface StepOptions {
  reactionNames: string[];
  scopeNames: string[];
  entities: string[];
  projects: { id: number; name: string }[];
  projectActions: string[];
}

interface Props {
  step: ReactionAction;
  index: number;
  count: number;
  doc: BuiltinActionDoc | undefined;
  options: StepOptions;
  send: (event: FlowEditorEvent) => void;
}

type Arg = BuiltinActionDoc['args'][number];
const DATE_OPTION = /^(today|\d{4}-\d{2}-\d{2})$/;

/** The second field of a list item: buttons carry a payload, links an address. */
const listFields = (action: string) =>
  action === 'links' ? { second: 'url', secondLabel: 'Address' } : { second: 'payload', secondLabel: 'Payload' };

function ListEditor({
  step,
  index,
  arg,
  send,
}: {
  step: ReactionAction;
  index: number;
  arg: Arg;
  send: Props['send'];
}) {
  const items = (Array.isArray(step.args[arg.name]) ? step.args[arg.name] : []) as Record<string, unknown>[];
  const { second, secondLabel } = listFields(step.name);
  const set = (next: Record<string, unknown>[]) => send({ type: 'action.arg', index, name: arg.name, value: next });
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {arg.name}{' '}
        <Text span size="xs" c="dimmed">
          {arg.doc}
        </Text>
      </Text>
      {items.length === 0 && (
        <Text size="xs" c="dimmed">
          No items yet.
        </Text>
      )}
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: positional rows (ordered steps, list items) have no id of their own
        <Group key={`item-${i}`} gap={6} wrap="nowrap" align="flex-end">
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            aria-label={`Title of item ${i + 1} of step ${index + 1}`}
            placeholder="Title"
            value={String(item.title ?? '')}
            onChange={(e) => set(items.map((it, j) => (j === i ? { ...it, title: e.currentTarget.value } : it)))}
          />
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            aria-label={`${secondLabel} of item ${i + 1} of step ${index + 1}`}
            placeholder={secondLabel}
            value={String(item[second] ?? '')}
            onChange={(e) => set(items.map((it, j) => (j === i ? { ...it, [second]: e.currentTarget.value } : it)))}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove item ${i + 1} of step ${index + 1}`}
            onClick={() => set(items.filter((_, j) => j !== i))}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconPlus size={12} />}
        onClick={() => set([...items, { title: '', [second]: '' }])}
        style={{ alignSelf: 'flex-start' }}
      >
        Add item
      </Button>
    </Stack>
  );
}

function ArgEditor({ step, index, arg, options, send }: Omit<Props, 'count' | 'doc'> & { arg: Arg }) {
  const value = step.args[arg.name];
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  const set = (next: unknown) => send({ type: 'action.arg', index, name: arg.name, value: next });
  const common = {
    label: arg.name,
    description: arg.doc,
    withAsterisk: arg.required,
    size: 'xs' as const,
    'aria-label': `${arg.name} of step ${index + 1}`,
  };
  const select = (data: { value: string; label: string }[] | string[], clearable = !arg.required) => (
    <Select
      {...common}
      data={data}
      value={text || (clearable ? null : '')}
      onChange={(v) => set(v ?? '')}
      searchable
      clearable={clearable}
      nothingFoundMessage="Nothing found"
      comboboxProps={{ withinPortal: true }}
    />
  );
  switch (arg.type) {
    case 'template':
      return (
        <Textarea
          {...common}
          autosize
          minRows={1}
          maxRows={6}
          value={text}
          onChange={(e) => set(e.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : text === '' ? '' : Number(text)}
          onChange={(v) => set(typeof v === 'number' ? v : v === '' ? undefined : Number(v))}
          min={step.name === 'timeout' ? 1 : undefined}
          max={step.name === 'timeout' ? 86_400 : undefined}
        />
      );
    case 'boolean':
      return (
        <Switch
          label={arg.name}
          description={arg.doc}
          checked={value === true}
          onChange={(e) => set(e.currentTarget.checked)}
        />
      );
    case 'reaction':
      return select(options.reactionNames);
    case 'scope':
      return select(
        [
          { value: '', label: '(no scope: leave the scope)' },
          ...options.scopeNames.map((s) => ({ value: s, label: s })),
        ],
        false,
      );
    case 'entity':
      return select(options.entities);
    case 'action':
      return select(options.projectActions);
    case 'project':
      return (
        <Select
          {...common}
          data={options.projects.map((p) => ({ value: String(p.id), label: `${p.name} (#${p.id})` }))}
          value={value === undefined || value === '' ? null : String(value)}
          onChange={(v) => set(v === null ? undefined : Number(v))}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'list':
      return <ListEditor step={step} index={index} arg={arg} send={send} />;
    default:
      if (step.name === 'date_picker' && (arg.name === 'min' || arg.name === 'max')) {
        return (
          <Autocomplete
            {...common}
            data={['today']}
            placeholder="today or YYYY-MM-DD"
            value={text}
            onChange={set}
            error={text && !DATE_OPTION.test(text) ? 'Use today or a date as YYYY-MM-DD' : undefined}
          />
        );
      }
      return <TextInput {...common} value={text} onChange={(e) => set(e.currentTarget.value)} />;
  }
}

/** One ordered step of a reaction with typed argument editors from the catalogue. */
function ActionStepEditorView({ step, index, count, doc, options, send }: Props) {
  return (
    <Card withBorder padding="sm" radius="md" data-testid={`step-${index + 1}`}>
      <Group justify="space-between" mb={doc?.args.length ? 'xs' : 0} wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          <Badge variant="light" circle>
            {index + 1}
          </Badge>
          <Tooltip label={doc?.doc ?? 'Project action (webhook)'} multiline w={280} withArrow>
            <Text fw={600} size="sm">
              {step.name}
            </Text>
          </Tooltip>
          {doc?.ends_conversation && (
            <Badge size="xs" color="orange" variant="light">
              ends conversation
            </Badge>
          )}
        </Group>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={`Move step ${index + 1} up`}
            disabled={index === 0}
            onClick={() => send({ type: 'action.move', from: index, to: index - 1 })}
          >
            <IconArrowUp size={14} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={`Move step ${index + 1} down`}
            disabled={index === count - 1}
            onClick={() => send({ type: 'action.move', from: index, to: index + 1 })}
          >
            <IconArrowDown size={14} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove step ${index + 1}`}
            onClick={() => send({ type: 'action.remove', index })}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      </Group>
      {doc ? (
        <Stack gap="xs">
          {doc.args.map((arg) => (
            <ArgEditor key={arg.name} step={step} index={index} arg={arg} options={options} send={send} />
          ))}
        </Stack>
      ) : (
        <Text size="xs" c="dimmed">
          Calls the project action {step.name}; its answer is merged into the variables.
        </Text>
      )}
    </Card>
  );
}

export const ActionStepEditor = memo(ActionStepEditorView);
