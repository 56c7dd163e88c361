import { fromPromise } from 'xstate';
import { loadEmailReports, putEmailReport, removeEmailReport, sendEmailReport } from '../../api/emailReports.ts';
import { showNotice } from '../../console/notices.ts';
import { emailReportsMachine } from './machine.ts';

/** The email reports screen with the real API calls and Mantine notifications. */
export const providedEmailReportsMachine = emailReportsMachine.provide({
  actors: {
    loadReports: fromPromise(() => loadEmailReports()),
    saveReport: fromPromise(({ input }) => putEmailReport(input.id, input.body)),
    deleteReport: fromPromise(({ input }) => removeEmailReport(input.id)),
    sendReport: fromPromise(({ input }) => sendEmailReport(input.id)),
  },
  actions: { notify: (_, params) => showNotice(params) },
});
