// Model-based test of the email reports screen: xstate/graph walks the chart, each path drives the real view.
import './documentFonts.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { createActor } from 'xstate';
import { expect, it } from 'vitest';
import type { EmailReport, EmailReportBody, EmailReportSend } from '../../src/api/contract/email-reports.ts';
import { isValidReport } from '../../src/machines/emailReports/draft.ts';
import {
  CANNOT_LOAD_REPORTS,
  REPORT_DELETED,
  REPORT_SAVED,
  REPORT_SENT,
  emailReportsMachine,
} from '../../src/machines/emailReports/machine.ts';
import { EmailReportsView } from '../../src/screens/emailReports/EmailReportsView.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';
import { renderActorView } from './renderActorView.tsx';

const REFUSED = 'The SMTP server 127.0.0.1:25 refused some recipients: nobody@example.com: 550 No such user';
const report: EmailReport = {
  id: 4,
  name: 'Monday figures',
  project_env: 'prod',
  period: 'weekly',
  tz: 'Europe/Prague',
  recipients: ['ops@example.com', 'nobody@example.com'],
  sections: ['headline', 'top_intents'],
  enabled: true,
  last_send: {
    kind: 'scheduled',
    from: '2026-11-16',
    to: '2026-11-22',
    status: 'failed',
    attempts: 1,
    delivered: ['ops@example.com'],
    error: REFUSED,
    at: '2026-11-23T00:05:00.000Z',
    next_attempt_at: null,
  },
};
const sent: EmailReportSend = { ...report.last_send!, kind: 'test', status: 'sent', error: null };

const loadReports = createDeferredActor<EmailReport[], void>({ output: [report], error: new Error('offline') });
const saveReport = createDeferredActor<{ id: number }, { id: number | null; body: EmailReportBody }>({
  output: { id: 4 },
  error: new Error('Unknown time zone.'),
});
const deleteReport = createDeferredActor<unknown, { id: number }>({
  output: { status: 'ok' },
  error: new Error('500'),
});
const sendReport = createDeferredActor<EmailReportSend, { id: number }>({ output: sent, error: new Error('offline') });
const notices: string[] = [];
const machine = emailReportsMachine.provide({
  actors: {
    loadReports: loadReports.logic,
    saveReport: saveReport.logic,
    deleteReport: deleteReport.logic,
    sendReport: sendReport.logic,
  },
  actions: { notify: (_, params) => notices.push(params.title) },
});

const dialog = () => screen.getByRole('dialog');
const nameField = () => within(dialog()).getByLabelText(/^Name/) as HTMLInputElement;
const row = () => screen.getByRole('row', { name: report.name });

const executors = {
  'reports.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Retry' })),
  'report.open': ({ user, event }) =>
    user.click(
      event.report
        ? screen.getByRole('button', { name: `Edit ${report.name}` })
        : screen.getByRole('button', { name: 'Add report' }),
    ),
  'report.change': ({ event }) => {
    const input = nameField();
    if (input.value === String(event.value)) fireEvent.change(input, { target: { value: `${event.value}?` } });
    fireEvent.change(input, { target: { value: String(event.value) } });
  },
  'report.save': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Save' })),
  'report.cancel': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
  'report.send': ({ user }) => user.click(within(row()).getByRole('button', { name: 'Send now' })),
  'report.delete': ({ user }) => user.click(screen.getByRole('button', { name: `Delete ${report.name}` })),
} satisfies ModelExecutors<typeof machine>;

const states: StateAssertions<typeof machine> = {
  loading: () => {
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add report' })).toBeDisabled();
  },
  failed: () => {
    expect(screen.getByText(CANNOT_LOAD_REPORTS)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  },
  ready: () => {
    expect(screen.queryByRole('dialog')).toBeNull();
    // The last mailing and why it failed, on the screen.
    expect(row()).toHaveTextContent('failed');
    expect(row()).toHaveTextContent(REFUSED);
    expect(row()).toHaveTextContent('ops@example.com, nobody@example.com');
    expect(within(row()).getByRole('button', { name: 'Send now' })).toBeEnabled();
    if (notices.length > 0)
      expect([REPORT_SAVED, REPORT_SENT, REPORT_DELETED, 'Email report not sent']).toContain(notices.at(-1));
  },
  editing: (state) => {
    const { draft, editingId, attempted } = state.context;
    expect(dialog()).toHaveTextContent(editingId === null ? 'New email report' : 'Edit email report');
    expect(nameField().value).toBe(draft.name);
    if (attempted && draft.name.trim() === '') expect(dialog()).toHaveTextContent('Report name cannot be empty.');
    if (attempted && !isValidReport(draft))
      expect(within(dialog()).getAllByText(/./, { selector: '.mantine-InputWrapper-error' }).length).toBeGreaterThan(0);
    if (state.context.serverError) expect(dialog()).toHaveTextContent(state.context.serverError);
  },
  saving: (state) => {
    expect(within(dialog()).getByRole('button', { name: 'Save' })).toHaveAttribute('data-loading');
    expect(saveReport.calls.at(-1)?.id).toBe(state.context.editingId);
  },
  sending: () => {
    expect(within(row()).getByRole('button', { name: 'Send now' })).toHaveAttribute('data-loading');
    expect(sendReport.calls.at(-1)).toEqual({ id: report.id });
  },
  deleting: () => {
    expect(screen.getByRole('button', { name: `Delete ${report.name}` })).toHaveAttribute('data-loading');
    expect(deleteReport.calls.at(-1)).toEqual({ id: report.id });
  },
};

describeModel({
  name: 'emailReports',
  machine,
  render: (m) => {
    notices.length = 0;
    return renderActorView(m, EmailReportsView);
  },
  executors,
  states,
  invokes: { loadReports, saveReport, deleteReport, sendReport },
  events: [
    { type: 'report.open', report },
    { type: 'report.open' },
    { type: 'report.change', field: 'name', value: 'Weekly figures' },
    { type: 'report.send', id: report.id },
    { type: 'report.delete', id: report.id },
  ],
  serializeContext: (c) => ({
    editing: c.editingId,
    name: c.draft.name,
    attempted: c.attempted,
    valid: isValidReport(c.draft),
    serverError: c.serverError !== null,
    loaded: c.reports.length,
  }),
  paths: 'perTransition',
});

it('shows the reports read-only without PUT /email-reports: no Add, Send now, Edit or Delete', async () => {
  loadReports.reset();
  const actor = createActor(machine).start();
  render(
    <MantineProvider env="test">
      <EmailReportsView actor={actor} canEdit={false} />
    </MantineProvider>,
  );
  loadReports.resolve();
  await screen.findByRole('row', { name: report.name });
  expect(row()).toHaveTextContent(REFUSED);
  expect(screen.queryByRole('button', { name: 'Add report' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull();
  expect(screen.queryByRole('button', { name: `Edit ${report.name}` })).toBeNull();
  expect(screen.queryByRole('button', { name: `Delete ${report.name}` })).toBeNull();
  actor.stop();
});
