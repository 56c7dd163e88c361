import {
  Alert,
  Badge,
  Button,
  Drawer,
  Grid,
  Group,
  Loader,
  Modal,
  MultiSelect,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconNote, IconPencil, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ConversationNote } from '../../api/contract/conversations.ts';
import type { conversationLogsMachine } from '../../machines/conversationLogs/machine.ts';
import {
  CONVERSATION_ENV_LABELS,
  labelColor,
  shownLabels,
  transcriptItems,
} from '../../machines/conversationLogs/selectors.ts';
import type { ChatItem } from '../../machines/chat/transcript.ts';
import type { SaidPhrase } from '../../machines/phraseTriage/machine.ts';
import { PhraseTriagePanel } from './PhraseTriagePanel.tsx';
import { AddQaQuestion } from './AddQaQuestion.tsx';
import { ChatMessages } from '../../ui/chat/ChatMessages.tsx';
import { RowAction } from '../../ui/RowActions.tsx';

export const DRAWER_TEXTS = {
  openFailed: 'The conversation could not be opened.',
  emptyTranscript: 'Nothing was said in this conversation yet.',
  noNotes: 'No notes yet.',
  noLabels: 'No labels.',
  unknownAuthor: 'N/A (insufficient permissions)',
  deleteQuestion: 'Delete this note? This cannot be undone.',
} as const;

type LogsActor = ActorRefFrom<typeof conversationLogsMachine>;

const when = (iso: string) => new Date(iso).toLocaleString();
const noop = () => {};

export interface ConversationDrawerProps {
  actor: LogsActor;
  canWrite: boolean;
  canDelete: boolean;
  triage?: { canKeepTests: boolean };
  /** PUT /qa-trainings/{id}: the user's messages can become QA trainings ("add this question"). */
  canAddQuestions?: boolean;
}

/** The user's messages of the transcript, each once, with the intent it reached. */
const saidPhrases = (items: ChatItem[]): SaidPhrase[] => {
  const seen = new Set<string>();
  const out: SaidPhrase[] = [];
  for (const item of items) {
    if (item.kind !== 'user' || !item.text.trim() || seen.has(item.text)) continue;
    seen.add(item.text);
    out.push({ text: item.text, intent: item.intent });
  }
  return out;
};

function NoteItem({
  note,
  actor,
  canWrite,
  canDelete,
}: {
  note: ConversationNote;
  actor: LogsActor;
  canWrite: boolean;
  canDelete: boolean;
}) {
  const state = useSelector(actor, (s) => s);
  const { editingNoteId, editText, noteError } = state.context;
  const editing = editingNoteId === note.id;
  const ready = state.matches({ conversation: 'ready' });
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`note-${note.id}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {note.user_name ?? DRAWER_TEXTS.unknownAuthor} · {when(note.created_at)}
          {note.updated_at !== note.created_at && ' (edited)'}
        </Text>
        {!editing && (
          <Group gap={2} wrap="nowrap">
            {canWrite && (
              <RowAction
                tooltip="Edit note"
                label={`Edit note ${note.id}`}
                icon={<IconPencil size={14} />}
                size="sm"
                disabled={!ready}
                onClick={() => actor.send({ type: 'note.edit', id: note.id })}
              />
            )}
            {canDelete && (
              <RowAction
                tooltip="Delete note"
                label={`Delete note ${note.id}`}
                icon={<IconTrash size={14} />}
                color="red"
                size="sm"
                disabled={!ready}
                onClick={() => actor.send({ type: 'note.delete', id: note.id })}
              />
            )}
          </Group>
        )}
      </Group>
      {editing ? (
        <Stack gap="xs" mt="xs">
          <Textarea
            aria-label="Edit note"
            rows={3}
            value={editText}
            disabled={state.hasTag('busy')}
            error={noteError}
            onChange={(e) => actor.send({ type: 'note.editText', text: e.currentTarget.value })}
          />
          <Group gap="xs" justify="flex-end">
            <Button
              size="xs"
              variant="default"
              disabled={!state.matches({ conversation: 'editingNote' })}
              onClick={() => actor.send({ type: 'note.cancel' })}
            >
              Cancel
            </Button>
            <Button
              size="xs"
              loading={state.matches({ conversation: 'savingNote' })}
              disabled={
                !state.matches({ conversation: 'editingNote' }) && !state.matches({ conversation: 'savingNote' })
              }
              onClick={() => actor.send({ type: 'note.save' })}
            >
              Save note
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {note.text}
        </Text>
      )}
    </Paper>
  );
}

function Notes({ actor, canWrite, canDelete }: ConversationDrawerProps) {
  const state = useSelector(actor, (s) => s);
  const { detail, noteDraft, editingNoteId, noteError } = state.context;
  const notes = detail?.notes ?? [];
  const addingBusy = state.matches({ conversation: 'savingNote' }) && editingNoteId === null;
  return (
    <Stack gap="xs">
      <Group gap={6}>
        <IconNote size={16} />
        <Title order={4} fz="md">
          Notes
        </Title>
        {state.matches({ conversation: 'refreshing' }) && <Loader size={12} aria-label="Refreshing notes" />}
      </Group>
      {notes.length === 0 && (
        <Text size="sm" c="dimmed">
          {DRAWER_TEXTS.noNotes}
        </Text>
      )}
      {notes.map((note) => (
        <NoteItem key={note.id} note={note} actor={actor} canWrite={canWrite} canDelete={canDelete} />
      ))}
      {canWrite && (
        <Stack gap="xs">
          <Textarea
            aria-label="New note"
            placeholder="Write a note for your team"
            rows={3}
            value={noteDraft}
            disabled={addingBusy}
            error={editingNoteId === null ? noteError : null}
            onChange={(e) => actor.send({ type: 'note.draft', text: e.currentTarget.value })}
          />
          <Group justify="flex-end">
            <Button
              size="xs"
              loading={addingBusy}
              disabled={!state.matches({ conversation: 'ready' }) && !addingBusy}
              onClick={() => actor.send({ type: 'note.add' })}
            >
              Add note
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

function Labels({ actor, canWrite }: { actor: LogsActor; canWrite: boolean }) {
  const state = useSelector(actor, (s) => s);
  const labels = shownLabels(state);
  const { labels: projectLabels } = state.context;
  if (!canWrite)
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Labels
        </Text>
        <Group gap={4}>
          {labels.length === 0 && (
            <Text size="sm" c="dimmed">
              {DRAWER_TEXTS.noLabels}
            </Text>
          )}
          {labels.map((l) => (
            <Badge key={l} variant="light" color={labelColor(projectLabels, l)}>
              {l}
            </Badge>
          ))}
        </Group>
      </Stack>
    );
  const saving = state.matches({ conversation: 'savingLabels' });
  return (
    <MultiSelect
      label="Labels"
      placeholder={projectLabels.length ? 'Add a label' : 'The project has no labels'}
      data={[...new Set([...projectLabels.map((l) => l.name), ...labels])]}
      value={labels}
      searchable
      clearable
      disabled={!state.matches({ conversation: 'ready' }) && !saving}
      readOnly={saving}
      rightSection={saving ? <Loader size={14} aria-label="Saving labels" /> : undefined}
      onChange={(value) => actor.send({ type: 'labels.set', labels: value })}
    />
  );
}

/** One conversation: its transcript as text (never HTML), notes and labels, derived from the machine. */
export function ConversationDrawer({ actor, canWrite, canDelete, triage, canAddQuestions }: ConversationDrawerProps) {
  const state = useSelector(actor, (s) => s);
  const { openId, detail, detailError } = state.context;
  const items = transcriptItems(state);
  const open = state.matches('conversation');
  return (
    <>
      <Drawer
        opened={open}
        onClose={() => actor.send({ type: 'conversation.close' })}
        position="right"
        size={1040}
        title={
          <Text fw={600} fz="lg">
            Conversation {openId}
          </Text>
        }
        closeButtonProps={{ 'aria-label': 'Close conversation' }}
        data-testid="conversation-drawer"
      >
        {state.matches({ conversation: 'opening' }) && (
          <Stack data-testid="conversation-loading">
            <Skeleton h={24} w="60%" />
            <Skeleton h={320} />
            <Skeleton h={80} />
          </Stack>
        )}
        {state.matches({ conversation: 'failed' }) && (
          <Alert color="red" title={DRAWER_TEXTS.openFailed}>
            {detailError && <Text size="sm">{detailError}</Text>}
            <Button
              mt="sm"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={16} />}
              onClick={() => actor.send({ type: 'conversation.retry' })}
            >
              Retry
            </Button>
          </Alert>
        )}
        {open &&
          detail &&
          !state.matches({ conversation: 'opening' }) &&
          !state.matches({ conversation: 'failed' }) && (
            <Stack gap="md" data-testid="conversation-detail">
              <Group gap="xs">
                <Badge variant="light">{CONVERSATION_ENV_LABELS[detail.project_env]}</Badge>
                {detail.ended && (
                  <Badge variant="light" color="gray">
                    Ended
                  </Badge>
                )}
                <Text size="sm" c="dimmed">
                  Started {when(detail.started_at)} · last activity {when(detail.last_activity_at)} · {detail.messages}{' '}
                  {detail.messages === 1 ? 'message' : 'messages'}
                </Text>
              </Group>
              <Grid gap="lg">
                <Grid.Col span={{ base: 12, md: 7 }}>
                  <Title order={4} fz="md" mb="xs">
                    Transcript
                  </Title>
                  <Paper withBorder radius="md" data-testid="conversation-transcript">
                    <ScrollArea.Autosize mah="calc(100vh - 200px)">
                      {items.length === 0 ? (
                        <Text size="sm" c="dimmed" p="md">
                          {DRAWER_TEXTS.emptyTranscript}
                        </Text>
                      ) : (
                        <ChatMessages
                          items={items}
                          pendingText={null}
                          interactive={false}
                          readAloud={false}
                          reading={null}
                          onSend={noop}
                          onRead={noop}
                        />
                      )}
                    </ScrollArea.Autosize>
                  </Paper>
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 5 }}>
                  <Stack gap="lg">
                    {triage && (
                      <PhraseTriagePanel
                        key={openId ?? 'none'}
                        phrases={saidPhrases(items)}
                        canKeepTests={triage.canKeepTests}
                      />
                    )}
                    {canAddQuestions && <AddQaQuestion phrases={saidPhrases(items).map((p) => p.text)} />}
                    <Labels actor={actor} canWrite={canWrite} />
                    <Notes actor={actor} canWrite={canWrite} canDelete={canDelete} />
                  </Stack>
                </Grid.Col>
              </Grid>
            </Stack>
          )}
      </Drawer>
      <Modal
        opened={state.matches({ conversation: 'confirmingNoteDelete' })}
        onClose={() => actor.send({ type: 'note.deleteCancel' })}
        title="Delete note"
        centered
        data-testid="delete-note-dialog"
      >
        <Text size="sm">{DRAWER_TEXTS.deleteQuestion}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => actor.send({ type: 'note.deleteCancel' })}>
            Cancel
          </Button>
          <Button color="red" onClick={() => actor.send({ type: 'note.deleteConfirm' })}>
            Delete
          </Button>
        </Group>
      </Modal>
    </>
  );
}
