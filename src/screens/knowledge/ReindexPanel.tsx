import { Alert, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ReindexStatus } from '../../api/contract/knowledges.ts';
import type { knowledgeJobMachine } from '../../machines/knowledgeJob/machine.ts';

const dateTime = (iso: string) => new Date(iso).toLocaleString();

/** The draft index: when it was built, from what, whether entries changed since, and the Reindex button. */
export function ReindexPanel({
  actor,
  canReindex,
}: {
  actor: ActorRefFrom<typeof knowledgeJobMachine>;
  canReindex: boolean;
}) {
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const running = useSelector(actor, (s) => s.matches('running'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const status = useSelector(actor, (s) => s.context.answer?.detail as ReindexStatus | undefined);
  const report = status?.report;
  return (
    <Card withBorder padding="md" data-testid="reindex-panel">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600}>Index</Text>
        {canReindex && (
          <Button
            size="xs"
            leftSection={<IconRefresh size={14} />}
            loading={busy}
            disabled={loading}
            onClick={() => actor.send({ type: 'job.start' })}
          >
            Reindex
          </Button>
        )}
      </Group>
      <Stack gap={6}>
        {loading && <Loader size="sm" aria-label="Loading index status" />}
        {running && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">Reindexing… URL entries are fetched again.</Text>
          </Group>
        )}
        {!loading && status && (
          <>
            <Text size="sm" data-testid="index-summary">
              {status.indexed_at
                ? `Indexed ${dateTime(status.indexed_at)}: ${status.entries} entries, ${status.passages} passages.`
                : 'Not indexed yet: Reindex makes the entries answerable.'}
            </Text>
            {status.stale && !running && (
              <Badge color="yellow" variant="light">
                Changed since the last reindex
              </Badge>
            )}
            {report && (
              <Text size="xs" c="dimmed" data-testid="reindex-report">
                Last reindex: {report.fetched} pages fetched again, {report.changed} changed, {report.unchanged}{' '}
                unchanged{report.failed.length ? `, ${report.failed.length} failed (old text kept)` : ''}.
              </Text>
            )}
            {report?.failed.map((failure) => (
              <Text key={failure.id} size="xs" c="red.7" truncate title={`${failure.link}: ${failure.error}`}>
                {failure.link}: {failure.error}
              </Text>
            ))}
            {status.state === 'failed' && status.error && (
              <Alert color="red" variant="light" title="The last reindex failed">
                {status.error}
              </Alert>
            )}
          </>
        )}
        {!loading && !status && (
          <Text size="sm" c="dimmed">
            The index status could not be read.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
