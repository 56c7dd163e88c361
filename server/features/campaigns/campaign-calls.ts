import type { CampaignCall } from '../../../src/api/contract/outbound.ts';
import { REPORT_COLUMNS } from '../../../src/api/contract/outbound.ts';
import { callWindow, firstAttemptAt } from './call-window.ts';
import type { Db } from '../../db/database.ts';
import { type CallListRow, parseCallList } from './campaigns-call-list.ts';
import { findCampaign } from './campaigns.ts';
import { insertCalls } from './outbound-calls.ts';
import { csvText } from '../../csv/csv-export.ts';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
/** Rows written per INSERT: well under PostgreSQL's 65,535 bind parameters. */
const INSERT_BATCH = 2000;

const callColumns = [
  'id',
  'destination',
  'scheduled_at',
  'status',
  'attempts',
  'last_result',
  'last_code',
  'codes',
  'next_attempt_at',
  'answered_at',
  'ended_at',
  'conversation_id',
] as const;

/** Every call of the campaign (of the project: 404 otherwise), in import order. */
async function callsOfCampaign(db: Db, projectId: number, campaignId: number) {
  await findCampaign(db, projectId, campaignId);
  return db
    .selectFrom('outbound_calls')
    .select(callColumns)
    .where('campaign_id', '=', campaignId)
    .orderBy('id')
    .execute();
}

/** The campaign's calls in import order (the per-campaign call table). */
export async function listCampaignCalls(db: Db, projectId: number, campaignId: number): Promise<CampaignCall[]> {
  const rows = await callsOfCampaign(db, projectId, campaignId);
  return rows.map((r) => ({
    id: r.id,
    destination: r.destination,
    scheduled_time: iso(r.scheduled_at)!,
    status: r.status,
    attempts: r.attempts,
    last_result: r.last_result as CampaignCall['last_result'],
    last_code: r.last_code,
    next_attempt_at: r.status === 'queued' ? iso(r.next_attempt_at) : null,
    answered_at: iso(r.answered_at),
    ended_at: iso(r.ended_at),
    conversation_id: r.conversation_id === null ? null : String(r.conversation_id),
  }));
}

/**
 * Imports a call list into the campaign, all or nothing (issue 17 §1): parsed and checked first, then inserted in
 * one transaction. Each call is first due at its scheduled time moved into the campaign's window.
 */
export async function importCallList(db: Db, projectId: number, campaignId: number, text: string, now: Date) {
  const campaign = await findCampaign(db, projectId, campaignId);
  const waiting = await db
    .selectFrom('outbound_calls')
    .select('destination')
    .where('campaign_id', '=', campaignId)
    .where('status', 'in', ['queued', 'dialling', 'answered'])
    .execute();
  const rows: CallListRow[] = parseCallList(text, now, new Set(waiting.map((w) => w.destination)));
  const window = callWindow(campaign.call_time_from, campaign.call_time_to);
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await insertCalls(
        trx,
        rows.slice(i, i + INSERT_BATCH).map((r) => ({
          campaign_id: campaignId,
          destination: r.destination,
          scheduled_at: r.scheduledAt,
          next_attempt_at: firstAttemptAt(r.scheduledAt, window),
        })),
      );
    }
  });
  return { campaign, imported: rows.length };
}

/** The report CSV (issue 17 §1): one formula-safe row per call, REPORT_COLUMNS. */
export async function campaignReportCsv(db: Db, projectId: number, campaignId: number): Promise<string> {
  const rows = await callsOfCampaign(db, projectId, campaignId);
  return csvText(
    [...REPORT_COLUMNS],
    rows.map((r) => {
      const duration =
        r.answered_at && r.ended_at
          ? Math.max(0, Math.round((new Date(r.ended_at).getTime() - new Date(r.answered_at).getTime()) / 1000))
          : '';
      return [
        r.destination,
        iso(r.scheduled_at),
        r.status,
        r.attempts,
        r.last_result ?? '',
        (r.codes ?? []).map((c) => c ?? '-').join(' '),
        iso(r.answered_at) ?? '',
        iso(r.ended_at) ?? '',
        duration,
        r.conversation_id ?? '',
      ];
    }),
  );
}
