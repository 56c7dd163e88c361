import { callApi } from './client.ts';
import {
  type EmailReportBody,
  deleteEmailReport,
  getEmailReports,
  saveEmailReport,
  sendEmailReportNow,
} from './contract/email-reports.ts';

/** Email reports (issue 37 §2): the list with each report's last mailing, save, delete and "Send now". */
export const loadEmailReports = () => callApi(getEmailReports);

/** Creates (id null: PUT .../-1) or updates; 400 names what is wrong, the form shows it. */
export const putEmailReport = (id: number | null, body: EmailReportBody) =>
  callApi(saveEmailReport, { params: { id }, body, expectedStatuses: [400] });

export const removeEmailReport = (id: number) => callApi(deleteEmailReport, { params: { id } });

/** Mails the last whole period now; answers how it went (a refusal is an answer, not a failure). */
export const sendEmailReport = (id: number) => callApi(sendEmailReportNow, { params: { id } });
