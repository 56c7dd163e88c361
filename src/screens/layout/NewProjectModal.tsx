import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';

/** Asks the name of a new project; opened from the project-selection state `naming`. */
export function NewProjectModal({
  opened,
  busy,
  onCreate,
  onCancel,
}: {
  opened: boolean;
  busy: boolean;
  onCreate: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const error = name.trim() === '' ? 'Project name cannot be empty' : null;
  const [touched, setTouched] = useState(false);
  return (
    <Modal opened={opened} onClose={onCancel} title="New Project">
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
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
