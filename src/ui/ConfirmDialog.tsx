import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A confirmation opened from machine state (`opened={state.matches('confirming…')}`); its buttons only send events. */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  color?: string;
}) {
  const { opened, title, children, confirmLabel, onConfirm, onCancel, busy, color = 'red' } = props;
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text size="sm">{children}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color={color} onClick={onConfirm} loading={busy} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
