import { fromPromise } from 'xstate';
import type { EmailReport, EmailReportBody, EmailReportSend } from '../../api/contract/email-reports.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`emailReports actor ${name} not provided`));

/** Typed placeholders; provide.ts gives the real API calls, tests give deferred fakes. */
export const emailReportsActors = {
  loadReports: fromPromise<EmailReport[], void>(notProvided('loadReports')),
  /** PUT /email-reports/-1 (id null) or /email-reports/{id}. */
  saveReport: fromPromise<{ id: number }, { id: number | null; body: EmailReportBody }>(notProvided('saveReport')),
  deleteReport: fromPromise<unknown, { id: number }>(notProvided('deleteReport')),
  sendReport: fromPromise<EmailReportSend, { id: number }>(notProvided('sendReport')),
};
