import { ActionIcon, Badge, Button, Group, Progress, Table, Text, Tooltip } from '@mantine/core';
import {
  IconDownload,
  IconList,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import type { CampaignItem, OutboundDialler } from '../../api/contract/outbound.ts';
import { campaignStateLabel, progressPercent, windowLabel } from '../../machines/outboundScreen/selectors.ts';

export interface CampaignRowControls {
  canEdit: boolean;
  canDelete: boolean;
  canUpload: boolean;
  /** No other action is running (confirmations, deletes, state changes, downloads). */
  ready: boolean;
  /** The campaign an action is running for (its button spins). */
  busyId: number | null;
  selectedId: number | null;
  /** The server's dialler: without one a started campaign shows it is waiting. */
  dialler: OutboundDialler | null;
  onStart: (c: CampaignItem) => void;
  onPause: (c: CampaignItem) => void;
  onCalls: (c: CampaignItem) => void;
  onImport: (c: CampaignItem) => void;
  onReport: (c: CampaignItem) => void;
  onEdit: (c: CampaignItem) => void;
  onDelete: (c: CampaignItem) => void;
}

function ProgressCell({ campaign }: { campaign: CampaignItem }) {
  const { queued, in_progress, completed, failed } = campaign.progress;
  return (
    <div>
      <Progress value={progressPercent(campaign)} size="sm" aria-label={`${campaign.name} progress`} />
      <Text size="xs" c="dimmed" mt={2} data-testid="campaign-progress">
        {queued} queued · {in_progress} in progress · {completed} completed · {failed} failed
      </Text>
    </div>
  );
}

/** The campaign table (spec 2 §2, issue 17): each row's figures and, as the user's grants allow, its controls. */
export function CampaignsTable({ campaigns, controls }: { campaigns: CampaignItem[]; controls: CampaignRowControls }) {
  const { canEdit, canDelete, canUpload, ready, busyId, selectedId, dialler } = controls;
  return (
    <Table striped highlightOnHover aria-label="Campaigns" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Env</Table.Th>
          <Table.Th>Window</Table.Th>
          <Table.Th>Retries</Table.Th>
          <Table.Th>Timeout</Table.Th>
          <Table.Th>Pending</Table.Th>
          <Table.Th miw={200}>Progress</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th aria-label="Actions" />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {campaigns.map((c) => {
          const running = c.state === 'running';
          const label = campaignStateLabel(c, dialler);
          const waiting = running && label !== c.state;
          return (
            <Table.Tr key={c.id} bg={selectedId === c.id ? 'var(--mantine-color-indigo-light)' : undefined}>
              <Table.Td fw={500} miw={140} style={{ overflowWrap: 'anywhere' }}>
                {c.name}
              </Table.Td>
              <Table.Td>{c.project_env}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{windowLabel(c)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {c.retry_count} × {c.retry_interval} min
              </Table.Td>
              <Table.Td>{c.timeout} s</Table.Td>
              <Table.Td data-testid="campaign-pending">{c.pending}</Table.Td>
              <Table.Td>
                <ProgressCell campaign={c} />
              </Table.Td>
              <Table.Td miw={100}>
                <Badge
                  color={waiting ? 'yellow' : running ? 'green' : 'gray'}
                  variant={running && !waiting ? 'filled' : 'light'}
                  radius={waiting ? 'sm' : undefined}
                  style={{ flexShrink: 0 }}
                  // "Waiting for a dialler" wraps in its narrow column rather than being cut to "WAITIN…".
                  styles={
                    waiting
                      ? { root: { height: 'auto' }, label: { whiteSpace: 'normal', overflow: 'visible' } }
                      : undefined
                  }
                  data-testid="campaign-state"
                >
                  {label}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {canEdit &&
                    (running ? (
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="orange"
                        leftSection={<IconPlayerPause size={14} />}
                        disabled={!ready}
                        loading={busyId === c.id}
                        onClick={() => controls.onPause(c)}
                      >
                        Pause
                      </Button>
                    ) : (
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="green"
                        leftSection={<IconPlayerPlay size={14} />}
                        disabled={!ready}
                        loading={busyId === c.id}
                        onClick={() => controls.onStart(c)}
                      >
                        Start
                      </Button>
                    ))}
                  <Tooltip label="Calls">
                    <ActionIcon variant="subtle" aria-label={`Calls of ${c.name}`} onClick={() => controls.onCalls(c)}>
                      <IconList size={18} />
                    </ActionIcon>
                  </Tooltip>
                  {canUpload && (
                    <Tooltip label="Import calls">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Import calls into ${c.name}`}
                        onClick={() => controls.onImport(c)}
                      >
                        <IconUpload size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  <Tooltip label="Download report">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Report of ${c.name}`}
                      disabled={!ready}
                      onClick={() => controls.onReport(c)}
                    >
                      <IconDownload size={18} />
                    </ActionIcon>
                  </Tooltip>
                  {canEdit && (
                    <Tooltip label="Edit">
                      <ActionIcon variant="subtle" aria-label={`Edit ${c.name}`} onClick={() => controls.onEdit(c)}>
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {canDelete && (
                    <Tooltip label="Delete">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${c.name}`}
                        disabled={!ready}
                        onClick={() => controls.onDelete(c)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
