import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { callWindow, isInWindow } from './call-window.ts';
import type { CallEndReason } from './dialler.ts';
import type { AnsweringMachineChoice } from '../../../src/api/contract/outbound.ts';

// The statements of a campaign's calls (issue 32): outbound_calls as the dialler engine moves them, the engines'
// leases (campaign_engines) and the callbacks a final outcome queues. The engine decides; these write.

export interface Claimed {
  id: number;
  campaign_id: number;
  destination: string;
  attempts: number;
  project_id: number;
  project_env: 'dev' | 'prod';
  timeout: number;
  answering_machine: AnsweringMachineChoice;
}

export interface AnsweredRow {
  provider_call_id: string | null;
  project_id: number;
  project_env: 'dev' | 'prod';
}

export interface EndingRow {
  id: number;
  campaign_id: number;
  destination: string;
  status: string;
  attempts: number;
  scheduled_at: Date;
  answered_at: Date | null;
  /** Who answered, as the gateway's answering-machine detection said (null: no detection). */
  answered_by: 'human' | 'machine' | null;
  conversation_id: number | null;
  codes: (string | null)[] | string;
  retry_count: number;
  retry_interval: number;
  call_time_from: string;
  call_time_to: string;
  time_zone: string;
  callback_url: string;
}

export interface CallUpdate {
  id: number;
  status: 'queued' | 'completed' | 'failed';
  result: CallEndReason;
  code: string | null;
  codes: (string | null)[];
  at: Date;
  next: Date | null;
}

/** Says engine `engineId` is alive at `at` (before it claims anything, so its calls never name an engine without a row). */
export async function heartbeat(db: Db, engineId: string, at: Date): Promise<void> {
  await sql`INSERT INTO campaign_engines (id, seen_at) VALUES (${engineId}, ${at})
      ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at`.execute(db);
}

/** The running campaigns with their call windows. */
export function runningCampaigns(db: Db) {
  return db
    .selectFrom('outbound_campaigns')
    .select(['id', 'call_time_from', 'call_time_to', 'time_zone'])
    .where('state', '=', 'running')
    .execute();
}

/** Claims up to the campaign's free slots of due calls: dialling, attempts + 1, in one short transaction. */
export function claimDueCalls(
  db: Db,
  r: { campaignId: number; now: Date; dialler: string; engineId: string },
): Promise<{ calls: Claimed[]; doNotCall: number[] }> {
  const { campaignId, now } = r;
  return db.transaction().execute(async (trx) => {
    const { rows: locked } = await sql<{
      max_concurrent: number;
      call_time_from: string;
      call_time_to: string;
      time_zone: string;
    }>`
        SELECT max_concurrent, call_time_from, call_time_to, time_zone FROM outbound_campaigns
        WHERE id = ${campaignId} AND state = 'running' FOR UPDATE SKIP LOCKED`.execute(trx);
    const campaign = locked[0];
    // Another instance is dispatching it, or it was paused meanwhile; or its window was edited shut.
    const window = campaign && callWindow(campaign.call_time_from, campaign.call_time_to, campaign.time_zone);
    if (!campaign || !window || !isInWindow(now, window)) return { calls: [], doNotCall: [] };
    // Due calls to numbers on the project's do-not-call list are never dialled: taken out of the queue here (no
    // attempt counted) and ended "do-not-call" by the engine, as any ending call is (its callback included).
    const { rows: doNotCall } = await sql<{ id: number }>`
        UPDATE outbound_calls AS c SET status = 'dialling', next_attempt_at = NULL, engine_id = ${r.engineId}
        FROM outbound_campaigns AS k, do_not_call AS d
        WHERE c.campaign_id = ${campaignId} AND c.status = 'queued'
          AND c.next_attempt_at <= ${now} AND c.scheduled_at <= ${now}
          AND k.id = c.campaign_id AND d.project_id = k.project_id AND d.destination = c.destination
        RETURNING c.id`.execute(trx);
    const { rows: active } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM outbound_calls
        WHERE campaign_id = ${campaignId} AND status IN ('dialling', 'answered')`.execute(trx);
    const free = campaign.max_concurrent - Number(active[0]?.n ?? 0) + doNotCall.length;
    if (free <= 0) return { calls: [], doNotCall: doNotCall.map((c) => c.id) };
    // A materialised CTE: as a subquery in WHERE, the LIMIT ... SKIP LOCKED may be re-run per row and take more.
    const { rows } = await sql<Claimed>`
        WITH picked AS MATERIALIZED (
          SELECT id FROM outbound_calls
          WHERE campaign_id = ${campaignId} AND status = 'queued'
            AND next_attempt_at <= ${now} AND scheduled_at <= ${now}
          ORDER BY next_attempt_at, id LIMIT ${free} FOR UPDATE SKIP LOCKED)
        UPDATE outbound_calls AS c
        SET status = 'dialling', attempts = c.attempts + 1, dialled_at = ${now}, dialler = ${r.dialler},
            provider_call_id = NULL, answered_by = NULL, next_attempt_at = NULL, engine_id = ${r.engineId}
        FROM picked, outbound_campaigns AS k
        WHERE c.id = picked.id AND c.status = 'queued' AND k.id = c.campaign_id
        RETURNING c.id, c.campaign_id, c.destination, c.attempts, k.project_id, k.project_env, k.timeout,
                  k.answering_machine`.execute(trx);
    return { calls: rows, doNotCall: doNotCall.map((c) => c.id) };
  });
}

/** The provider's ids of a placed batch, in one statement (only for the attempt placed, while it is in progress). */
export async function storeProviderIds(
  db: Db,
  placed: { id: number; attempts: number; providerCallId: string }[],
): Promise<void> {
  const values = sql.join(placed.map((p) => sql`(${p.id}::int, ${p.attempts}::int, ${p.providerCallId}::text)`));
  await sql`
      UPDATE outbound_calls AS c SET provider_call_id = v.provider_call_id
      FROM (VALUES ${values}) AS v(id, attempts, provider_call_id)
      WHERE c.id = v.id AND c.attempts = v.attempts AND c.status IN ('dialling', 'answered')`.execute(db);
}

/** dialling → answered for a batch in one statement; the rows of the calls that moved. */
export async function markAnswered(
  db: Db,
  items: { callId: number; at: Date; attempt: number | null }[],
): Promise<(AnsweredRow & { id: number })[]> {
  const values = sql.join(items.map((i) => sql`(${i.callId}::int, ${i.at}::timestamptz, ${i.attempt}::int)`));
  const { rows } = await sql<AnsweredRow & { id: number }>`
      UPDATE outbound_calls AS c SET status = 'answered', answered_at = v.at
      FROM (SELECT DISTINCT ON (id) id, at, attempt FROM (VALUES ${values}) AS t(id, at, attempt)) AS v,
           outbound_campaigns AS k
      WHERE c.id = v.id AND c.status = 'dialling' AND (v.attempt IS NULL OR c.attempts = v.attempt)
        AND k.id = c.campaign_id
      RETURNING c.id, c.provider_call_id, k.project_id, k.project_env`.execute(db);
  return rows;
}

/** The calls whose attempts end, with their campaigns' retry rules, locked in id order (no deadlock between engines). */
export async function lockEndingCalls(trx: Db, ids: number[]): Promise<EndingRow[]> {
  const { rows } = await sql<EndingRow>`
        SELECT c.id, c.campaign_id, c.destination, c.status, c.attempts, c.scheduled_at, c.answered_at, c.answered_by,
               c.conversation_id, c.codes, k.retry_count, k.retry_interval, k.call_time_from, k.call_time_to, k.time_zone,
               k.callback_url
        FROM outbound_calls c JOIN outbound_campaigns k ON k.id = c.campaign_id
        WHERE c.id IN (${sql.join(ids)}) ORDER BY c.id FOR UPDATE OF c`.execute(trx);
  return rows;
}

/** Ended attempts in one statement: completed, failed, or queued again at `next`. */
export async function writeCallEnds(trx: Db, updates: CallUpdate[]): Promise<void> {
  if (!updates.length) return;
  const values = sql.join(
    updates.map(
      (u) =>
        sql`(${u.id}::int, ${u.status}::text, ${u.result}::text, ${u.code}::text, ${JSON.stringify(u.codes)}::jsonb,
                   ${u.at}::timestamptz, ${u.next}::timestamptz)`,
    ),
  );
  await sql`
          UPDATE outbound_calls AS c
          SET status = v.status, last_result = v.result, last_code = v.code, codes = v.codes, ended_at = v.ended_at,
              next_attempt_at = v.next_attempt_at
          FROM (VALUES ${values}) AS v(id, status, result, code, codes, ended_at, next_attempt_at)
          WHERE c.id = v.id`.execute(trx);
}

/** The callbacks of final outcomes, delivered later by callback-delivery.ts. */
export async function queueCallbacks(
  trx: Db,
  callbacks: { campaign_id: number; call_id: number; payload: string; next_at: Date }[],
): Promise<void> {
  if (callbacks.length) await trx.insertInto('outbound_callbacks').values(callbacks).execute();
}

/** A queued callback leased for delivery, with where and how to sign it. */
export interface LeasedCallback {
  id: number;
  payload: unknown;
  attempts: number;
  callback_url: string;
  callback_secret: string;
}

/**
 * Leases up to `batch` due callbacks for `leaseMs` (FOR UPDATE SKIP LOCKED: no instance holds a transaction over
 * HTTP, and one that dies mid-POST leaves the row to another once the lease runs out), counting the attempt.
 */
export async function leaseDueCallbacks(
  db: Db,
  r: { now: Date; leaseMs: number; batch: number; maxAttempts: number },
): Promise<LeasedCallback[]> {
  const { rows } = await sql<LeasedCallback>`
    WITH picked AS MATERIALIZED (
      SELECT id FROM outbound_callbacks
      WHERE delivered_at IS NULL AND next_at <= ${r.now} AND attempts < ${r.maxAttempts}
      ORDER BY next_at LIMIT ${r.batch} FOR UPDATE SKIP LOCKED)
    UPDATE outbound_callbacks AS b SET next_at = ${new Date(r.now.getTime() + r.leaseMs)}, attempts = b.attempts + 1
    FROM picked, outbound_campaigns AS k
    WHERE b.id = picked.id AND k.id = b.campaign_id
    RETURNING b.id, b.payload, b.attempts, k.callback_url, k.callback_secret`.execute(db);
  return rows;
}

/** A callback the campaign's server accepted. */
export async function markCallbackDelivered(db: Db, id: number, at: Date): Promise<void> {
  await db.updateTable('outbound_callbacks').set({ delivered_at: at, last_error: null }).where('id', '=', id).execute();
}

/** A callback that failed: tried again at `nextAt`, with the reason kept for the campaign's page. */
export async function rescheduleCallback(db: Db, id: number, nextAt: Date, reason: string): Promise<void> {
  await db
    .updateTable('outbound_callbacks')
    .set({ next_at: nextAt, last_error: reason })
    .where('id', '=', id)
    .execute();
}

/** Calls still dialling `timeout` + `graceSeconds` after they were handed to the dialler (this engine's, or any). */
export async function stuckCalls(db: Db, r: { now: Date; graceSeconds: number; engineId: string; anyEngine: boolean }) {
  const { rows } = await sql<{
    id: number;
    attempts: number;
    provider_call_id: string | null;
    dialler: string | null;
  }>`
      SELECT c.id, c.attempts, c.provider_call_id, c.dialler FROM outbound_calls c
      JOIN outbound_campaigns k ON k.id = c.campaign_id
      WHERE c.status = 'dialling'
        AND c.dialled_at < ${r.now}::timestamptz - make_interval(secs => k.timeout + ${r.graceSeconds})
        AND (c.engine_id = ${r.engineId} OR ${r.anyEngine})
      LIMIT 100`.execute(db);
  return rows;
}

/** Calls in progress of other engines whose lease ran out before `expired`. */
export async function orphanedCalls(db: Db, engineId: string, expired: Date) {
  const { rows } = await sql<{
    id: number;
    attempts: number;
    dialler: string | null;
    engine_id: string | null;
    seen_at: Date | null;
  }>`
      SELECT c.id, c.attempts, c.dialler, c.engine_id, e.seen_at
      FROM outbound_calls c LEFT JOIN campaign_engines e ON e.id = c.engine_id
      WHERE c.status IN ('dialling', 'answered') AND c.engine_id IS DISTINCT FROM ${engineId}
        AND (e.seen_at IS NULL OR e.seen_at < ${expired})
      LIMIT 200`.execute(db);
  return rows;
}

/** Engine `engineId` takes over a call in progress, if it is still `from`'s. */
export async function adoptCall(db: Db, callId: number, from: string | null, engineId: string): Promise<void> {
  await sql`UPDATE outbound_calls SET engine_id = ${engineId}
          WHERE id = ${callId} AND engine_id IS NOT DISTINCT FROM ${from}
            AND status IN ('dialling', 'answered')`.execute(db);
}

/** Forgets engines silent since before `expired` whose calls are all settled. */
export async function forgetSettledEngines(db: Db, expired: Date): Promise<void> {
  await sql`DELETE FROM campaign_engines e WHERE e.seen_at < ${expired} AND NOT EXISTS (
        SELECT 1 FROM outbound_calls c WHERE c.engine_id = e.id AND c.status IN ('dialling', 'answered'))`.execute(db);
}

/** The conversation the bot holds with the callee, on its call. */
export async function linkConversation(
  db: Db,
  r: { callId: number; conversationId: number; conversationToken: string; providerCallId: string | null },
): Promise<void> {
  await db
    .updateTable('outbound_calls')
    .set((eb) => ({
      conversation_id: r.conversationId,
      conversation_token: r.conversationToken,
      // The batch storing provider ids may not have reached this call yet; the callee's digits need it now.
      provider_call_id: eb.fn.coalesce('provider_call_id', eb.val(r.providerCallId)),
    }))
    .where('id', '=', r.callId)
    .execute();
}

/**
 * Who answered the call, as the gateway's answering-machine detection said: kept on the answered call, so the
 * engine ends it "machine" whichever instance hears of its end. The first verdict stands.
 */
export async function setAnsweredBy(db: Db, callId: number, who: 'human' | 'machine'): Promise<void> {
  await db
    .updateTable('outbound_calls')
    .set({ answered_by: who })
    .where('id', '=', callId)
    .where('status', '=', 'answered')
    .where('answered_by', 'is', null)
    .execute();
}

/** A call list's rows, queued (`importCallList` checks them first). */
export async function insertCalls(
  trx: Db,
  rows: { campaign_id: number; destination: string; scheduled_at: Date; next_attempt_at: Date }[],
): Promise<void> {
  await trx.insertInto('outbound_calls').values(rows).execute();
}

/** The campaign's call `callId` while it has not been dialled: queued, no attempt made. */
const undialled = (campaignId: number, callId: number) => (eb: ExpressionBuilder<Database, 'outbound_calls'>) =>
  eb.and([
    eb('id', '=', callId),
    eb('campaign_id', '=', campaignId),
    eb('status', '=', 'queued'),
    eb('attempts', '=', 0),
  ]);

/**
 * A call not dialled yet (queued, no attempt made) removed from its campaign; false when there is none such (dialled
 * meanwhile, or gone). Conditional in one statement: the engine leasing it at the same moment wins or loses whole.
 */
export async function deleteUndialledCall(db: Db, campaignId: number, callId: number): Promise<boolean> {
  const row = await db
    .deleteFrom('outbound_calls')
    .where(undialled(campaignId, callId))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A call not dialled yet gets another destination and time (and first attempt); false as deleteUndialledCall. */
export async function replaceUndialledCall(
  db: Db,
  campaignId: number,
  callId: number,
  r: { destination: string; scheduled_at: Date; next_attempt_at: Date },
): Promise<boolean> {
  const row = await db
    .updateTable('outbound_calls')
    .set(r)
    .where(undialled(campaignId, callId))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
