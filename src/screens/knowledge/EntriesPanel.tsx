import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { type ReactNode, useCallback, useMemo, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { knowledgeEntriesMachine } from '../../machines/knowledgeEntries/machine.ts';
import { entriesPhase, matchingEntries, pendingDeleteEntry } from '../../machines/knowledgeEntries/selectors.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { GuidedEmpty } from '../../ui/GuidedEmpty.tsx';
import { VirtualList } from '../../ui/VirtualList.tsx';
import { EntryDialog } from './EntryDialog.tsx';
import { KNOWLEDGE_ROW_HEIGHT, KnowledgeRow } from './KnowledgeRow.tsx';
import classes from './KnowledgeScreen.module.css';

export const KNOWLEDGE_EMPTY_TITLE = 'No knowledge yet';

/** The entries: search (Ctrl+F, Esc clears), the virtual list, the add/edit dialog and the delete confirmation. */
export function EntriesPanel(props: {
  actor: ActorRefFrom<typeof knowledgeEntriesMachine>;
  canEdit: boolean;
  /** Buttons beside Add entry (the import). */
  tools?: ReactNode;
}) {
  const { actor, canEdit, tools } = props;
  const phase = useSelector(actor, entriesPhase);
  const entries = useSelector(actor, (s) => s.context.entries);
  const search = useSelector(actor, (s) => s.context.search);
  const idle = useSelector(actor, (s) => s.matches({ ready: 'idle' }));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const confirming = useSelector(actor, (s) => s.matches({ ready: 'confirmingDelete' }));
  const deleting = useSelector(actor, (s) => s.matches({ ready: 'deleting' }));
  const doomed = useSelector(actor, pendingDeleteEntry);
  const shown = useMemo(() => matchingEntries(entries, search), [entries, search]);
  const searchInput = useRef<HTMLInputElement>(null);
  useHotkeys([['mod+F', () => searchInput.current?.focus(), { preventDefault: true }]], []);
  const edit = useCallback((id: number) => actor.send({ type: 'entry.edit', id }), [actor]);
  const remove = useCallback((id: number) => actor.send({ type: 'entry.delete', id }), [actor]);
  const add = () => actor.send({ type: 'entry.add' });

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap">
        <SearchField
          inputRef={searchInput}
          value={search}
          placeholder="Search links, titles and knowledge"
          label="Search knowledge"
          onChange={(value) => actor.send({ type: 'search.change', value })}
          onClear={() => actor.send({ type: 'search.clear' })}
        />
        {tools}
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={add} disabled={!idle}>
            Add entry
          </Button>
        )}
      </Group>
      {phase === 'loading' && (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading knowledge" />
        </Group>
      )}
      {phase === 'failed' && (
        <Alert color="red" variant="light" title="The knowledge base could not be loaded">
          <Button size="xs" variant="light" color="red" onClick={() => actor.send({ type: 'entries.reload' })}>
            Try again
          </Button>
        </Alert>
      )}
      {phase === 'ready' && (
        <>
          <Text size="xs" c="dimmed" data-testid="knowledge-summary">
            {shown.length === entries.length
              ? `${entries.length} entries`
              : `${shown.length} of ${entries.length} entries`}
            {busy ? ' · saving…' : ''}
          </Text>
          {entries.length === 0 ? (
            <GuidedEmpty
              testId="knowledge-empty"
              title={KNOWLEDGE_EMPTY_TITLE}
              sentence="Entries are what the bot answers from when no intent fits: write one, or import a page, a file or a CSV."
              action="Add an entry"
              onAction={canEdit ? add : undefined}
            />
          ) : shown.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              No entry matches.
            </Text>
          ) : (
            <VirtualList
              items={shown}
              rowHeight={KNOWLEDGE_ROW_HEIGHT}
              keyOf={(entry) => entry.id}
              className={classes.list}
              label="Knowledge entries"
              renderRow={(entry) => <KnowledgeRow entry={entry} canEdit={canEdit} onEdit={edit} onDelete={remove} />}
            />
          )}
        </>
      )}
      <EntryDialog actor={actor} />
      <ConfirmDialog
        opened={confirming || deleting}
        busy={deleting}
        title="Delete knowledge entry?"
        confirmLabel="Delete"
        onConfirm={() => actor.send({ type: 'delete.confirm' })}
        onCancel={() => actor.send({ type: 'delete.cancel' })}
      >
        “{doomed?.title || doomed?.link || doomed?.knowledge.slice(0, 80)}” will be deleted; the bot stops answering
        from it after the next reindex.
      </ConfirmDialog>
    </Stack>
  );
}
