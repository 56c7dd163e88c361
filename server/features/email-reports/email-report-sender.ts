import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { EmailReportSend } from '../../../src/api/contract/email-reports.ts';
import type { Db } from '../../db/database.ts';
import { getStats } from '../stats/stats.ts';
import { emailReportById, enabledEmailReports } from './email-reports.ts';
import {
  type SendRow,
  claimDueSend,
  recordAttempt,
  scheduleSend,
  sendView,
  startTestSend,
} from './email-report-sends.ts';
import { reportMessage } from './report-message.ts';
import { lastWholePeriod } from './report-period.ts';
import { statsPeriod } from '../stats/stats-period.ts';
import type { Mailer } from './smtp-mailer.ts';

export const NOT_CONFIGURED =
  'Email is not configured on the server: set SMTP_URL (or SMTP_HOST) and SMTP_FROM, then try again.';

/** Waits before the 2nd, 3rd, ... attempt of a scheduled mailing after a failure that may pass; then it fails. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000];
/** How long a process holds a mailing it is sending; a process that died loses it after this. */
const LEASE_MS = 5 * 60_000;

export interface EmailReportSenderOptions {
  db: Db;
  /** Null when no SMTP server is configured: nothing is scheduled, "Send now" says so. */
  mailer: Mailer | null;
  tickMs: number;
  now?: () => Date;
  retryDelaysMs?: number[];
  log?: (message: string, error?: unknown) => void;
}

/**
 * Mails email reports (issue 37 §2). Every instance runs one: each tick adds the mailing of every enabled report's
 * last whole period (one row per report and period, whoever adds it first), then sends the due mailings it can
 * take. "Send now" sends a test mailing at once, in the request.
 */
export class EmailReportSender {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly db: Db;
  private readonly mailer: Mailer | null;
  private readonly tickMs: number;
  private readonly now: () => Date;
  private readonly retryDelaysMs: number[];
  private readonly log: (message: string, error?: unknown) => void;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;

  constructor(o: EmailReportSenderOptions) {
    this.db = o.db;
    this.mailer = o.mailer;
    this.tickMs = o.tickMs;
    this.now = o.now ?? (() => new Date());
    this.retryDelaysMs = o.retryDelaysMs ?? RETRY_DELAYS_MS;
    this.log = o.log ?? ((message, error) => console.error(message, error ?? ''));
  }

  start(): void {
    if (this.timer || !this.mailer) return;
    const loop = () => {
      this.timer = setTimeout(() => {
        this.ticking = this.tick()
          .catch((error) => this.log('email reports: cannot send', error))
          .finally(() => {
            this.ticking = null;
            if (this.timer) loop();
          });
      }, this.tickMs);
      this.timer.unref?.();
    };
    loop();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
    this.mailer?.close();
  }

  /** Adds the due periods' mailings and sends what is due; resolves when this process has nothing more to send. */
  async tick(): Promise<void> {
    if (!this.mailer) return;
    const now = this.now();
    for (const report of await enabledEmailReports(this.db)) {
      const days = lastWholePeriod(report.period, report.tz, now);
      // Only periods that ended after the report was made: a new weekly report starts with this week.
      if (statsPeriod(days.from, days.to, report.tz).end > report.created_at) {
        await scheduleSend(this.db, report.id, days, now);
      }
    }
    for (;;) {
      const send = await claimDueSend(this.db, this.workerId, this.now(), LEASE_MS);
      if (!send) break;
      await this.deliver(send);
    }
  }

  /** "Send now": the last whole period, to every recipient, at once; answers how it went. */
  async sendNow(projectId: number, reportId: number): Promise<EmailReportSend> {
    const report = await emailReportById(this.db, projectId, reportId);
    const now = this.now();
    const send = await startTestSend(
      this.db,
      report.id,
      lastWholePeriod(report.period, report.tz, now),
      this.workerId,
      now,
      LEASE_MS,
    );
    return sendView(await this.deliver(send));
  }

  /** One attempt of a mailing this process holds: the figures of GET /stats, mailed to whoever lacks them. */
  private async deliver(send: SendRow): Promise<SendRow> {
    let outcome: { accepted: string[]; error: string | null; transient: boolean };
    try {
      const report = await this.db
        .selectFrom('email_reports')
        .innerJoin('projects', 'projects.id', 'email_reports.project_id')
        .select(['email_reports.id', 'email_reports.project_id', 'projects.name as project_name'])
        .where('email_reports.id', '=', send.report_id)
        .executeTakeFirstOrThrow();
      const stored = await emailReportById(this.db, report.project_id, report.id);
      const stats = await getStats(this.db, report.project_id, {
        project_env: stored.project_env,
        from: send.period_from,
        to: send.period_to,
        tz: stored.tz,
      });
      const message = reportMessage({ ...stored, projectName: report.project_name }, stats);
      const remaining = stored.recipients.filter((r) => !send.delivered.includes(r));
      outcome = this.mailer
        ? await this.mailer.send(remaining, message)
        : { accepted: [], error: NOT_CONFIGURED, transient: false };
      if (outcome.error === null) outcome.accepted = remaining;
    } catch (error) {
      this.log(`email report mailing ${send.id} failed`, error);
      outcome = {
        accepted: [],
        error: `The report could not be prepared: ${error instanceof Error ? error.message : String(error)}`,
        transient: true,
      };
    }
    const now = this.now();
    const delivered = [...new Set([...send.delivered, ...outcome.accepted])];
    const retry =
      outcome.error !== null &&
      outcome.transient &&
      send.kind === 'scheduled' &&
      send.attempts <= this.retryDelaysMs.length;
    const recorded = await recordAttempt(this.db, send.id, this.workerId, {
      delivered,
      status: outcome.error === null ? 'sent' : retry ? 'retrying' : 'failed',
      error: outcome.error,
      nextAttemptAt: retry ? new Date(now.getTime() + this.retryDelaysMs[send.attempts - 1]) : null,
      now,
    });
    return recorded ?? send;
  }
}
