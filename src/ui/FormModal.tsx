import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A modal around one form: Enter or Save submits, Cancel closes, a refusal from the server shows above the fields.
 * The Cancel/Save row is here so every form dialog ends alike. The chart validates the fields, so the browser's own
 * validation is off (its bubbles would hide the chart's messages); while saving, the chart cannot be cancelled, so
 * Cancel is disabled.
 */
export function FormModal({
  opened,
  title,
  saveError,
  saving,
  onCancel,
  onSubmit,
  children,
}: {
  opened: boolean;
  title: string;
  saveError: string | null;
  /** Save shows it is busy while the machine saves, and Cancel is disabled. */
  saving: boolean;
  onCancel: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        noValidate
      >
        <Stack>
          {saveError && (
            <Alert color="red" variant="light" title="Not saved">
              {saveError}
            </Alert>
          )}
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
