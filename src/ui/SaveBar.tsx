import { Button, Group, Kbd, Paper, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface SaveBarProps {
  /** Whether there is something to save. */
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  /** The second action (e.g. "Save & train"), bound to Ctrl+Shift+S; it shows a spinner while busy. */
  secondaryLabel?: ReactNode;
  secondaryBusy?: boolean;
  onSecondary?: () => void;
  status?: ReactNode;
}

/** The save bar of spec 1 §2: Save (Ctrl+S) and a second button (Ctrl+Shift+S). Hotkeys only call back. */
export function SaveBar(props: SaveBarProps) {
  const { dirty, saving, onSave, secondaryLabel, secondaryBusy = false, onSecondary, status } = props;
  const busy = saving || secondaryBusy;
  useHotkeys(
    [
      ['mod+S', () => dirty && !busy && onSave(), { preventDefault: true }],
      ['mod+shift+S', () => onSecondary && !busy && onSecondary(), { preventDefault: true }],
    ],
    [],
  );
  return (
    <Paper withBorder shadow="xs" px="md" py="xs" data-testid="save-bar">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {status ?? (dirty ? 'You have unsaved changes.' : 'All changes saved.')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {onSecondary && (
            <Button variant="default" onClick={onSecondary} loading={secondaryBusy} disabled={saving}>
              {secondaryLabel}
              <Kbd ml="xs" size="xs">
                Ctrl+Shift+S
              </Kbd>
            </Button>
          )}
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            onClick={onSave}
            loading={saving}
            disabled={!dirty || secondaryBusy}
          >
            Save
            <Kbd ml="xs" size="xs">
              Ctrl+S
            </Kbd>
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
