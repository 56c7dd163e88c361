import { Checkbox, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  EMAIL_REPORT_PERIODS,
  EMAIL_REPORT_SECTIONS,
  type EmailReportSection,
  MAX_RECIPIENTS,
  PERIOD_LABELS,
  SECTION_TITLES,
} from '../../api/contract/email-reports.ts';
import { type EmailReportDraft, reportErrors } from '../../machines/emailReports/draft.ts';
import type { emailReportsMachine } from '../../machines/emailReports/machine.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { LabelledSegmentedControl } from '../../ui/LabelledSegmentedControl.tsx';

/** The add/edit email report form: what is mailed, to whom, how often and in which time zone. */
export function EmailReportModal({ actor }: { actor: ActorRefFrom<typeof emailReportsMachine> }) {
  const state = useSelector(actor, (s) => s);
  const { draft, editingId, attempted, serverError } = state.context;
  const errors = attempted ? reportErrors(draft) : {};
  const change = <F extends keyof EmailReportDraft>(field: F, value: EmailReportDraft[F]) =>
    actor.send({ type: 'report.change', field, value });
  const opened = state.matches('editing') || state.matches('saving');
  return (
    <FormModal
      opened={opened}
      title={editingId === null ? 'New email report' : 'Edit email report'}
      saveError={serverError}
      saving={state.hasTag('busy')}
      onCancel={() => actor.send({ type: 'report.cancel' })}
      onSubmit={() => actor.send({ type: 'report.save' })}
    >
      <TextInput
        label="Name"
        required
        data-autofocus
        value={draft.name}
        error={errors.name}
        onChange={(e) => change('name', e.currentTarget.value)}
      />
      <LabelledSegmentedControl
        label="Environment"
        value={draft.project_env}
        onChange={(v) => change('project_env', v as EmailReportDraft['project_env'])}
        data={[
          { value: 'dev', label: 'Testing (dev)' },
          { value: 'prod', label: 'Production (prod)' },
        ]}
      />
      <Stack gap={4}>
        <LabelledSegmentedControl
          label="Period"
          value={draft.period}
          onChange={(v) => change('period', v as EmailReportDraft['period'])}
          data={EMAIL_REPORT_PERIODS.map((p) => ({ value: p, label: p[0]!.toUpperCase() + p.slice(1) }))}
        />
        <Text size="xs" c="dimmed">
          {PERIOD_LABELS[draft.period]}, mailed once it has ended.
        </Text>
      </Stack>
      <TextInput
        label="Time zone"
        description="IANA name, e.g. Europe/Prague: the days of the period are counted in it."
        value={draft.tz}
        error={errors.tz}
        onChange={(e) => change('tz', e.currentTarget.value)}
      />
      <Textarea
        label="Recipients"
        description={`Email addresses, one per line (at most ${MAX_RECIPIENTS}).`}
        autosize
        minRows={2}
        value={draft.recipients}
        error={errors.recipients}
        onChange={(e) => change('recipients', e.currentTarget.value)}
      />
      <Checkbox.Group
        label="Sections"
        value={draft.sections}
        error={errors.sections}
        onChange={(v) => change('sections', v as EmailReportSection[])}
      >
        <Stack gap={6} mt={6}>
          {EMAIL_REPORT_SECTIONS.map((s) => (
            <Checkbox key={s} value={s} label={SECTION_TITLES[s]} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Switch
        label="Send on schedule (after each period ends)"
        checked={draft.enabled}
        onChange={(e) => change('enabled', e.currentTarget.checked)}
      />
    </FormModal>
  );
}
