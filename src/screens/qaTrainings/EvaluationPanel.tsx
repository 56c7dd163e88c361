import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { QaEvaluationResult, QaEvaluationStatus } from '../../api/contract/qa-trainings.ts';
import type { knowledgeJobMachine } from '../../machines/knowledgeJob/machine.ts';

/** Figures are shown rounded to 3 decimals, like the intents' precision and recall (spec 2 §9). */
const figure = (value: number | null) => (value === null ? '—' : value.toFixed(3));

function Figure({ label, value, title }: { label: string; value: number | null; title: string }) {
  return (
    <Stack gap={0} title={title} data-testid={`figure-${label}`}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" c={value === 1 ? 'teal.7' : undefined}>
        {figure(value)}
      </Text>
    </Stack>
  );
}

/** The latest evaluation's project figures and the Evaluate button (a job, k-fold). */
export function EvaluationPanel({
  actor,
  canEvaluate,
}: {
  actor: ActorRefFrom<typeof knowledgeJobMachine>;
  canEvaluate: boolean;
}) {
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const running = useSelector(actor, (s) => s.matches('running'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  // The evaluation's provider answers GET /qa-trainings/evaluation's status and result as the job's answer.
  const status = useSelector(actor, (s) => s.context.answer?.status as QaEvaluationStatus | undefined);
  const result = useSelector(actor, (s) => (s.context.answer?.detail ?? null) as QaEvaluationResult | null);
  return (
    <Card withBorder padding="md" data-testid="evaluation-panel">
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Group gap="xs">
          <Text fw={600}>Evaluation</Text>
          {status?.evaluated_at && (
            <Text size="xs" c="dimmed">
              {new Date(status.evaluated_at).toLocaleString()}
            </Text>
          )}
          {status?.stale && result && !running && (
            <Badge size="sm" color="yellow" variant="light">
              Questions or entries changed since
            </Badge>
          )}
        </Group>
        {canEvaluate && (
          <Button
            size="xs"
            leftSection={<IconChartBar size={14} />}
            loading={busy}
            disabled={loading}
            onClick={() => actor.send({ type: 'job.start' })}
          >
            Evaluate
          </Button>
        )}
      </Group>
      {loading && <Loader size="sm" aria-label="Loading evaluation" />}
      {running && (
        <Group gap="xs" mb="xs">
          <Loader size="xs" />
          <Text size="sm">Evaluating… each question is asked of an index built without it.</Text>
        </Group>
      )}
      {!loading && !result && !running && (
        <Text size="sm" c="dimmed">
          Not evaluated yet: Evaluate asks every question and compares the answer with its expected entry.
        </Text>
      )}
      {result && (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Figure label="recall@1" value={result.recall_at_1} title="Share of questions whose entry ranks first" />
            <Figure
              label="recall@3"
              value={result.recall_at_3}
              title="Share of questions whose entry is in the top 3"
            />
            <Figure label="MRR" value={result.mrr} title="Mean reciprocal rank of the expected entry" />
            <Figure
              label="no-answer precision"
              value={result.no_answer_precision}
              title='Of the questions given "no answer", the share that must not be answered'
            />
          </SimpleGrid>
          {result.perfect && (
            <Alert color="teal" variant="light" title="The evaluation is perfect" data-testid="qa-perfect">
              Every question is answered by its entry at rank 1 and every "must not be answered" question gets no
              answer.
            </Alert>
          )}
        </Stack>
      )}
      {status?.state === 'failed' && status.error && (
        <Alert color="red" variant="light" title="The last evaluation failed" mt="xs">
          {status.error}
        </Alert>
      )}
    </Card>
  );
}
