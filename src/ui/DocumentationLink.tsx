import { Anchor, Group, Popover, Stack, Text } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The screens' documentation link: a short guide in place, so it works offline and never goes stale elsewhere. */
export function DocumentationLink({ children }: { children: ReactNode }) {
  return (
    <Popover width={380} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <Anchor component="button" type="button" size="sm">
          <Group gap={4} wrap="nowrap">
            <IconBook2 size={16} />
            Documentation
          </Group>
        </Anchor>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6}>{children}</Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

export function IntentsHelp() {
  return (
    <>
      <Text fw={600}>Intents</Text>
      <Text size="sm">
        An intent is what a user means. Teach it with templates: example sentences. A template belongs to one intent
        only.
      </Text>
      <Text size="sm">
        Write <b>#name</b> in a template to use every value of a synonym, and <b>@name</b> for an entity.
      </Text>
      <Text size="sm">
        The polarity switch adds a negative twin “name [NEG]” for sentences that deny the intent; “Add Both” adds a
        negative template and its positive variant at once.
      </Text>
      <Text size="sm">
        Train NLU (Ctrl+S) retrains the model; precision, recall and hints per template come from a 5-fold evaluation.
      </Text>
    </>
  );
}
