import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import { assign, setup } from 'xstate';
import type { EmailReport, EmailReportSend } from '../../api/contract/email-reports.ts';
import { emailReportsActors } from './actors.ts';
import { bodyOfDraft, draftOfReport, isValidReport, newReportDraft } from './draft.ts';
import type { EmailReportsContext, EmailReportsEvent, Notice } from './types.ts';

export const REPORT_SAVED = 'Email report saved';
export const REPORT_DELETED = 'Email report deleted';
export const REPORT_SENT = 'Email report sent';
export const REPORT_NOT_SENT = 'Email report not sent';
export const CANNOT_LOAD_REPORTS = 'Cannot load the email reports.';

const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message && !/^Call \w+ failed/.test(error.message) ? error.message : fallback;

type Open = Extract<EmailReportsEvent, { type: 'report.open' }>;
type Change = Extract<EmailReportsEvent, { type: 'report.change' }>;
type OnReport = Extract<EmailReportsEvent, { type: 'report.send' | 'report.delete' }>;

/** The email reports screen (issue 37 §2): the list with each report's last mailing, the form, Send now, delete. */
export const emailReportsMachine = setup({
  types: { context: {} as EmailReportsContext, events: {} as EmailReportsEvent },
  actors: emailReportsActors,
  actions: {
    notify: (_, _params: Notice) => {},
    rememberReports: assign({ reports: (_, event: DoneActorEvent<EmailReport[]>) => event.output }),
    rememberDraft: assign((_, event: Open) => ({
      editingId: event.report?.id ?? null,
      draft: event.report ? draftOfReport(event.report) : newReportDraft(),
      attempted: false,
      serverError: null,
    })),
    changeDraft: assign(({ context }, event: Change) => ({
      draft: { ...context.draft, [event.field]: event.value },
      serverError: null,
    })),
    markAttempted: assign({ attempted: true }),
    rememberServerError: assign({
      serverError: (_, event: ErrorActorEvent) => errorMessage(event.error, 'The email report was not saved.'),
    }),
    rememberBusyReport: assign({ busyId: (_, event: OnReport) => event.id }),
    forgetBusyReport: assign({ busyId: null }),
  },
  guards: {
    isValid: ({ context }) => isValidReport(context.draft),
  },
}).createMachine({
  id: 'emailReports',
  description: 'The email reports of the project: list, add or edit, send now as a test, delete.',
  context: {
    reports: [],
    editingId: null,
    draft: newReportDraft(),
    attempted: false,
    serverError: null,
    busyId: null,
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The reports and their last mailings are being fetched.',
      tags: ['loading'],
      invoke: {
        id: 'loadReports',
        src: 'loadReports',
        onDone: { target: 'ready', actions: { type: 'rememberReports', params: ({ event }) => event } },
        onError: 'failed',
      },
    },
    failed: {
      description: 'The reports could not be loaded; Retry asks again.',
      on: { 'reports.retry': 'loading' },
    },
    ready: {
      description: 'The list: each report with its period, recipients and last mailing (or its error).',
      on: {
        'report.open': { target: 'editing', actions: { type: 'rememberDraft', params: ({ event }) => event } },
        'report.send': { target: 'sending', actions: { type: 'rememberBusyReport', params: ({ event }) => event } },
        'report.delete': { target: 'deleting', actions: { type: 'rememberBusyReport', params: ({ event }) => event } },
      },
    },
    editing: {
      description: "The report's form; its problems show after Save is pressed.",
      on: {
        'report.change': { actions: { type: 'changeDraft', params: ({ event }) => event } },
        'report.save': [{ guard: 'isValid', target: 'saving' }, { actions: 'markAttempted' }],
        'report.cancel': 'ready',
      },
    },
    saving: {
      description: 'The report is being created or updated.',
      tags: ['busy'],
      invoke: {
        id: 'saveReport',
        src: 'saveReport',
        input: ({ context }) => ({ id: context.editingId, body: bodyOfDraft(context.draft) }),
        onDone: { target: 'loading', actions: { type: 'notify', params: { title: REPORT_SAVED, color: 'green' } } },
        onError: { target: 'editing', actions: { type: 'rememberServerError', params: ({ event }) => event } },
      },
    },
    sending: {
      description: 'Send now: the last whole period is being mailed to the recipients as a test.',
      tags: ['busy'],
      invoke: {
        id: 'sendReport',
        src: 'sendReport',
        input: ({ context }) => ({ id: context.busyId ?? 0 }),
        onDone: {
          target: 'loading',
          actions: [
            {
              type: 'notify',
              params: ({ event }: { event: DoneActorEvent<EmailReportSend> }) =>
                event.output.status === 'sent'
                  ? { title: REPORT_SENT, message: `To ${event.output.delivered.join(', ')}`, color: 'green' }
                  : { title: REPORT_NOT_SENT, message: event.output.error ?? undefined, color: 'red' },
            },
            'forgetBusyReport',
          ],
        },
        onError: {
          target: 'loading',
          actions: [
            {
              type: 'notify',
              params: ({ event }) => ({
                title: REPORT_NOT_SENT,
                message: errorMessage(event.error, 'The server did not answer.'),
                color: 'red',
              }),
            },
            'forgetBusyReport',
          ],
        },
      },
    },
    deleting: {
      description: 'The report is being deleted.',
      tags: ['busy'],
      invoke: {
        id: 'deleteReport',
        src: 'deleteReport',
        input: ({ context }) => ({ id: context.busyId ?? 0 }),
        onDone: {
          target: 'loading',
          actions: [{ type: 'notify', params: { title: REPORT_DELETED, color: 'green' } }, 'forgetBusyReport'],
        },
        onError: { target: 'ready', actions: 'forgetBusyReport' },
      },
    },
  },
});
