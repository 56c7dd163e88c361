import { Affix, Group, Loader, Paper, Text, Transition } from '@mantine/core';

/** The small indicator shown after 150 ms of pending requests (spec 1 §9). */
export function ProgressIndicator({ visible }: { visible: boolean }) {
  return (
    <Affix position={{ bottom: 48, right: 20 }} zIndex={300}>
      <Transition mounted={visible} transition="fade" duration={150}>
        {(styles) => (
          <Paper shadow="md" px="sm" py={6} radius="xl" withBorder style={styles} data-testid="progress-indicator">
            <Group gap={8}>
              <Loader size={14} />
              <Text size="xs">Loading…</Text>
            </Group>
          </Paper>
        )}
      </Transition>
    </Affix>
  );
}
