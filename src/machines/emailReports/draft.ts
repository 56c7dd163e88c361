import {
  type EmailReport,
  type EmailReportBody,
  type EmailReportSection,
  EMAIL_REPORT_SECTIONS,
  emailReportBody,
} from '../../api/contract/email-reports.ts';

/** What the report form edits; recipients are typed as text, one address per line or comma-separated. */
export interface EmailReportDraft {
  name: string;
  project_env: 'dev' | 'prod';
  period: 'daily' | 'weekly' | 'monthly';
  tz: string;
  recipients: string;
  sections: EmailReportSection[];
  enabled: boolean;
}

const browserZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

export const newReportDraft = (): EmailReportDraft => ({
  name: '',
  project_env: 'prod',
  period: 'weekly',
  tz: browserZone(),
  recipients: '',
  sections: [...EMAIL_REPORT_SECTIONS],
  enabled: true,
});

export const draftOfReport = (r: EmailReport): EmailReportDraft => ({
  name: r.name,
  project_env: r.project_env,
  period: r.period,
  tz: r.tz,
  recipients: r.recipients.join('\n'),
  sections: r.sections,
  enabled: r.enabled,
});

const candidate = (d: EmailReportDraft) => ({
  ...d,
  recipients: d.recipients
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean),
});

/** Field → the contract's first message (the server refuses the same, in the same words). */
export function reportErrors(d: EmailReportDraft): Partial<Record<keyof EmailReportDraft, string>> {
  const parsed = emailReportBody.safeParse(candidate(d));
  if (parsed.success) return {};
  const errors: Partial<Record<keyof EmailReportDraft, string>> = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof EmailReportDraft] ??= issue.message;
  return errors;
}

export const isValidReport = (d: EmailReportDraft): boolean => emailReportBody.safeParse(candidate(d)).success;

export const bodyOfDraft = (d: EmailReportDraft): EmailReportBody => emailReportBody.parse(candidate(d));
