import { AppShell, Burger, Group, ScrollArea, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMessageChatbot } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { shellSizes } from '../theme.ts';

export interface ConsoleShellProps {
  projectSelector: ReactNode;
  navigation: ReactNode;
  headerCenter?: ReactNode;
  headerRight: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}

/** The AppShell frame of the console: header, sidebar (project selector and menu), main and footer. */
export function ConsoleShell({
  projectSelector,
  navigation,
  headerCenter,
  headerRight,
  footer,
  children,
}: ConsoleShellProps) {
  const [opened, { toggle }] = useDisclosure();
  return (
    <AppShell
      header={{ height: shellSizes.headerHeight }}
      navbar={{ width: shellSizes.navbarWidth, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      footer={{ height: shellSizes.footerHeight }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <ThemeIcon size={32} radius="md" variant="gradient" gradient={{ from: 'indigo', to: 'cyan', deg: 135 }}>
              <IconMessageChatbot size={20} stroke={1.7} />
            </ThemeIcon>
            <Text fw={700} size="lg" visibleFrom="xs">
              Bot Console
            </Text>
          </Group>
          {headerCenter}
          {headerRight}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <AppShell.Section p="md" pb="xs">
          {projectSelector}
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea} px="sm" pb="md">
          {navigation}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main bg="var(--mantine-color-gray-0)">{children}</AppShell.Main>
      <AppShell.Footer>{footer}</AppShell.Footer>
    </AppShell>
  );
}
