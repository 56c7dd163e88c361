import { ActionIcon, type ActionIconProps, Group, Table, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/** The last cell of a table row: the row's icon buttons, right-aligned on one line (users, project files). */
export function RowActionsCell({ children }: { children: ReactNode }) {
  return (
    <Table.Td>
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {children}
      </Group>
    </Table.Td>
  );
}

/**
 * One icon button of a row (of a table or a list: synonyms, notes): the tooltip says what it does, the label also
 * names the row for screen readers.
 */
export function RowAction(props: {
  tooltip: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: string;
  size?: ActionIconProps['size'];
  disabled?: boolean;
  loading?: boolean;
}) {
  const { tooltip, label, icon, onClick, color, size, disabled, loading } = props;
  return (
    <Tooltip label={tooltip}>
      <ActionIcon
        variant="subtle"
        color={color}
        size={size}
        aria-label={label}
        disabled={disabled}
        loading={loading}
        onClick={onClick}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
