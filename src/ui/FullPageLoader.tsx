import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while the session is being established. */
export function FullPageLoader({ label = 'Loading the console…' }: { label?: string }) {
  return (
    <Center h="100vh" data-testid="full-page-loader">
      <Stack align="center" gap="sm">
        <Loader />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
