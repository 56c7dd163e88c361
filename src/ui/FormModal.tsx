import { Alert, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** A modal around one form: Enter or the submit button submits, a refusal from the server shows above the fields. */
export function FormModal({
  opened,
  title,
  saveError,
  onCancel,
  onSubmit,
  children,
}: {
  opened: boolean;
  title: string;
  saveError: string | null;
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
      >
        <Stack>
          {saveError && (
            <Alert color="red" variant="light" title="Not saved">
              {saveError}
            </Alert>
          )}
          {children}
        </Stack>
      </form>
    </Modal>
  );
}
