import type { CampaignCall } from '../../../src/api/contract/outbound.ts';
import { REPORT_COLUMNS } from '../../../src/api/contract/outbound.ts';
import { callWindow, firstAttemptAt } from './call-window.ts';
import type { Db } from '../../db/database.ts';
import { type CallListRow, normaliseDestination, parseCallList, parseScheduledTime } from './campaigns-call-list.ts';
import { findCampaign } from './campaigns.ts';
import { deleteUndialledCall, insertCalls, replaceUndialledCall } from './outbound-calls.ts';
import { DomainError, invalidInput, notFound } from '../../domain-errors.ts';
import { CALL_ALREADY_DIALLED, SCHEDULED_TIME_EXAMPLE } from '../../../src/api/contract/outbound.ts';
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
  const window = callWindow(campaign.call_time_from, campaign.call_time_to, campaign.time_zone);
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

/** 404 for a call that is not the campaign's; 409 with why for one that has been dialled since the table was read. */
async function refuseChange(db: Db, campaignId: number, callId: number): Promise<never> {
  const row = await db
    .selectFrom('outbound_calls')
    .select('id')
    .where('id', '=', callId)
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst();
  throw row ? new DomainError('conflict', CALL_ALREADY_DIALLED) : notFound();
}

/** Removes one call the campaign has not dialled yet (a wrong number, a customer who asked not to be called). */
export async function removeCampaignCall(db: Db, projectId: number, campaignId: number, callId: number) {
  const campaign = await findCampaign(db, projectId, campaignId);
  if (!(await deleteUndialledCall(db, campaignId, callId))) await refuseChange(db, campaignId, callId);
  return campaign;
}

/**
 * Replaces one call the campaign has not dialled yet: its destination and scheduled time, checked as a call list's
 * line is (a destination already waiting in the campaign is a duplicate); its first attempt moves into the window.
 */
export async function replaceCampaignCall(
  db: Db,
  projectId: number,
  campaignId: number,
  callId: number,
  body: { destination: string; scheduled_time: string },
  now: Date,
) {
  const campaign = await findCampaign(db, projectId, campaignId);
  const destination = normaliseDestination(body.destination);
  if ('problem' in destination) throw invalidInput(`The destination ${destination.problem}.`);
  const scheduledAt = parseScheduledTime(body.scheduled_time);
  if (!scheduledAt) throw invalidInput(`The scheduled time must look like "${SCHEDULED_TIME_EXAMPLE}".`);
  if (scheduledAt.getTime() < Math.floor(now.getTime() / 60_000) * 60_000)
    throw invalidInput('The scheduled time is in the past.');
  const twin = await db
    .selectFrom('outbound_calls')
    .select('id')
    .where('campaign_id', '=', campaignId)
    .where('destination', '=', destination.destination)
    .where('status', 'in', ['queued', 'dialling', 'answered'])
    .where('id', '!=', callId)
    .executeTakeFirst();
  if (twin) throw invalidInput(`${destination.destination} is already waiting in this campaign.`);
  const window = callWindow(campaign.call_time_from, campaign.call_time_to, campaign.time_zone);
  const replaced = await replaceUndialledCall(db, campaignId, callId, {
    destination: destination.destination,
    scheduled_at: scheduledAt,
    next_attempt_at: firstAttemptAt(scheduledAt, window),
  });
  if (!replaced) await refuseChange(db, campaignId, callId);
  return campaign;
}
