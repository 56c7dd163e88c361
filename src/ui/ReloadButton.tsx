import { ActionIcon, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

/** The page header's reload button of a list screen. */
export function ReloadButton(props: { label?: string; disabled?: boolean; onReload: () => void }) {
  return (
    <Tooltip label="Reload">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={props.label ?? 'Reload'}
        disabled={props.disabled}
        onClick={props.onReload}
      >
        <IconRefresh size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
