import { ActionIcon, Badge, Button, Group, Loader, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconMail, IconPencil, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { type EmailReportSend, PERIOD_LABELS } from '../../api/contract/email-reports.ts';
import { CANNOT_LOAD_REPORTS, type emailReportsMachine } from '../../machines/emailReports/machine.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { EmailReportModal } from './EmailReportModal.tsx';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');
const days = (s: EmailReportSend) => (s.from === s.to ? s.from : `${s.from} to ${s.to}`);

/** The last mailing of a report: sent, waiting for its retry, or failed with the reason. */
function LastSend({ send }: { send: EmailReportSend | null }) {
  if (!send) return <Text c="dimmed">Never sent</Text>;
  const what = `${send.kind === 'test' ? 'Test of ' : ''}${days(send)}`;
  const color = { sent: 'green', failed: 'red', retrying: 'yellow', queued: 'gray', sending: 'blue' }[send.status];
  return (
    <Stack gap={2}>
      <Group gap={6}>
        <Badge color={color} variant="light">
          {send.status}
        </Badge>
        <Text size="sm">
          {what}, {when(send.at)}
        </Text>
      </Group>
      {send.error && (
        <Text size="xs" c="red" style={{ wordBreak: 'break-word' }}>
          {send.error}
        </Text>
      )}
      {send.next_attempt_at && (
        <Text size="xs" c="dimmed">
          Next attempt {when(send.next_attempt_at)}
        </Text>
      )}
    </Stack>
  );
}

/** /app/email-reports: the project's email reports, their last mailing, Send now (issue 37 §2). */
export function EmailReportsView({
  actor,
  canEdit = true,
}: {
  actor: ActorRefFrom<typeof emailReportsMachine>;
  /** PUT /email-reports: add, edit, delete and Send now; without it the list is read-only. */
  canEdit?: boolean;
}) {
  const state = useSelector(actor, (s) => s);
  const { reports, busyId } = state.context;
  const canAct = state.matches('ready');
  return (
    <Stack>
      <PageHeader
        icon={IconMail}
        title="Email reports"
        description="The dashboard's figures by email: daily, weekly or monthly, with charts."
        actions={
          canEdit && (
            <Button
              leftSection={<IconPlus size={16} />}
              disabled={!canAct}
              onClick={() => actor.send({ type: 'report.open' })}
            >
              Add report
            </Button>
          )
        }
      />
      {state.hasTag('loading') && <Loader size="xs" aria-label="Loading" />}
      {state.matches('failed') ? (
        <RetryAlert title={CANNOT_LOAD_REPORTS} onRetry={() => actor.send({ type: 'reports.retry' })} />
      ) : (
        <Table withTableBorder highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Report</Table.Th>
              <Table.Th>Recipients</Table.Th>
              <Table.Th>Last mailing</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {reports.map((r) => (
              <Table.Tr key={r.id} aria-label={r.name}>
                <Table.Td>
                  <Text fw={500}>{r.name}</Text>
                  <Text size="xs" c="dimmed">
                    {PERIOD_LABELS[r.period]}, {r.project_env === 'prod' ? 'production' : 'testing'}, {r.tz}
                    {r.enabled ? '' : ', not scheduled'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ wordBreak: 'break-word' }}>
                    {r.recipients.join(', ')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <LastSend send={r.last_send} />
                </Table.Td>
                <Table.Td>
                  {canEdit && (
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconSend size={14} />}
                        loading={state.matches('sending') && busyId === r.id}
                        disabled={!canAct}
                        onClick={() => actor.send({ type: 'report.send', id: r.id })}
                      >
                        Send now
                      </Button>
                      <Tooltip label="Edit">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Edit ${r.name}`}
                          disabled={!canAct}
                          onClick={() => actor.send({ type: 'report.open', report: r })}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Delete">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${r.name}`}
                          loading={state.matches('deleting') && busyId === r.id}
                          disabled={!canAct}
                          onClick={() => actor.send({ type: 'report.delete', id: r.id })}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
            {reports.length === 0 && !state.hasTag('loading') && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text c="dimmed">No email reports yet. Add one to get the figures by email.</Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      )}
      <EmailReportModal actor={actor} />
    </Stack>
  );
}
