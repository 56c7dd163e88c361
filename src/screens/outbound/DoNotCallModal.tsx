import {
  ActionIcon,
  Alert,
  Button,
  Center,
  FileButton,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFileImport, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { DO_NOT_CALL_HEADER } from '../../api/contract/do-not-call.ts';
import { DO_NOT_CALL_LOAD_FAILED, type doNotCallMachine } from '../../machines/doNotCall/machine.ts';

export const DO_NOT_CALL_EMPTY = 'No numbers yet: campaigns dial every number of their lists.';

/** The project's do-not-call list (issue 38): the numbers its campaigns never dial. */
export function DoNotCallModal({
  actor,
  canEdit,
}: {
  actor: ActorRefFrom<typeof doNotCallMachine>;
  /** The campaigns' edit grant: add, remove, import. */
  canEdit: boolean;
}) {
  const state = useSelector(actor, (s) => s);
  const { send } = actor;
  const { entries, draft, addError, importProblems, target } = state.context;
  const busy = state.hasTag('busy');

  const body = (() => {
    if (state.matches('loading'))
      return (
        <Center mih={120}>
          <Loader aria-label="Loading the do-not-call list" />
        </Center>
      );
    if (state.matches('loadFailed'))
      return (
        <Alert color="red" title={DO_NOT_CALL_LOAD_FAILED}>
          <Button mt="sm" variant="light" onClick={() => send({ type: 'doNotCall.reload' })}>
            Reload
          </Button>
        </Alert>
      );
    return (
      <Stack>
        {canEdit && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: 'draft.add' });
            }}
          >
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                label="Number"
                placeholder="+420777123456 or sip:user@host"
                value={draft.destination}
                error={addError}
                onChange={(e) => send({ type: 'draft.change', field: 'destination', value: e.currentTarget.value })}
                style={{ flex: 1 }}
                data-autofocus
              />
              <TextInput
                label="Why"
                placeholder="Asked not to be called"
                value={draft.note}
                onChange={(e) => send({ type: 'draft.change', field: 'note', value: e.currentTarget.value })}
                style={{ flex: 1 }}
              />
              <Button type="submit" loading={state.matches({ ready: 'adding' })} disabled={!draft.destination.trim()}>
                Add
              </Button>
            </Group>
          </form>
        )}
        {canEdit && (
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              Import a CSV with the columns <code>{DO_NOT_CALL_HEADER}</code> (the note may be left out).
            </Text>
            <FileButton accept=".csv,text/csv" onChange={(file) => file && send({ type: 'file.choose', file })}>
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  size="xs"
                  leftSection={<IconFileImport size={16} />}
                  loading={state.matches({ ready: 'importing' })}
                >
                  Import CSV
                </Button>
              )}
            </FileButton>
          </Group>
        )}
        {importProblems.length > 0 && (
          <Alert color="red" title="Nothing was imported." role="alert" data-testid="do-not-call-problems">
            {importProblems.map((problem) => (
              <Text key={problem} size="sm">
                {problem}
              </Text>
            ))}
          </Alert>
        )}
        {entries.length === 0 ? (
          <Text c="dimmed" ta="center" p="md">
            {DO_NOT_CALL_EMPTY}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480} mah={360}>
            <Table aria-label="Do-not-call numbers" stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Why</Table.Th>
                  <Table.Th>Added</Table.Th>
                  {canEdit && <Table.Th />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td ff="monospace">{entry.destination}</Table.Td>
                    <Table.Td>{entry.note || '–'}</Table.Td>
                    <Table.Td>
                      {entry.created_at.slice(0, 10)}
                      {entry.created_by ? ` by ${entry.created_by}` : ''}
                    </Table.Td>
                    {canEdit && (
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove ${entry.destination} from the do-not-call list`}
                          disabled={busy}
                          onClick={() => send({ type: 'entry.remove', entry })}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    );
  })();

  return (
    <>
      <Modal
        opened={!state.matches('closed')}
        onClose={() => send({ type: 'doNotCall.close' })}
        title="Do-not-call list"
        size="lg"
      >
        <Stack>
          <Text size="sm" c="dimmed">
            Campaigns never dial these numbers: a call to one ends as "do not call" when it is due.
          </Text>
          {body}
        </Stack>
      </Modal>
      <Modal
        opened={state.matches({ ready: 'confirmingRemoval' })}
        onClose={() => send({ type: 'removal.cancel' })}
        title="Remove from the do-not-call list"
      >
        <Stack>
          <Text style={{ wordBreak: 'break-word' }}>Remove {target?.destination}? Campaigns may call it again.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => send({ type: 'removal.cancel' })}>
              Cancel
            </Button>
            <Button color="red" onClick={() => send({ type: 'removal.confirm' })}>
              Remove
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
