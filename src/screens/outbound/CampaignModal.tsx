import { NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { HH_MM, type OutboundDialler } from '../../api/contract/outbound.ts';
import { type CampaignField, campaignErrors } from '../../machines/campaign/draft.ts';
import type { campaignMachine } from '../../machines/campaign/machine.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { UnsavedChangesModal } from '../../ui/UnsavedChangesModal.tsx';
import { LabelledSegmentedControl } from '../../ui/LabelledSegmentedControl.tsx';

/** Every IANA zone the browser knows, UTC first (spec 2's windows are UTC; issue 38 lets a campaign choose). */
const TIME_ZONES = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];

/** Issue 38: what the answering-machine choice does, and where it does nothing. */
export const ANSWERING_MACHINE_HELP =
  'Detected by the voice gateway (Twilio or jambonz). "Leave a message" plays the start reaction\'s words after the ' +
  'beep, then hangs up. Either way the call\'s outcome is "machine".';
export const ANSWERING_MACHINE_OVER_SIP =
  'This server dials over SIP, which cannot detect answering machines: every answer is treated as a person, whatever ' +
  'is chosen here.';

/**
 * The add/edit campaign modal (spec 2 §2): every field of a campaign, the spec's defaults for a new one. `dialler`:
 * the server's, so the form can say what it cannot do (SIP has no answering-machine detection).
 */
export function CampaignModal({
  actor,
  dialler = null,
}: {
  actor: ActorRefFrom<typeof campaignMachine>;
  dialler?: OutboundDialler | null;
}) {
  const state = useSelector(actor, (s) => s);
  const { send } = actor;
  const { draft, id, attempted, touched, serverError } = state.context;
  const errors = campaignErrors(draft);
  const shown = (field: CampaignField) => (attempted || touched.includes(field) ? errors[field] : undefined);
  const change = (field: CampaignField) => (value: string | number) => send({ type: 'campaign.change', field, value });
  const saving = state.hasTag('busy');
  const crossesMidnight =
    HH_MM.test(draft.call_time_from) && HH_MM.test(draft.call_time_to) && draft.call_time_to < draft.call_time_from;

  return (
    <>
      <UnsavedChangesModal opened={state.hasTag('asking')} onAnswer={(type) => send({ type })} />
      <FormModal
        opened={!state.matches('closed')}
        title={id === null ? 'New campaign' : 'Edit campaign'}
        saveError={serverError}
        saving={saving}
        onCancel={() => send({ type: 'campaign.cancel' })}
        onSubmit={() => send({ type: 'campaign.save' })}
      >
        <TextInput
          label="Name"
          required
          data-autofocus
          value={draft.name}
          error={shown('name')}
          onChange={(e) => change('name')(e.currentTarget.value)}
        />
        <LabelledSegmentedControl
          label="Environment"
          value={draft.project_env}
          onChange={change('project_env')}
          data={[
            { value: 'dev', label: 'Testing (dev)' },
            { value: 'prod', label: 'Production (prod)' },
          ]}
        />
        <SimpleGrid cols={3}>
          <TextInput
            label="Call from"
            placeholder="09:00"
            value={draft.call_time_from}
            error={shown('call_time_from')}
            onChange={(e) => change('call_time_from')(e.currentTarget.value)}
          />
          <TextInput
            label="Call to"
            placeholder="17:00"
            value={draft.call_time_to}
            error={shown('call_time_to')}
            onChange={(e) => change('call_time_to')(e.currentTarget.value)}
          />
          <Select
            label="Time zone"
            searchable
            allowDeselect={false}
            data={TIME_ZONES}
            value={draft.time_zone}
            error={shown('time_zone')}
            onChange={(value) => value && change('time_zone')(value)}
          />
        </SimpleGrid>
        {crossesMidnight && (
          <Text size="xs" c="dimmed">
            The window crosses midnight: calls are placed from {draft.call_time_from} until {draft.call_time_to} the
            next day ({draft.time_zone} time).
          </Text>
        )}
        <Stack gap={4}>
          <LabelledSegmentedControl
            label="Answering machine"
            value={draft.answering_machine}
            onChange={change('answering_machine')}
            data={[
              { value: 'off', label: 'Off' },
              { value: 'hang-up', label: 'Hang up' },
              { value: 'message', label: 'Leave a message' },
            ]}
          />
          <Text size="xs" c={dialler?.kind === 'sip' ? 'orange' : 'dimmed'} data-testid="answering-machine-help">
            {dialler?.kind === 'sip' ? ANSWERING_MACHINE_OVER_SIP : ANSWERING_MACHINE_HELP}
          </Text>
          {shown('answering_machine') && (
            <Text size="xs" c="red">
              {shown('answering_machine')}
            </Text>
          )}
        </Stack>
        <SimpleGrid cols={3}>
          <NumberInput
            label="Retry interval (minutes)"
            allowDecimal={false}
            value={draft.retry_interval}
            error={shown('retry_interval')}
            onChange={change('retry_interval')}
          />
          <NumberInput
            label="Retry count"
            allowDecimal={false}
            value={draft.retry_count}
            error={shown('retry_count')}
            onChange={change('retry_count')}
          />
          <NumberInput
            label="Timeout (seconds)"
            allowDecimal={false}
            value={draft.timeout}
            error={shown('timeout')}
            onChange={change('timeout')}
          />
        </SimpleGrid>
        <NumberInput
          label="Calls at once"
          description="The most calls of this campaign in progress at the same time, across every server."
          allowDecimal={false}
          value={draft.max_concurrent}
          error={shown('max_concurrent')}
          onChange={change('max_concurrent')}
        />
        <TextInput
          label="Callback URL"
          description="Every final call outcome is POSTed here as signed JSON. Leave empty for none."
          placeholder="https://example.com/campaign-results"
          value={draft.callback_url}
          error={shown('callback_url')}
          onChange={(e) => change('callback_url')(e.currentTarget.value)}
        />
      </FormModal>
    </>
  );
}
