import { Button, Group, Modal, Text } from '@mantine/core';
import { actionToDelete } from '../../machines/actionEditor/selectors.ts';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { actionEditorMachine } from '../../machines/actionEditor/machine.ts';

interface PartProps {
  state: SnapshotFrom<typeof actionEditorMachine>;
  send: ActorRefFrom<typeof actionEditorMachine>['send'];
}

/** Asks before a webhook action is deleted. */
export function DeleteActionModal({ state, send }: PartProps) {
  const deleting = actionToDelete(state);
  return (
    <Modal
      opened={state.matches('confirmingDelete') || state.matches('deleting')}
      onClose={() => send({ type: 'delete.cancel' })}
      title={`Delete action ${deleting?.name ?? ''}?`}
      centered
    >
      <Text size="sm">Reactions that name it must be changed first; the server refuses otherwise.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => send({ type: 'delete.cancel' })} disabled={state.matches('deleting')}>
          Cancel
        </Button>
        <Button color="red" onClick={() => send({ type: 'delete.confirm' })} loading={state.matches('deleting')}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
