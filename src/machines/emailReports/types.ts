import type { EmailReport } from '../../api/contract/email-reports.ts';
import type { EmailReportDraft } from './draft.ts';

export type EmailReportsEvent =
  | { type: 'reports.retry' }
  /** 'Add report' (no report: the defaults) or a row's Edit (that report). */
  | { type: 'report.open'; report?: EmailReport }
  | { type: 'report.change'; field: keyof EmailReportDraft; value: EmailReportDraft[keyof EmailReportDraft] }
  | { type: 'report.save' }
  | { type: 'report.cancel' }
  | { type: 'report.send'; id: number }
  | { type: 'report.delete'; id: number };

export type Notice = { title: string; message?: string; color: 'red' | 'green' };

export interface EmailReportsContext {
  reports: EmailReport[];
  /** The report being edited (null: a new one) and its form. */
  editingId: number | null;
  draft: EmailReportDraft;
  /** Save was pressed: every field's problem shows. */
  attempted: boolean;
  /** The server's reason for refusing the last save. */
  serverError: string | null;
  /** The report being sent or deleted. */
  busyId: number | null;
}
