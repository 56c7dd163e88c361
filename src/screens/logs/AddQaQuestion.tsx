import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { Link, useSearch } from 'wouter';
import { questionLink } from '../qaTrainings/questionLink.ts';

/** "Add this question" (issue 16 item 4): a user's message of the conversation becomes a QA training. */
export function AddQaQuestion({ phrases }: { phrases: string[] }) {
  const search = useSearch();
  if (phrases.length === 0) return null;
  return (
    <Paper withBorder p="md" data-testid="add-qa-question">
      <Stack gap={6}>
        <Text fw={600} size="sm">
          Add a question to QA trainings
        </Text>
        {phrases.map((phrase) => (
          <Anchor
            key={phrase}
            component={Link}
            href={questionLink(phrase, search)}
            size="sm"
            aria-label={`Add this question: ${phrase}`}
          >
            <IconSchool size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
            {phrase}
          </Anchor>
        ))}
      </Stack>
    </Paper>
  );
}
