import { z } from 'zod';
import { mtimeQuery } from './audit.ts';
import { defineCall, grant } from './call.ts';
import { idResponse, okResponse, projectEnv, scopeQuery } from './common.ts';
import { rowIdOrNewParam, rowIdParam } from './row-id.ts';
import { plainText } from './settings.ts';
import { isTimeZone } from './stats.ts';

/**
 * Issue 37 §2: the spec's "email reports" store (spec 1 §5 lists it beside campaigns, knowledges and stats). A report
 * mails one environment's dashboard figures (GET /stats) for the last whole day, week or month to its recipients.
 */

export const EMAIL_REPORT_NOT_FOUND = 'Email report not found.';
export const MAX_RECIPIENTS = 20;

export const EMAIL_REPORT_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type EmailReportPeriod = (typeof EMAIL_REPORT_PERIODS)[number];
export const PERIOD_LABELS: Record<EmailReportPeriod, string> = {
  daily: 'Daily (yesterday)',
  weekly: 'Weekly (last Monday to Sunday)',
  monthly: 'Monthly (last calendar month)',
};

export const EMAIL_REPORT_SECTIONS = ['headline', 'top_intents', 'top_unclassified', 'knowledge', 'campaigns'] as const;
export type EmailReportSection = (typeof EMAIL_REPORT_SECTIONS)[number];
export const SECTION_TITLES: Record<EmailReportSection, string> = {
  headline: 'Headline figures',
  top_intents: 'Top intents',
  top_unclassified: 'Top unclassified phrases',
  knowledge: 'Knowledge base: answered and not answered',
  campaigns: 'Campaign outcomes',
};

const recipient = z
  .string({ error: 'A recipient must be an email address.' })
  .trim()
  .toLowerCase()
  .pipe(z.email('A recipient is not a valid email address.').max(320));

export const emailReportBody = z.object({
  name: plainText('Report name', 80, 1)
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, 'Report name cannot be empty.'),
  project_env: projectEnv,
  period: z.enum(EMAIL_REPORT_PERIODS, { error: 'Period is daily, weekly or monthly.' }),
  tz: z
    .string({ error: 'Time zone must be text.' })
    .max(64, 'Unknown time zone.')
    .refine(isTimeZone, 'Unknown time zone.'),
  recipients: z
    .array(recipient, { error: 'Recipients must be a list of email addresses.' })
    .min(1, 'Add at least one recipient.')
    .max(MAX_RECIPIENTS, `At most ${MAX_RECIPIENTS} recipients.`)
    .refine((r) => new Set(r).size === r.length, 'A recipient is listed twice.'),
  sections: z
    .array(z.enum(EMAIL_REPORT_SECTIONS), { error: 'Sections must be a list of report sections.' })
    .min(1, 'Choose at least one section.')
    .refine((s) => new Set(s).size === s.length, 'A section is listed twice.'),
  /** Off: only "Send now" mails it. */
  enabled: z.boolean({ error: 'Enabled must be true or false.' }),
});
export type EmailReportBody = z.infer<typeof emailReportBody>;

export const SEND_STATUSES = ['queued', 'sending', 'retrying', 'sent', 'failed'] as const;
/** One mailing of a report: a scheduled period (sent once) or a "Send now" test. */
export const emailReportSend = z.object({
  kind: z.enum(['scheduled', 'test']),
  /** The period's days, in the report's time zone. */
  from: z.string(),
  to: z.string(),
  status: z.enum(SEND_STATUSES),
  attempts: z.number().int(),
  /** Recipients the SMTP server accepted the message for. */
  delivered: z.array(z.string()),
  /** Why the last attempt failed, in words a person can act on. */
  error: z.string().nullable(),
  /** When it was sent (or last tried), ISO. */
  at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type EmailReportSend = z.infer<typeof emailReportSend>;

/** A report as the server answers it (plain types: the body's trimming and checks are for what comes in). */
export const emailReport = z.object({
  id: z.number().int(),
  name: z.string(),
  project_env: projectEnv,
  period: z.enum(EMAIL_REPORT_PERIODS),
  tz: z.string(),
  recipients: z.array(z.string()),
  sections: z.array(z.enum(EMAIL_REPORT_SECTIONS)),
  enabled: z.boolean(),
  /** The latest mailing, scheduled or test; null before the first (and in History). */
  last_send: emailReportSend.nullable(),
});
export type EmailReport = z.infer<typeof emailReport>;

export const getEmailReports = defineCall({
  name: 'getEmailReports',
  method: 'GET',
  path: '/email-reports',
  resource: '/email-reports',
  access: grant('GET', '/email-reports'),
  query: mtimeQuery,
  response: z.array(emailReport),
  summary: "The project's email reports with their last mailing (issue 37).",
});

/** `PUT /email-reports/-1` creates; any other id updates. */
export const saveEmailReport = defineCall({
  name: 'saveEmailReport',
  method: 'PUT',
  path: '/email-reports/:id',
  resource: '/email-reports',
  access: grant('PUT', '/email-reports'),
  query: scopeQuery,
  params: rowIdOrNewParam,
  body: emailReportBody,
  response: idResponse,
});

export const deleteEmailReport = defineCall({
  name: 'deleteEmailReport',
  method: 'DELETE',
  path: '/email-reports/:id',
  resource: '/email-reports',
  access: grant('PUT', '/email-reports'),
  query: scopeQuery,
  params: rowIdParam,
  response: okResponse,
});

/** "Send now": mails the last whole period to the recipients at once, as a test; answers how it went. */
export const sendEmailReportNow = defineCall({
  name: 'sendEmailReportNow',
  method: 'POST',
  path: '/email-reports/:id/send',
  resource: '/email-reports',
  access: grant('PUT', '/email-reports'),
  atimeExempt: true,
  query: scopeQuery,
  params: rowIdParam,
  response: emailReportSend,
  summary: 'Sends the report now, as a test (issue 37).',
});
