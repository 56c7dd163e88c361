import { type EmailReportSection, PERIOD_LABELS, SECTION_TITLES } from '../../../src/api/contract/email-reports.ts';
import type { Stats, StatsTotals } from '../../../src/api/contract/stats.ts';
import { barChartPng } from './bar-chart-png.ts';

/** What the report mails: the figures of GET /stats for its period, as HTML with a plain-text twin and PNG charts. */
export interface ReportMessage {
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; content: Buffer; cid: string; contentType: 'image/png' }[];
}

export interface ReportHeader {
  name: string;
  projectName: string;
  project_env: 'dev' | 'prod';
  period: keyof typeof PERIOD_LABELS;
  sections: EmailReportSection[];
}

type Format = 'count' | 'share' | 'decimal';
/** The headline figures, in the order the dashboard shows them. */
const HEADLINE: { key: keyof StatsTotals; label: string; format: Format }[] = [
  { key: 'conversations', label: 'Conversations', format: 'count' },
  { key: 'user_messages', label: 'User messages', format: 'count' },
  { key: 'avg_messages', label: 'Messages per conversation', format: 'decimal' },
  { key: 'unique_callers', label: 'Unique callers', format: 'count' },
  { key: 'fallback_share', label: 'Fallback share', format: 'share' },
  { key: 'avg_confidence', label: 'Average confidence', format: 'decimal' },
  { key: 'containment', label: 'Containment', format: 'share' },
  { key: 'ended', label: 'Ended', format: 'count' },
  { key: 'transferred', label: 'Transferred', format: 'count' },
  { key: 'abandoned', label: 'Abandoned', format: 'count' },
];
const KNOWLEDGE: { key: keyof StatsTotals; label: string; format: Format }[] = [
  { key: 'knowledge_answers', label: 'Answered from the knowledge base', format: 'count' },
  { key: 'knowledge_no_answers', label: 'Knowledge searches not answered', format: 'count' },
];

const ENV_NAMES = { dev: 'testing', prod: 'production' } as const;

function formatValue(v: number | null | undefined, format: Format): string {
  if (v === null || v === undefined) return '–';
  if (format === 'share') return `${(v * 100).toFixed(1)}%`;
  if (format === 'decimal') return v.toFixed(2);
  return String(v);
}

/** The change against the previous period: "+20.0%", "−5.0%", "±0%", or "new" / "–" when there is nothing to compare. */
export function formatChange(now: number | null | undefined, before: number | null | undefined): string {
  if (now === null || now === undefined || before === null || before === undefined) return '–';
  if (before === 0) return now === 0 ? '±0%' : 'new';
  const pct = ((now - before) / Math.abs(before)) * 100;
  if (pct === 0) return '±0%';
  return `${pct > 0 ? '+' : '−'}${Math.abs(pct).toFixed(1)}%`;
}

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One section as rows: [label, value, previous?, change?]. */
interface Table {
  title: string;
  head: string[];
  rows: string[][];
  chart?: { cid: string; caption: string; alt: string; values: number[] };
}

function figureRows(stats: Stats, figures: typeof HEADLINE): string[][] {
  return figures.map(({ key, label, format }) => [
    label,
    formatValue(stats.totals[key] as number | null, format),
    formatValue(stats.previous[key] as number | null, format),
    formatChange(stats.totals[key] as number | null, stats.previous[key] as number | null),
  ]);
}

function sectionTable(section: EmailReportSection, stats: Stats): Table {
  const title = SECTION_TITLES[section];
  switch (section) {
    case 'headline':
      return {
        title,
        head: ['Figure', 'This period', 'Previous period', 'Change'],
        rows: figureRows(stats, HEADLINE),
        chart: {
          cid: 'conversations-chart',
          caption: `Conversations per ${stats.bucket}`,
          alt: `Conversations per ${stats.bucket}: ${stats.series.map((p) => p.conversations).join(', ')}`,
          values: stats.series.map((p) => p.conversations),
        },
      };
    case 'top_intents':
      return {
        title,
        head: ['Intent', 'Messages'],
        rows: stats.top_intents.map((i) => [i.intent, String(i.count)]),
        chart: {
          cid: 'intents-chart',
          caption: 'Messages per intent',
          alt: `Top intents: ${stats.top_intents.map((i) => `${i.intent} ${i.count}`).join(', ')}`,
          values: stats.top_intents.map((i) => i.count),
        },
      };
    case 'top_unclassified':
      return { title, head: ['Phrase', 'Times'], rows: stats.top_unclassified.map((p) => [p.text, String(p.count)]) };
    case 'knowledge':
      return {
        title,
        head: ['Figure', 'This period', 'Previous period', 'Change'],
        rows: figureRows(stats, KNOWLEDGE),
      };
    case 'campaigns':
      return { title, head: ['Outcome', 'Calls'], rows: stats.campaign_calls.map((c) => [c.result, String(c.calls)]) };
  }
}

function htmlTable(t: Table): string {
  const cell = (tag: 'th' | 'td', s: string, i: number) =>
    `<${tag} style="padding:4px 10px;border-bottom:1px solid #dee2e6;text-align:${i === 0 ? 'left' : 'right'}">${escapeHtml(s)}</${tag}>`;
  const rows = t.rows.length
    ? t.rows.map((r) => `<tr>${r.map((c, i) => cell('td', c, i)).join('')}</tr>`).join('')
    : `<tr><td colspan="${t.head.length}" style="padding:4px 10px;color:#868e96">Nothing in this period.</td></tr>`;
  const chart = t.chart
    ? `<p style="font-size:12px;color:#868e96;margin:0">${escapeHtml(t.chart.caption)}</p><p style="margin-top:4px"><img src="cid:${t.chart.cid}" alt="${escapeHtml(t.chart.alt)}" width="560" height="160"></p>`
    : '';
  return `<h2 style="font-size:16px;margin:20px 0 6px">${escapeHtml(t.title)}</h2>${chart}<table style="border-collapse:collapse;font-size:14px"><thead><tr>${t.head.map((h, i) => cell('th', h, i)).join('')}</tr></thead><tbody>${rows}</tbody></table>`;
}

function textTable(t: Table): string {
  const lines = t.rows.length
    ? t.rows.map((r) =>
        r.length === 4 ? `- ${r[0]}: ${r[1]} (previous period ${r[2]}, change ${r[3]})` : `- ${r[0]}: ${r[1]}`,
      )
    : ['- Nothing in this period.'];
  return [t.title, ...lines].join('\n');
}

/** The report's mail for `stats` (the answer of GET /stats for the report's environment, days and time zone). */
export function reportMessage(header: ReportHeader, stats: Stats): ReportMessage {
  const days = stats.from === stats.to ? stats.from : `${stats.from} to ${stats.to}`;
  const subject = `${header.name}: ${header.projectName} (${ENV_NAMES[header.project_env]}), ${days}`;
  const intro = `${PERIOD_LABELS[header.period]} report of ${header.projectName}, ${ENV_NAMES[header.project_env]}, ${days} (${stats.tz}). Changes are against the ${stats.from === stats.to ? 'day' : 'period of equal length'} before.`;
  const tables = header.sections.map((s) => sectionTable(s, stats));
  const attachments = tables.flatMap((t) =>
    t.chart
      ? [
          {
            filename: `${t.chart.cid}.png`,
            content: barChartPng(t.chart.values),
            cid: t.chart.cid,
            contentType: 'image/png' as const,
          },
        ]
      : [],
  );
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#212529"><h1 style="font-size:20px">${escapeHtml(header.name)}</h1><p>${escapeHtml(intro)}</p>${tables.map(htmlTable).join('')}</body></html>`;
  const text = [header.name, '', intro, '', ...tables.map((t) => `${textTable(t)}\n`)].join('\n');
  return { subject, html, text, attachments };
}
