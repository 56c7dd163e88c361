import { Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The title row of a screen: icon, title, one-line purpose and optional actions. */
export function PageHeader({
  icon: ScreenIcon,
  title,
  description,
  actions,
}: {
  icon: Icon;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" wrap="nowrap">
      <Group gap="md" wrap="nowrap">
        <ThemeIcon size={42} radius="md" variant="light">
          <ScreenIcon size={24} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={2}>
          <Title order={2} fz={24}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
      </Group>
      {actions}
    </Group>
  );
}
