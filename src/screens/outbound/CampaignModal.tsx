import { NumberInput, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { HH_MM } from '../../api/contract/outbound.ts';
import { type CampaignField, campaignErrors } from '../../machines/campaign/draft.ts';
import type { campaignMachine } from '../../machines/campaign/machine.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { UnsavedChangesModal } from '../../ui/UnsavedChangesModal.tsx';
import { LabelledSegmentedControl } from '../../ui/LabelledSegmentedControl.tsx';

/** Every IANA zone the browser knows, UTC first (spec 2's windows are UTC; issue 38 lets a campaign choose). */
const TIME_ZONES = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];

/** The add/edit campaign modal (spec 2 §2): every field of a campaign, the spec's defaults for a new one. */
export function CampaignModal({ actor }: { actor: ActorRefFrom<typeof campaignMachine> }) {
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
