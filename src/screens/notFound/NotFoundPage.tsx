import { Anchor, Center, EmptyState } from '@mantine/core';
import { IconMoodSad } from '@tabler/icons-react';

/** The 404 page, with the spec's exact text (spec 1 §2). */
export const NOT_FOUND_TEXT = 'Opps, it seems that this page does not exist.';

export default function NotFoundPage() {
  return (
    <Center mih="100vh" p="xl" bg="var(--mantine-color-gray-0)" data-testid="not-found">
      <EmptyState
        size="lg"
        variant="light"
        icon={<IconMoodSad size={36} stroke={1.5} />}
        title="404"
        description={NOT_FOUND_TEXT}
      >
        <EmptyState.Actions>
          <Anchor href="#/">Go to the homepage</Anchor>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
}
