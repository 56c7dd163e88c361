import { sql } from 'kysely';
import type { EmailReportSend } from '../../../src/api/contract/email-reports.ts';
import type { Db } from '../../db/database.ts';
import type { EmailReportSendStatus } from '../../db/schema.ts';
import type { ReportDays } from './report-period.ts';

/**
 * The ledger of mailings (the only writer of email_report_sends). A scheduled mailing is one row per report and
 * period (a unique index), so every instance may try to add it and only one row exists; a process takes a row by
 * compare-and-set under `FOR UPDATE SKIP LOCKED`, holds it for a lease, and records each attempt on it.
 */
export interface SendRow {
  id: number;
  report_id: number;
  kind: 'scheduled' | 'test';
  period_from: string;
  period_to: string;
  status: EmailReportSendStatus;
  attempts: number;
  delivered: string[];
  error: string | null;
  next_attempt_at: Date | null;
  finished_at: Date | null;
  created_at: Date;
}

const sendColumns = [
  'id',
  'report_id',
  'kind',
  'period_from',
  'period_to',
  'status',
  'attempts',
  'delivered',
  'error',
  'next_attempt_at',
  'finished_at',
  'created_at',
] as const;

/** Adds the scheduled mailing of a report's period unless it exists (on this or any other instance). */
export async function scheduleSend(db: Db, reportId: number, days: ReportDays, now: Date): Promise<void> {
  await sql`INSERT INTO email_report_sends (report_id, kind, period_from, period_to, status, next_attempt_at)
    VALUES (${reportId}, 'scheduled', ${days.from}, ${days.to}, 'queued', ${now})
    ON CONFLICT (report_id, period_from) WHERE kind = 'scheduled' DO NOTHING`.execute(db);
}

/**
 * Takes the oldest due mailing for `workerId` until `now + leaseMs`: queued, waiting for its retry, or held by a
 * process whose lease ran out (it died mid-send). Null when none is due.
 */
export async function claimDueSend(db: Db, workerId: string, now: Date, leaseMs: number): Promise<SendRow | null> {
  const { rows } = await sql<SendRow>`
    UPDATE email_report_sends SET status = 'sending', attempts = attempts + 1, locked_by = ${workerId},
      locked_until = ${new Date(now.getTime() + leaseMs)}
    WHERE id = (
      SELECT id FROM email_report_sends
      WHERE (status IN ('queued', 'retrying') AND next_attempt_at <= ${now})
        OR (status = 'sending' AND locked_until < ${now})
      ORDER BY id
      FOR UPDATE SKIP LOCKED
      LIMIT 1)
    RETURNING ${sql.join(sendColumns.map((c) => sql.ref(c)))}`.execute(db);
  return rows[0] ?? null;
}

/** A "Send now" test mailing, already held by `workerId` (it is sent at once, in the request). */
export async function startTestSend(
  db: Db,
  reportId: number,
  days: ReportDays,
  workerId: string,
  now: Date,
  leaseMs: number,
): Promise<SendRow> {
  return db
    .insertInto('email_report_sends')
    .values({
      report_id: reportId,
      kind: 'test',
      period_from: days.from,
      period_to: days.to,
      status: 'sending',
      attempts: 1,
      locked_by: workerId,
      locked_until: new Date(now.getTime() + leaseMs),
    })
    .returning(sendColumns)
    .executeTakeFirstOrThrow();
}

/**
 * Records how an attempt went, if `workerId` still holds the mailing: who has it now, and its status (sent only
 * when every recipient has it), the error, and when to try again.
 */
export async function recordAttempt(
  db: Db,
  sendId: number,
  workerId: string,
  outcome: {
    delivered: string[];
    status: 'sent' | 'retrying' | 'failed';
    error: string | null;
    nextAttemptAt: Date | null;
    now: Date;
  },
): Promise<SendRow | undefined> {
  return db
    .updateTable('email_report_sends')
    .set({
      delivered: JSON.stringify(outcome.delivered),
      status: outcome.status,
      error: outcome.error?.slice(0, 2000) ?? null,
      next_attempt_at: outcome.nextAttemptAt,
      finished_at: outcome.now,
      locked_by: null,
      locked_until: null,
    })
    .where('id', '=', sendId)
    .where('locked_by', '=', workerId)
    .returning(sendColumns)
    .executeTakeFirst();
}

export function sendView(row: SendRow): EmailReportSend {
  return {
    kind: row.kind,
    from: row.period_from,
    to: row.period_to,
    status: row.status,
    attempts: row.attempts,
    delivered: row.delivered,
    error: row.error,
    at: (row.finished_at ?? row.created_at).toISOString(),
    next_attempt_at: row.status === 'retrying' && row.next_attempt_at ? row.next_attempt_at.toISOString() : null,
  };
}

/** Each report's latest mailing, scheduled or test. */
export async function lastSends(db: Db, reportIds: number[]): Promise<Map<number, EmailReportSend>> {
  if (reportIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('email_report_sends')
    .select(sendColumns)
    .where('report_id', 'in', reportIds)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('email_report_sends')
        .select((e) => e.fn.max('id').as('id'))
        .where('report_id', 'in', reportIds)
        .groupBy('report_id'),
    )
    .execute();
  return new Map(rows.map((r) => [r.report_id, sendView(r)]));
}

/** A report's mailings, newest first (tests, the screen's history). */
export async function sendsOf(db: Db, reportId: number): Promise<SendRow[]> {
  return db
    .selectFrom('email_report_sends')
    .select(sendColumns)
    .where('report_id', '=', reportId)
    .orderBy('id', 'desc')
    .execute();
}
