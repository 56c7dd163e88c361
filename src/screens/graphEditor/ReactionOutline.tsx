import { ActionIcon, Badge, Divider, Group, NavLink, ScrollArea, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconFolderPlus, IconTrash } from '@tabler/icons-react';
import { memo } from 'react';
import type { ReactionScope } from '../../api/contract/reaction-scopes.ts';
import type { Reaction } from '../../api/contract/reactions.ts';
import type { FlowEditorEvent } from '../../machines/flowEditor/events.ts';
import { GuidedEmpty } from '../../ui/GuidedEmpty.tsx';
import { InlineEdit } from '../../ui/InlineEdit.tsx';

/** Rows shown at once; a search narrows a longer list. */
const OUTLINE_LIMIT = 150;

const Row = memo(function Row({
  reaction,
  selected,
  send,
}: {
  reaction: Reaction;
  selected: boolean;
  send: (event: FlowEditorEvent) => void;
}) {
  return (
    <NavLink
      component="button"
      active={selected}
      label={reaction.name || '(unnamed)'}
      description={reaction.intents.join(', ') || 'no intent'}
      onClick={() => send({ type: 'reaction.select', id: reaction.id })}
      onDoubleClick={() => send({ type: 'reaction.edit' })}
      aria-label={`Reaction ${reaction.name}`}
      py={4}
      styles={{ label: { fontSize: 13 }, description: { fontSize: 11 } }}
    />
  );
});

interface Props {
  reactions: readonly Reaction[];
  scopes: readonly ReactionScope[];
  /** The "New scope name" input's text, held by the chart (a draft while not added). */
  scopeName: string;
  selectedId: number | null;
  matches: readonly number[];
  searching: boolean;
  canEdit: boolean;
  send: (event: FlowEditorEvent) => void;
}

/** The left column: reactions by scope (or the search's matches) and the reaction scopes. */
function ReactionOutlineView({ reactions, scopes, scopeName, selectedId, matches, searching, canEdit, send }: Props) {
  const matchSet = new Set(matches);
  const listed = searching ? reactions.filter((r) => matchSet.has(r.id)) : reactions;
  const shown = listed.slice(0, OUTLINE_LIMIT);
  const groups: { title: string; items: Reaction[] }[] = [
    { title: 'Without scope', items: shown.filter((r) => !scopes.some((s) => s.id === r.reactions_scopes_id)) },
    ...scopes.map((s) => ({ title: s.name, items: shown.filter((r) => r.reactions_scopes_id === s.id) })),
  ];
  const addScope = () => send({ type: 'scope.add', name: scopeName });
  return (
    <Stack gap={0} h="100%">
      <ScrollArea style={{ flex: 1 }} type="auto" data-testid="reaction-outline">
        <Stack gap={2} p="xs">
          {searching && (
            <Text size="xs" c="dimmed" px="xs" data-testid="search-summary">
              {listed.length === 0 ? 'No reaction matches.' : `${listed.length} matching — Enter focuses the next`}
            </Text>
          )}
          {reactions.length === 0 && (
            <GuidedEmpty
              testId="reactions-empty"
              title="No reactions yet"
              sentence="A reaction is what the bot does when an intent is recognised."
              action="Add a reaction"
              onAction={canEdit ? () => send({ type: 'reaction.add' }) : undefined}
            />
          )}
          {groups
            .filter((g) => g.items.length > 0)
            .map((g) => (
              <Stack key={g.title} gap={0}>
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" pt={6}>
                  {g.title}
                </Text>
                {g.items.map((r) => (
                  <Row key={r.id} reaction={r} selected={r.id === selectedId} send={send} />
                ))}
              </Stack>
            ))}
          {listed.length > OUTLINE_LIMIT && (
            <Text size="xs" c="dimmed" p="xs">
              {listed.length - OUTLINE_LIMIT} more: search to narrow the list.
            </Text>
          )}
        </Stack>
      </ScrollArea>
      <Divider />
      <Stack gap={6} p="xs" data-testid="scopes-manager">
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            Reaction scopes
          </Text>
          <Badge size="xs" variant="light" color="gray">
            {scopes.length}
          </Badge>
        </Group>
        {scopes.length === 0 && (
          <Text size="xs" c="dimmed">
            No scopes: every reaction is active everywhere.
          </Text>
        )}
        {scopes.map((s) => (
          <Group key={s.id} justify="space-between" wrap="nowrap" gap={4}>
            <InlineEdit
              value={s.name}
              aria-label={`Rename scope ${s.name}`}
              disabled={!canEdit}
              validate={(v) => (v.trim() ? null : 'Scope name cannot be empty')}
              onSave={(name) => send({ type: 'scope.rename', id: s.id, name })}
            />
            {canEdit && (
              <Tooltip label="Delete scope">
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="red"
                  aria-label={`Delete scope ${s.name}`}
                  onClick={() => send({ type: 'scope.delete', id: s.id })}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        ))}
        {canEdit && (
          <Group gap={4} wrap="nowrap">
            <TextInput
              size="xs"
              style={{ flex: 1 }}
              placeholder="New scope name"
              aria-label="New scope name"
              value={scopeName}
              onChange={(e) => send({ type: 'scope.type', name: e.currentTarget.value })}
              onKeyDown={(e) => e.key === 'Enter' && addScope()}
            />
            <Tooltip label="Add scope">
              <ActionIcon size="lg" variant="light" aria-label="Add scope" onClick={addScope}>
                <IconFolderPlus size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Stack>
    </Stack>
  );
}

export const ReactionOutline = memo(ReactionOutlineView);
