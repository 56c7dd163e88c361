import { Button, Group } from '@mantine/core';

/** A notification's message with one button beside it (issue 34: the Undo of a classification). */
export function NoticeActionMessage({
  message,
  label,
  onAction,
}: {
  message: string;
  label: string;
  onAction: () => void;
}) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
      <span>{message}</span>
      <Button size="compact-xs" variant="light" onClick={onAction}>
        {label}
      </Button>
    </Group>
  );
}
