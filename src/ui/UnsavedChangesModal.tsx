import { Button, Group, Modal, Text } from '@mantine/core';
import { LEAVING_TEXTS } from '../machines/navigationGuard/leaving.ts';

/**
 * The question of the shared `leaving` state (navigationGuard/leaving.ts): opened from the chart's `asking` tag;
 * Esc or the close button means Stay. Above other dialogs (a dialog's own Cancel asks over it).
 */
export function UnsavedChangesModal({
  opened,
  saving = false,
  onAnswer,
}: {
  opened: boolean;
  saving?: boolean;
  onAnswer: (answer: 'leave.save' | 'leave.discard' | 'leave.stay') => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={() => onAnswer('leave.stay')}
      title={LEAVING_TEXTS.title}
      zIndex={400}
      centered
      data-testid="unsaved-changes"
    >
      <Text size="sm">{LEAVING_TEXTS.message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => onAnswer('leave.stay')}>
          {LEAVING_TEXTS.stay}
        </Button>
        <Button color="red" variant="light" onClick={() => onAnswer('leave.discard')}>
          {LEAVING_TEXTS.discard}
        </Button>
        <Button onClick={() => onAnswer('leave.save')} loading={saving} data-autofocus>
          {LEAVING_TEXTS.save}
        </Button>
      </Group>
    </Modal>
  );
}
