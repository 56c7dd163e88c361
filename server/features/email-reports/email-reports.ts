import {
  EMAIL_REPORT_NOT_FOUND,
  type EmailReport,
  type EmailReportBody,
  type EmailReportSection,
} from '../../../src/api/contract/email-reports.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../domain-errors.ts';
import { resourceAt } from '../../history/resource-history.ts';
import { recordRevision } from '../../history/revisions.ts';
import { lastSends } from './email-report-sends.ts';

export const EMAIL_REPORTS_RESOURCE = '/email-reports';

/** Who changes reports, when (the write's atime) and in which project. */
interface ReportWrite {
  projectId: number;
  atime: number;
  userId: number | null;
}

/** A stored report with its project (the sender reads it). */
export interface StoredReport extends EmailReportBody {
  id: number;
  project_id: number;
  created_at: Date;
}

const columns = [
  'id',
  'project_id',
  'name',
  'project_env',
  'period',
  'tz',
  'recipients',
  'sections',
  'enabled',
  'created_at',
] as const;

const toStored = (r: Omit<StoredReport, 'sections'> & { sections: string[] }): StoredReport => ({
  ...r,
  sections: r.sections as EmailReportSection[],
});

/** The project's reports with their last mailing, or as they were at `mtime` (History, without mailings). */
export async function listEmailReports(db: Db, projectId: number, mtime?: number): Promise<EmailReport[]> {
  if (mtime !== undefined) {
    return (await resourceAt<EmailReportBody & { id: number }>(db, projectId, EMAIL_REPORTS_RESOURCE, mtime)).map(
      (i) => ({ ...i.data, last_send: null }),
    );
  }
  const rows = (
    await db.selectFrom('email_reports').select(columns).where('project_id', '=', projectId).orderBy('id').execute()
  ).map(toStored);
  const sends = await lastSends(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(({ project_id: _p, created_at: _c, ...r }) => ({ ...r, last_send: sends.get(r.id) ?? null }));
}

/** A report of the project, or 404. */
export async function emailReportById(db: Db, projectId: number, id: number): Promise<StoredReport> {
  const row = await db
    .selectFrom('email_reports')
    .select(columns)
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw notFound(EMAIL_REPORT_NOT_FOUND);
  return toStored(row);
}

/** Every report that mails on schedule, in every project (the sender's look for due periods). */
export async function enabledEmailReports(db: Db): Promise<StoredReport[]> {
  return (await db.selectFrom('email_reports').select(columns).where('enabled', '=', true).orderBy('id').execute()).map(
    toStored,
  );
}

/** Creates (id -1) or updates a report; records the revision. */
export async function saveEmailReport(
  trx: Db,
  write: ReportWrite,
  id: number,
  body: EmailReportBody,
): Promise<{ id: number }> {
  const values = {
    name: body.name,
    project_env: body.project_env,
    period: body.period,
    tz: body.tz,
    recipients: JSON.stringify(body.recipients),
    sections: JSON.stringify(body.sections),
    enabled: body.enabled,
  };
  let savedId = id;
  if (id === -1) {
    ({ id: savedId } = await trx
      .insertInto('email_reports')
      .values({ project_id: write.projectId, ...values })
      .returning('id')
      .executeTakeFirstOrThrow());
  } else {
    const updated = await trx
      .updateTable('email_reports')
      .set(values)
      .where('id', '=', id)
      .where('project_id', '=', write.projectId)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw notFound(EMAIL_REPORT_NOT_FOUND);
  }
  await recordRevision(trx, {
    projectId: write.projectId,
    resource: EMAIL_REPORTS_RESOURCE,
    itemId: savedId,
    time: write.atime,
    userId: write.userId,
    data: { id: savedId, ...body },
  });
  return { id: savedId };
}

/** Deletes a report of the project (its mailings with it) and records the deletion for History and the audit. */
export async function deleteEmailReport(trx: Db, write: ReportWrite, id: number): Promise<void> {
  const gone = await trx
    .deleteFrom('email_reports')
    .where('id', '=', id)
    .where('project_id', '=', write.projectId)
    .returning('id')
    .executeTakeFirst();
  if (!gone) throw notFound(EMAIL_REPORT_NOT_FOUND);
  await recordRevision(trx, {
    projectId: write.projectId,
    resource: EMAIL_REPORTS_RESOURCE,
    itemId: id,
    time: write.atime,
    userId: write.userId,
    data: null,
    deleted: true,
  });
}
