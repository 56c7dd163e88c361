import { Kbd, NavLink, Stack, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

export interface NavMenuItem {
  path: string;
  label: string;
  icon: Icon;
  hotkey?: string;
}

/** The sidebar menu; the layout passes only the items the user may open. */
export function NavMenu({
  items,
  activePath,
  onOpen,
  menuMode,
}: {
  items: NavMenuItem[];
  activePath: string;
  onOpen: (path: string) => void;
  /** While Ctrl+G is held open, each item shows its letter. */
  menuMode: boolean;
}) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed" px="xs" py="md">
        Your role in this project does not give access to any screen. Ask an administrator.
      </Text>
    );
  }
  return (
    <Stack gap={2} component="nav" aria-label="Main menu">
      {items.map((item) => (
        <NavLink
          key={item.path}
          href={`#${item.path}`}
          label={item.label}
          active={activePath === item.path}
          leftSection={<item.icon size={18} stroke={1.6} />}
          rightSection={
            item.hotkey && menuMode ? (
              <Kbd size="xs" data-testid={`menu-letter-${item.hotkey}`}>
                {item.hotkey}
              </Kbd>
            ) : null
          }
          onClick={(event) => {
            event.preventDefault();
            onOpen(item.path);
          }}
          styles={{ root: { borderRadius: 'var(--mantine-radius-md)' }, label: { fontWeight: 500 } }}
        />
      ))}
    </Stack>
  );
}
