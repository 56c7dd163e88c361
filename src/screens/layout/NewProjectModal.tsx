import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

/** Asks the name of a new project, or of a clone; opened from the project-selection state `naming`. */
export function NewProjectModal({
  opened,
  busy,
  cloneOf,
  onCreate,
  onCancel,
}: {
  opened: boolean;
  busy: boolean;
  /** The name of the project being cloned; null for a new, empty project. */
  cloneOf: string | null;
  onCreate: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const error = name.trim() === '' ? 'Project name cannot be empty' : null;
  const [touched, setTouched] = useState(false);
  return (
    <Modal opened={opened} onClose={onCancel} title={cloneOf === null ? 'New Project' : 'Clone Project'}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!error) {
            onCreate(name.trim());
            setName('');
            setTouched(false);
          }
        }}
      >
        <Stack>
          {cloneOf !== null && (
            <Text size="sm" c="dimmed">
              The new project gets the configuration of {cloneOf}: settings without secrets, intents, synonyms,
              entities, reactions, actions and tests. Conversations and deployments stay behind; the copy trains its own
              model.
            </Text>
          )}
          <TextInput
            label="Project name"
            placeholder="e.g. Customer care"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={touched ? error : null}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {cloneOf === null ? 'Create' : 'Clone'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
