import { Anchor, Group, Text } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';

/** Support contact, configured at build time (VITE_SUPPORT_EMAIL). */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@example.com';

/** The footer of spec 1 §2: support contact and Project ID. */
export function ShellFooter({ projectId }: { projectId: number | null }) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap={6} wrap="nowrap">
        <IconLifebuoy size={14} stroke={1.6} color="var(--mantine-color-dimmed)" />
        <Text size="xs" c="dimmed">
          Support:{' '}
          <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="xs">
            {SUPPORT_EMAIL}
          </Anchor>
        </Text>
      </Group>
      <Text size="xs" c="dimmed" data-testid="footer-project-id">
        Project ID: {projectId ?? '–'}
      </Text>
    </Group>
  );
}
