import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPhoneOff, IconPhoneOutgoing, IconPlus, IconRefresh, IconX } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  type CampaignCall,
  type CampaignItem,
  NO_DIALLER_TEXT,
  NO_DIALLER_TITLE,
  SCHEDULED_TIME_EXAMPLE,
} from '../../api/contract/outbound.ts';
import type { callImportMachine } from '../../machines/callImport/machine.ts';
import type { campaignMachine } from '../../machines/campaign/machine.ts';
import type { doNotCallMachine } from '../../machines/doNotCall/machine.ts';
import type { outboundScreenMachine } from '../../machines/outboundScreen/machine.ts';
import { windowLabel } from '../../machines/outboundScreen/selectors.ts';
import { GuidedEmpty } from '../../ui/GuidedEmpty.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { CallImportModal } from './CallImportModal.tsx';
import { DoNotCallModal } from './DoNotCallModal.tsx';
import { CallTable } from './CallTable.tsx';
import { CampaignModal } from './CampaignModal.tsx';
import { CampaignsTable } from './CampaignsTable.tsx';

export const NO_CAMPAIGNS = 'No campaigns yet';
export const NO_CAMPAIGNS_SENTENCE = 'Create a campaign, import its call list, then start it.';
export const LOAD_FAILED = 'The campaigns could not be loaded.';
export const REFRESH_FAILED = 'The campaigns could not be refreshed; the table shows what was loaded before.';
export const NO_CALLS = 'No calls yet: import a call list.';

export interface OutboundViewProps {
  actor: ActorRefFrom<typeof outboundScreenMachine>;
  modal: ActorRefFrom<typeof campaignMachine>;
  importer: ActorRefFrom<typeof callImportMachine>;
  /** The project's do-not-call list (issue 38); absent in tests that do not show it. */
  doNotCall?: ActorRefFrom<typeof doNotCallMachine>;
  /** PUT /outbound/campaigns/{id}: add, edit, Start, Pause. */
  canEdit: boolean;
  /** DELETE /outbound/campaigns/{id}. */
  canDelete: boolean;
  /** POST /outbound/campaigns/{id}/upload. */
  canUpload: boolean;
  projectId: number | null;
}

/** /app/outbound: the campaign table, one campaign's calls, the modal, the import and the confirmations. */
export function OutboundView({
  actor,
  modal,
  importer,
  doNotCall,
  canEdit,
  canDelete,
  canUpload,
  projectId,
}: OutboundViewProps) {
  const state = useSelector(actor, (s) => s);
  const { send } = actor;
  const { campaigns, calls, selectedId, target, stale, dialler, callTarget, callDraft, callError } = state.context;
  const noDialler = dialler?.places_calls === false;
  const ready = state.matches({ ready: 'idle' }) || state.matches({ ready: 'refreshing' });
  const byId = (id: number | null) => campaigns.find((c) => c.id === id);
  const selected = byId(selectedId);
  const targeted = byId(target);
  const running =
    state.matches({ ready: 'starting' }) || state.matches({ ready: 'pausing' }) || state.matches({ ready: 'deleting' });
  const openModal = (campaign?: CampaignItem) => modal.send({ type: 'campaign.open', campaign });

  const body = (() => {
    if (state.matches('loading'))
      return (
        <Center mih={200}>
          <Loader aria-label="Loading campaigns" />
        </Center>
      );
    if (state.matches('loadFailed'))
      return (
        <Alert color="red" title={LOAD_FAILED}>
          <Button mt="sm" variant="light" onClick={() => send({ type: 'campaigns.reload' })}>
            Reload
          </Button>
        </Alert>
      );
    if (campaigns.length === 0)
      return (
        <GuidedEmpty
          title={NO_CAMPAIGNS}
          sentence={NO_CAMPAIGNS_SENTENCE}
          action="Add campaign"
          onAction={canEdit ? () => openModal() : undefined}
          icon={<IconPhoneOutgoing size={28} />}
          testId="outbound-empty"
        />
      );
    return (
      <CampaignsTable
        campaigns={campaigns}
        controls={{
          canEdit,
          canDelete,
          canUpload,
          ready,
          busyId: running ? target : null,
          selectedId,
          dialler,
          onStart: (c) => send({ type: 'campaign.start', id: c.id }),
          onPause: (c) => send({ type: 'campaign.pause', id: c.id }),
          onCalls: (c) => send({ type: 'campaign.select', id: c.id }),
          onImport: (c) => importer.send({ type: 'import.open', campaignId: c.id, campaignName: c.name }),
          onReport: (c) => send({ type: 'report.download', id: c.id }),
          onEdit: (c) => openModal(c),
          onDelete: (c) => send({ type: 'campaign.delete', id: c.id }),
        }}
      />
    );
  })();

  return (
    <Stack>
      <PageHeader
        icon={IconPhoneOutgoing}
        title="Outbound"
        description="Call campaigns: who is called, when, how often; the bot talks to whoever answers."
        actions={
          <Group gap="xs">
            {state.hasTag('refreshing') && <Loader size="xs" aria-label="Refreshing campaigns" />}
            {doNotCall && (
              <Button
                variant="default"
                size="xs"
                leftSection={<IconPhoneOff size={16} />}
                onClick={() => doNotCall.send({ type: 'doNotCall.open' })}
              >
                Do-not-call list
              </Button>
            )}
            <Tooltip label="Reload">
              <ActionIcon
                variant="subtle"
                aria-label="Reload campaigns"
                disabled={!state.matches({ ready: 'idle' })}
                onClick={() => send({ type: 'campaigns.reload' })}
              >
                <IconRefresh size={18} />
              </ActionIcon>
            </Tooltip>
            {canEdit && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => openModal()}>
                Add campaign
              </Button>
            )}
          </Group>
        }
      />
      {noDialler && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconPhoneOff size={18} />}
          title={NO_DIALLER_TITLE}
          data-testid="no-dialler"
        >
          {NO_DIALLER_TEXT}
        </Alert>
      )}
      {stale && (
        <Alert color="yellow" variant="light" role="alert">
          {REFRESH_FAILED}
        </Alert>
      )}
      {body}
      {selectedId !== null && (
        <Card withBorder padding="md" data-testid="campaign-calls">
          <Group justify="space-between" mb="sm">
            <Title order={4}>Calls of {selected?.name ?? `campaign ${selectedId}`}</Title>
            <ActionIcon
              variant="subtle"
              aria-label="Close the calls"
              onClick={() => send({ type: 'campaign.deselect' })}
            >
              <IconX size={18} />
            </ActionIcon>
          </Group>
          {calls?.campaignId !== selectedId ? (
            <Center mih={80}>
              <Loader size="sm" aria-label="Loading calls" />
            </Center>
          ) : calls.list.length === 0 ? (
            <Text c="dimmed" ta="center" p="md">
              {NO_CALLS}
            </Text>
          ) : (
            <CallTable
              calls={calls.list}
              projectId={projectId}
              {...(canEdit
                ? {
                    onEdit: (call: CampaignCall) => send({ type: 'call.edit', call }),
                    onRemove: (call: CampaignCall) => send({ type: 'call.remove', call }),
                  }
                : {})}
            />
          )}
        </Card>
      )}

      <CampaignModal actor={modal} dialler={dialler} />
      <CallImportModal actor={importer} />
      {doNotCall && <DoNotCallModal actor={doNotCall} canEdit={canEdit} />}

      <Modal
        opened={state.matches({ ready: 'confirmingDelete' })}
        onClose={() => send({ type: 'delete.cancel' })}
        title="Delete campaign"
      >
        <Stack>
          <Text style={{ wordBreak: 'break-word' }}>
            Delete {targeted?.name}? Its calls and their results go with it; calls in progress are hung up.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => send({ type: 'delete.cancel' })}>
              Cancel
            </Button>
            <Button color="red" onClick={() => send({ type: 'delete.confirm' })}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={state.matches({ ready: 'confirmingCallRemoval' })}
        onClose={() => send({ type: 'callRemoval.cancel' })}
        title="Remove call"
      >
        <Stack>
          <Text style={{ wordBreak: 'break-word' }}>
            Remove the call to {callTarget?.destination}? It has not been dialled yet and will not be.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => send({ type: 'callRemoval.cancel' })}>
              Cancel
            </Button>
            <Button color="red" onClick={() => send({ type: 'callRemoval.confirm' })}>
              Remove
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={state.matches({ ready: 'editingCall' }) || state.matches({ ready: 'savingCall' })}
        onClose={() => send({ type: 'callDraft.cancel' })}
        title="Change call"
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'callDraft.save' });
          }}
        >
          <Stack>
            <TextInput
              label="Destination"
              description="An E.164 number (+420777123456) or a SIP URI"
              value={callDraft.destination}
              onChange={(e) => send({ type: 'callDraft.change', field: 'destination', value: e.currentTarget.value })}
              data-autofocus
            />
            <TextInput
              label="Scheduled time"
              description={`As in the call list: ${SCHEDULED_TIME_EXAMPLE}`}
              value={callDraft.scheduledTime}
              onChange={(e) => send({ type: 'callDraft.change', field: 'scheduledTime', value: e.currentTarget.value })}
            />
            {callError && (
              <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
                {callError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => send({ type: 'callDraft.cancel' })}>
                Cancel
              </Button>
              <Button type="submit" loading={state.matches({ ready: 'savingCall' })}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <Modal
        opened={state.matches({ ready: 'confirmingStart' })}
        onClose={() => send({ type: 'start.cancel' })}
        title="Start campaign"
      >
        <Stack>
          {noDialler ? (
            <Text style={{ wordBreak: 'break-word' }}>
              Start {targeted?.name}? No dialler is configured (CAMPAIGN_DIALLER=none), so no call is placed: its{' '}
              {targeted?.pending ?? 0} pending calls wait, keeping their schedule, until the server has a dialler.
            </Text>
          ) : (
            <Text style={{ wordBreak: 'break-word' }}>
              Start {targeted?.name}? It places real calls ({targeted?.pending ?? 0} pending) in the{' '}
              {targeted?.project_env} environment, within {targeted ? windowLabel(targeted) : ''}. Calls cost money.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => send({ type: 'start.cancel' })}>
              Cancel
            </Button>
            <Button color="green" onClick={() => send({ type: 'start.confirm' })}>
              Start
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
