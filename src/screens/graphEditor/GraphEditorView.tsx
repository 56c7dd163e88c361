import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Kbd,
  List,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconArrowForwardUp,
  IconFocusCentered,
  IconPlus,
  IconRefresh,
  IconSearch,
  IconSitemap,
} from '@tabler/icons-react';
import { ReactFlowProvider } from '@xyflow/react';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { canRedo, canUndo, matchingIds } from '../../machines/flowEditor/guards.ts';
import type { flowEditorMachine } from '../../machines/flowEditor/machine.ts';
import { isDirtyState, isSaving, saveStatus, selectedReaction } from '../../machines/flowEditor/selectors.ts';
import type { FlowEditorEvent } from '../../machines/flowEditor/events.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SaveBar } from '../../ui/SaveBar.tsx';
import { FlowCanvas } from './FlowCanvas.tsx';
import { ReactionOutline } from './ReactionOutline.tsx';
import { ReactionPanel } from './ReactionPanel.tsx';

export interface GraphEditorViewProps {
  actor: ActorRefFrom<typeof flowEditorMachine>;
  /** PUT /reactions granted: the form, add, delete and scope changes are offered. */
  canEdit: boolean;
}

const EDITOR_HEIGHT = 'calc(100dvh - 235px)';

function LoadingEditor() {
  return (
    <Group
      align="stretch"
      gap="sm"
      wrap="nowrap"
      h={EDITOR_HEIGHT}
      mih={520}
      aria-label="Loading reactions"
      data-testid="grapheditor-loading"
    >
      <Stack w={260} gap="xs">
        {Array.from({ length: 9 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: positional rows (ordered steps, list items) have no id of their own
          <Skeleton key={`s-${i}`} h={34} radius="sm" />
        ))}
      </Stack>
      <Skeleton style={{ flex: 1 }} radius="md" />
      <Skeleton w={380} radius="md" />
    </Group>
  );
}

/** /app/grapheditor: the reaction flow editor. It renders the machine's snapshot and only sends events. */
export function GraphEditorView({ actor, canEdit }: GraphEditorViewProps) {
  const state = useSelector(actor, (s) => s);
  const send = useCallback((event: FlowEditorEvent) => actor.send(event), [actor]);
  const { context } = state;
  useHotkeys([
    ['mod+Z', () => send({ type: 'flow.undo' })],
    ['mod+shift+Z', () => send({ type: 'flow.redo' })],
    ['mod+Y', () => send({ type: 'flow.redo' })],
  ]);
  const matches = useMemo(() => matchingIds(context.draft, context.search), [context.draft, context.search]);
  const invalidIds = useMemo(
    () =>
      state.matches({ ready: { draft: 'invalid' } })
        ? context.problems.map((p) => p.reactionId).filter((id): id is number => id !== null)
        : [],
    [state, context.problems],
  );
  const onSelect = useCallback((id: number) => send({ type: 'reaction.select', id }), [send]);
  const onEdit = useCallback(
    (id: number) => {
      send({ type: 'reaction.select', id });
      send({ type: 'reaction.edit' });
    },
    [send],
  );
  const onDeselect = useCallback(() => send({ type: 'reaction.deselect' }), [send]);

  const header = (
    <PageHeader
      icon={IconSitemap}
      title="Graph editor"
      description="Reactions by scope: what the bot does for each intent, and where the conversation goes next."
    />
  );
  if (state.hasTag('loading')) {
    return (
      <Stack gap={0} data-testid="grapheditor-screen" data-state="loading">
        {header}
        <LoadingEditor />
      </Stack>
    );
  }
  if (state.matches('loadFailed')) {
    return (
      <Stack data-testid="grapheditor-screen" data-state="loadFailed">
        {header}
        <Alert color="red" icon={<IconAlertTriangle />} title="Reactions could not be loaded.">
          <Button mt="sm" variant="light" onClick={() => send({ type: 'flow.retry' })}>
            Retry
          </Button>
        </Alert>
      </Stack>
    );
  }

  const reaction = selectedReaction(state);
  const mode = state.matches({ ready: { selection: { browsing: { selected: 'editing' } } } })
    ? 'editing'
    : reaction
      ? 'viewing'
      : 'idle';
  const confirming = state.matches({ ready: { selection: 'confirmingDelete' } });
  const invalid = state.matches({ ready: { draft: 'invalid' } });
  const conflict = state.matches('conflict');
  const dirty = isDirtyState(state);
  const searching = context.search.trim() !== '';

  return (
    <Stack gap={0} data-testid="grapheditor-screen" data-dirty={String(dirty)}>
      {header}
      {conflict && (
        <Alert
          color="red"
          icon={<IconAlertTriangle />}
          title="Conflict! Data not saved."
          mb="sm"
          data-testid="conflict"
        >
          <Group justify="space-between">
            <Text size="sm">
              Someone saved the reactions after you opened them. Reload to see their version; your changes here are not
              saved.
            </Text>
            <Button size="xs" leftSection={<IconRefresh size={14} />} onClick={() => send({ type: 'flow.reload' })}>
              Reload reactions
            </Button>
          </Group>
        </Alert>
      )}
      {invalid && context.problems.length > 0 && (
        <Alert color="red" icon={<IconAlertTriangle />} title="Reactions not saved" mb="sm" data-testid="save-problems">
          <List size="sm" spacing={2}>
            {context.problems.slice(0, 8).map((p) => (
              <List.Item key={`${p.reactionId}-${p.message}`}>
                {p.message}{' '}
                {p.reactionId !== null && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => send({ type: 'reaction.select', id: p.reactionId as number })}
                  >
                    Show
                  </Button>
                )}
              </List.Item>
            ))}
          </List>
          {context.problems.length > 8 && (
            <Text size="xs" mt={4}>
              … and {context.problems.length - 8} more.
            </Text>
          )}
        </Alert>
      )}
      <Group gap="xs" mb="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1, maxWidth: 360 }}
          leftSection={<IconSearch size={16} />}
          placeholder="Search reactions, intents, texts"
          aria-label="Search reactions"
          value={context.search}
          onChange={(e) => send({ type: 'search.change', query: e.currentTarget.value })}
          onKeyDown={(e) => e.key === 'Enter' && send({ type: 'search.next' })}
        />
        {searching && (
          <Text size="sm" c="dimmed" data-testid="match-count">
            {matches.length} match{matches.length === 1 ? '' : 'es'}
          </Text>
        )}
        <Box style={{ flex: 1 }} />
        {canEdit && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => send({ type: 'reaction.add' })}
            disabled={conflict}
          >
            Add reaction
          </Button>
        )}
        <Tooltip
          label={
            <>
              Undo <Kbd size="xs">Ctrl+Z</Kbd>
            </>
          }
        >
          <ActionIcon
            size="lg"
            variant="default"
            aria-label="Undo"
            disabled={!canUndo(context) || conflict}
            onClick={() => send({ type: 'flow.undo' })}
          >
            <IconArrowBackUp size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip
          label={
            <>
              Redo <Kbd size="xs">Ctrl+Shift+Z</Kbd>
            </>
          }
        >
          <ActionIcon
            size="lg"
            variant="default"
            aria-label="Redo"
            disabled={!canRedo(context) || conflict}
            onClick={() => send({ type: 'flow.redo' })}
          >
            <IconArrowForwardUp size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Fit view">
          <ActionIcon
            size="lg"
            variant="default"
            aria-label="Fit the whole flow"
            onClick={() => send({ type: 'view.fit' })}
          >
            <IconFocusCentered size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group align="stretch" gap="sm" wrap="nowrap" h={EDITOR_HEIGHT} mih={520}>
        <Paper withBorder w={260} radius="md" style={{ overflow: 'hidden', flexShrink: 0 }}>
          <ReactionOutline
            reactions={context.draft}
            scopes={context.scopes}
            scopeName={context.scopeName}
            selectedId={context.selectedId}
            matches={matches}
            searching={searching}
            canEdit={canEdit && !conflict}
            send={send}
          />
        </Paper>
        <Paper
          withBorder
          radius="md"
          style={{ flex: 1, overflow: 'hidden', position: 'relative' }}
          data-testid="flow-canvas"
        >
          <ReactFlowProvider>
            <FlowCanvas
              reactions={context.draft}
              scopes={context.scopes}
              projects={context.projects}
              selectedId={context.selectedId}
              matches={matches}
              searching={searching}
              invalidIds={invalidIds}
              fitRequest={context.fitRequest}
              focusRequest={context.focusRequest}
              onSelect={onSelect}
              onEdit={canEdit ? onEdit : onSelect}
              onDeselect={onDeselect}
            />
          </ReactFlowProvider>
          {context.draft.length === 0 && (
            <Stack pos="absolute" top="40%" left={0} right={0} align="center" gap={4} style={{ pointerEvents: 'none' }}>
              <Text fw={600}>This project has no reactions yet</Text>
              <Text size="sm" c="dimmed">
                Add a reaction for @start to greet people when a conversation opens.
              </Text>
            </Stack>
          )}
        </Paper>
        <Paper withBorder w={400} radius="md" style={{ overflow: 'hidden', flexShrink: 0 }}>
          <ReactionPanel context={context} reaction={reaction} mode={mode} canEdit={canEdit && !conflict} send={send} />
        </Paper>
      </Group>
      <Box mt="sm">
        <SaveBar
          dirty={dirty && !conflict}
          saving={isSaving(state)}
          onSave={() => send({ type: 'flow.save' })}
          status={saveStatus(state)}
        />
      </Box>
      <ConfirmDialog
        opened={confirming}
        title={`Delete reaction ${reaction?.name ?? ''}?`}
        confirmLabel="Delete"
        onConfirm={() => send({ type: 'delete.confirm' })}
        onCancel={() => send({ type: 'delete.cancel' })}
      >
        The reaction is removed from the draft; nothing changes on the server until you save. Undo brings it back.
      </ConfirmDialog>
    </Stack>
  );
}
