import { Card, Stack, Text, Title } from '@mantine/core';
import type { EvaluationAnswer } from '../../machines/training/actors.ts';
import { thresholdSummary } from '../../machines/training/threshold-summary.ts';

/** The latest training's confidence threshold and what it means (issue 34 item 6); nothing before a training. */
export function ThresholdPanel({ answer }: { answer: EvaluationAnswer | null }) {
  const summary = answer ? thresholdSummary(answer) : null;
  if (!summary) return null;
  return (
    <Card withBorder padding="md" data-testid="threshold-panel">
      <Stack gap={6}>
        <Title order={4}>Confidence threshold</Title>
        <Text size="sm" fw={600} data-testid="threshold-title">
          {summary.title}
        </Text>
        <Text size="sm">{summary.meaning}</Text>
        <Text size="sm" c="dimmed">
          {summary.why}
        </Text>
        <Text size="sm" c="dimmed">
          {summary.figures}
        </Text>
      </Stack>
    </Card>
  );
}
