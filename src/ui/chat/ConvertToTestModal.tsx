import { Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { chatMachine } from '../../machines/chat/machine.ts';

/** The name of the test made from the conversation; opened from state (`converting`). */
export function ConvertToTestModal({ actor }: { actor: ActorRefFrom<typeof chatMachine> }) {
  const state = useSelector(actor, (s) => s);
  const opened = state.matches({ open: 'converting' });
  const { testName, testNameError } = state.context;
  return (
    <Modal
      opened={opened}
      onClose={() => actor.send({ type: 'convert.cancel' })}
      title="Convert conversation to test"
      zIndex={400}
      centered
    >
      {state.matches({ open: { converting: 'loading' } }) ? (
        <Group justify="space-between">
          <Loader size="sm" aria-label="Loading tests" />
          <Button variant="default" onClick={() => actor.send({ type: 'convert.cancel' })}>
            Cancel
          </Button>
        </Group>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'convert.submit' });
          }}
        >
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Each message becomes a step with the reaction (at most one) and actions it ran.
            </Text>
            <TextInput
              label="Test name"
              data-autofocus
              value={testName}
              error={testNameError}
              onChange={(event) => actor.send({ type: 'convert.name', name: event.currentTarget.value })}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => actor.send({ type: 'convert.cancel' })}>
                Cancel
              </Button>
              <Button type="submit" loading={state.matches({ open: { converting: 'saving' } })}>
                Create test
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
