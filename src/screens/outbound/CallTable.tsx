import { ActionIcon, Anchor, Badge, Group, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import type { CallStatus, CampaignCall } from '../../api/contract/outbound.ts';
import { isUndialled, lastOutcome, utcMinute } from '../../machines/outboundScreen/selectors.ts';
import { conversationHref } from '../../ui/conversationHref.ts';
import { useScrollViewport } from '../../ui/useScrollViewport.ts';

/** Every row is one line of this height, so the visible slice is plain arithmetic (thousands of calls). */
const ROW_HEIGHT = 36;
const OVERSCAN = 4;
const COLUMNS = '1.6fr 1.3fr 0.9fr 0.6fr 1fr 1.3fr 0.9fr 64px';

const STATUS_COLOURS: Record<CallStatus, string> = {
  queued: 'gray',
  dialling: 'blue',
  answered: 'teal',
  completed: 'green',
  failed: 'red',
};

const cell = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** One campaign's calls (issue 17): status, attempts, last SIP/provider outcome, the conversation of an answered call. */
export function CallTable({
  calls,
  projectId,
  onEdit,
  onRemove,
}: {
  calls: CampaignCall[];
  projectId: number | null;
  /** Given when the user may edit the campaign: a call not dialled yet can be changed or removed. */
  onEdit?: (call: CampaignCall) => void;
  onRemove?: (call: CampaignCall) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const { top, height } = useScrollViewport(scroller, calls.length > 0);
  const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(calls.length - 1, Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN);
  const grid = { display: 'grid', gridTemplateColumns: COLUMNS, gap: 8, alignItems: 'center' } as const;
  return (
    <div ref={scroller} style={{ maxHeight: 420, overflowY: 'auto' }} data-testid="call-rows">
      <table aria-label="Calls" aria-rowcount={calls.length + 1} style={{ display: 'block', width: '100%' }}>
        <thead
          style={{ display: 'block', position: 'sticky', top: 0, zIndex: 1, background: 'var(--mantine-color-gray-0)' }}
        >
          <tr aria-rowindex={1} style={{ ...grid, padding: '6px 8px' }}>
            {['Destination', 'Scheduled', 'Status', 'Attempts', 'Last outcome', 'Next attempt', 'Conversation', ''].map(
              (h) => (
                <th key={h || 'actions'} style={{ textAlign: 'left' }}>
                  <Text size="sm" fw={600}>
                    {h}
                  </Text>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody style={{ display: 'block', height: calls.length * ROW_HEIGHT, position: 'relative' }}>
          {calls.slice(first, last + 1).map((call, slot) => {
            const index = first + slot;
            return (
              <tr
                key={call.id}
                aria-rowindex={index + 2}
                style={{
                  ...grid,
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  height: ROW_HEIGHT,
                  transform: `translateY(${index * ROW_HEIGHT}px)`,
                  padding: '0 8px',
                  borderBottom: '1px solid var(--mantine-color-gray-2)',
                }}
              >
                <td style={cell} title={call.destination}>
                  <Text span size="sm" ff="monospace">
                    {call.destination}
                  </Text>
                </td>
                <td style={cell}>
                  <Text span size="sm">
                    {utcMinute(call.scheduled_time)}
                  </Text>
                </td>
                <td>
                  <Badge variant="light" color={STATUS_COLOURS[call.status]}>
                    {call.status}
                  </Badge>
                </td>
                <td>
                  <Text span size="sm">
                    {call.attempts}
                  </Text>
                </td>
                <td style={cell}>
                  <Text span size="sm">
                    {lastOutcome(call)}
                  </Text>
                </td>
                <td style={cell}>
                  <Text span size="sm">
                    {call.status === 'queued' ? utcMinute(call.next_attempt_at) : '–'}
                  </Text>
                </td>
                <td style={cell}>
                  {call.conversation_id ? (
                    <Anchor href={conversationHref(call.conversation_id, projectId)} size="sm">
                      Open
                    </Anchor>
                  ) : (
                    <Text span size="sm">
                      –
                    </Text>
                  )}
                </td>
                <td>
                  {onEdit && onRemove && isUndialled(call) && (
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        aria-label={`Change the call to ${call.destination}`}
                        onClick={() => onEdit(call)}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        color="red"
                        aria-label={`Remove the call to ${call.destination}`}
                        onClick={() => onRemove(call)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
