import { Button, Center, Code, EmptyState, Group } from '@mantine/core';
import { IconAlertTriangle, IconHome, IconRefresh } from '@tabler/icons-react';

/** Shown for unknown paths and for screens that failed (spec 1 §2). */
export default function ErrorScreen({ title, message, detail }: { title?: string; message?: string; detail?: string }) {
  return (
    <Center mih="60vh" p="xl" data-testid="error-screen">
      <EmptyState
        variant="light"
        color="red"
        size="lg"
        icon={<IconAlertTriangle size={32} stroke={1.5} />}
        title={title ?? 'Something went wrong'}
        description={message ?? 'This page could not be shown.'}
      >
        {detail && (
          <Code block mt="sm" maw={520}>
            {detail}
          </Code>
        )}
        <EmptyState.Actions>
          <Group gap="sm">
            <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => location.reload()}>
              Reload
            </Button>
            <Button component="a" href="#/app/dashboard" leftSection={<IconHome size={16} />}>
              Go to the dashboard
            </Button>
          </Group>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
}
