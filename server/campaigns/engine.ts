import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { afterAttempt } from './call-transitions.ts';
import { callWindow, isInWindow, retryAt } from './call-window.ts';
import { deliverDueCallbacks } from './callback-delivery.ts';
import type { Clock } from './clock.ts';
import type { CallEndReason, CallEvent, Dialler } from './dialler.ts';
import { sipAccountOf } from './sip-account.ts';
import type { VoiceSessions } from './voice-session.ts';

/** A call still dialling this long after its ring time is asked of the provider (issue 17 §2). */
export const RECONCILE_GRACE_SECONDS = 60;
const DEFAULT_TICK_MS = 1000;

export interface CampaignEngineOptions {
  db: Db;
  dialler: Dialler;
  clock: Clock;
  /** Null: answered calls get no bot (the bench). */
  voice: VoiceSessions | null;
  tickMs?: number;
  log?: (message: string, error?: unknown) => void;
}

interface Claimed {
  id: number;
  campaign_id: number;
  destination: string;
  attempts: number;
  project_id: number;
  project_env: 'dev' | 'prod';
  timeout: number;
}

/**
 * The dialler engine (issue 17 §2), one per server process (server/app-scope.ts), all of them on one database:
 * each tick dispatches due calls of running campaigns whose window is open, reconciles calls stuck in dialling and
 * delivers callbacks. Calls are claimed in a transaction that locks the campaign row (SKIP LOCKED: one instance
 * dispatches a campaign at a time, so the concurrency cap holds across instances) and the call rows (FOR UPDATE
 * SKIP LOCKED), and every state change is conditional on the state it leaves, so no call is dialled twice and a
 * repeated or late event changes nothing.
 */
export class CampaignEngine {
  readonly dialler: Dialler;
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly voice: VoiceSessions | null;
  private readonly tickMs: number;
  private readonly log: (message: string, error?: unknown) => void;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** Events applied in arrival order per call (answered before dtmf before ended). */
  private readonly eventChains = new Map<number, Promise<void>>();
  /** Originations and event handling not yet settled: stop() waits for them. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(o: CampaignEngineOptions) {
    this.db = o.db;
    this.dialler = o.dialler;
    this.clock = o.clock;
    this.voice = o.voice;
    this.tickMs = o.tickMs ?? DEFAULT_TICK_MS;
    this.log = o.log ?? ((message, error) => console.error(message, error ?? ''));
  }

  /** Subscribes to the dialler and ticks every `tickMs` (tickMs 0: tests call tick() themselves). */
  start(): void {
    this.stopped = false;
    this.unsubscribe = this.dialler.onEvent((event) => this.onEvent(event));
    if (this.tickMs > 0) {
      this.timer = setInterval(() => this.wake(), this.tickMs);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.running;
    await this.settle();
  }

  /** Runs a tick now (or right after the current one). */
  wake(): void {
    if (this.stopped) return;
    void this.tick().catch((error) => this.log('Campaign engine tick failed', error));
  }

  /** One round: dispatch, reconcile, deliver callbacks. Single-flight per process. */
  async tick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.dispatchDue();
        await this.reconcileStuck();
        await deliverDueCallbacks(this.db, this.clock);
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Waits until every origination and event started so far has settled (tests, shutdown). */
  async settle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  /** Places every due call of every running campaign whose window is open now, up to each campaign's cap. */
  async dispatchDue(): Promise<number> {
    const now = this.clock.now();
    const campaigns = await this.db
      .selectFrom('outbound_campaigns')
      .select(['id', 'call_time_from', 'call_time_to'])
      .where('state', '=', 'running')
      .execute();
    let placed = 0;
    for (const c of campaigns) {
      if (!isInWindow(now, callWindow(c.call_time_from, c.call_time_to))) continue;
      const claimed = await this.claim(c.id, now);
      for (const call of claimed) this.track(this.originate(call));
      placed += claimed.length;
    }
    return placed;
  }

  /** Claims up to the campaign's free slots of due calls: dialling, attempts + 1, in one short transaction. */
  private async claim(campaignId: number, now: Date): Promise<Claimed[]> {
    return this.db.transaction().execute(async (trx) => {
      const { rows: locked } = await sql<{ max_concurrent: number; call_time_from: string; call_time_to: string }>`
        SELECT max_concurrent, call_time_from, call_time_to FROM outbound_campaigns
        WHERE id = ${campaignId} AND state = 'running' FOR UPDATE SKIP LOCKED`.execute(trx);
      const campaign = locked[0];
      // Another instance is dispatching it, or it was paused meanwhile; or its window was edited shut.
      if (!campaign || !isInWindow(now, callWindow(campaign.call_time_from, campaign.call_time_to))) return [];
      const { rows: active } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM outbound_calls
        WHERE campaign_id = ${campaignId} AND status IN ('dialling', 'answered')`.execute(trx);
      const free = campaign.max_concurrent - Number(active[0]?.n ?? 0);
      if (free <= 0) return [];
      // A materialised CTE: as a subquery in WHERE, the LIMIT ... SKIP LOCKED may be re-run per row and take more.
      const { rows } = await sql<Claimed>`
        WITH picked AS MATERIALIZED (
          SELECT id FROM outbound_calls
          WHERE campaign_id = ${campaignId} AND status = 'queued'
            AND next_attempt_at <= ${now} AND scheduled_at <= ${now}
          ORDER BY next_attempt_at, id LIMIT ${free} FOR UPDATE SKIP LOCKED)
        UPDATE outbound_calls AS c
        SET status = 'dialling', attempts = c.attempts + 1, dialled_at = ${now}, dialler = ${this.dialler.name},
            provider_call_id = NULL, next_attempt_at = NULL
        FROM picked, outbound_campaigns AS k
        WHERE c.id = picked.id AND c.status = 'queued' AND k.id = c.campaign_id
        RETURNING c.id, c.campaign_id, c.destination, c.attempts, k.project_id, k.project_env, k.timeout`.execute(trx);
      return rows;
    });
  }

  private async originate(call: Claimed): Promise<void> {
    try {
      const account = await sipAccountOf(this.db, call.project_id, call.project_env);
      const { providerCallId } = await this.dialler.originate({
        callId: call.id,
        campaignId: call.campaign_id,
        destination: call.destination,
        timeoutSeconds: call.timeout,
        account,
      });
      await this.db
        .updateTable('outbound_calls')
        .set({ provider_call_id: providerCallId })
        .where('id', '=', call.id)
        .where('attempts', '=', call.attempts)
        .where('status', 'in', ['dialling', 'answered'])
        .execute();
    } catch (error) {
      this.log(`Call ${call.id}: the dialler refused it`, error);
      await this.endAttempt(call.id, 'failed', null, this.clock.now(), call.attempts);
    }
  }

  /** Dialler events, applied in order per call; they may be repeated or arrive late. */
  onEvent(event: CallEvent): Promise<void> {
    const previous = this.eventChains.get(event.callId) ?? Promise.resolve();
    const next = previous
      .then(() => this.apply(event))
      .catch((error) => this.log(`Call ${event.callId}: ${event.type} failed`, error));
    this.eventChains.set(event.callId, next);
    void next.finally(() => {
      if (this.eventChains.get(event.callId) === next) this.eventChains.delete(event.callId);
    });
    this.track(next);
    return next;
  }

  private async apply(event: CallEvent): Promise<void> {
    if (event.type === 'answered') await this.markAnswered(event.callId, event.at);
    else if (event.type === 'dtmf') await this.voice?.dtmf(event.callId, event.digit);
    else if (event.type === 'ended') await this.endAttempt(event.callId, event.reason, event.code, event.at);
  }

  /** dialling → answered, once; then the bot starts talking. */
  private async markAnswered(callId: number, at: Date): Promise<void> {
    const row = await this.db
      .updateTable('outbound_calls as c')
      .from('outbound_campaigns as k')
      .set({ status: 'answered', answered_at: at })
      .whereRef('k.id', '=', 'c.campaign_id')
      .where('c.id', '=', callId)
      .where('c.status', '=', 'dialling')
      .returning(['c.provider_call_id', 'k.project_id', 'k.project_env'])
      .executeTakeFirst();
    if (!row || !this.voice || !row.provider_call_id) return;
    try {
      await this.voice.answered({
        callId,
        projectId: row.project_id,
        env: row.project_env,
        providerCallId: row.provider_call_id,
      });
    } catch (error) {
      this.log(`Call ${callId}: the bot could not start`, error);
      await this.dialler.hangup(row.provider_call_id).catch(() => {});
    }
  }

  /**
   * An attempt ended: completed, queued again `retry_interval` later inside the window, or failed once retries are
   * spent. Only a call still dialling or answered moves (and, when `attempt` is given, only that attempt), so
   * repeated events and racing reconcilers change it once. A final outcome queues its callback in the same
   * transaction.
   */
  async endAttempt(callId: number, reason: CallEndReason, code: string | null, at: Date, attempt?: number) {
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{
        id: number;
        campaign_id: number;
        destination: string;
        status: string;
        attempts: number;
        scheduled_at: Date;
        answered_at: Date | null;
        conversation_id: number | null;
        codes: (string | null)[];
        retry_count: number;
        retry_interval: number;
        call_time_from: string;
        call_time_to: string;
        callback_url: string;
      }>`
        SELECT c.id, c.campaign_id, c.destination, c.status, c.attempts, c.scheduled_at, c.answered_at,
               c.conversation_id, c.codes, k.retry_count, k.retry_interval, k.call_time_from, k.call_time_to,
               k.callback_url
        FROM outbound_calls c JOIN outbound_campaigns k ON k.id = c.campaign_id
        WHERE c.id = ${callId} FOR UPDATE OF c`.execute(trx);
      const call = rows[0];
      if (!call || (call.status !== 'dialling' && call.status !== 'answered')) return;
      if (attempt !== undefined && call.attempts !== attempt) return;
      const outcome = afterAttempt({
        wasAnswered: call.status === 'answered',
        reason,
        attempts: call.attempts,
        retryCount: call.retry_count,
      });
      const result: CallEndReason = call.status === 'answered' ? 'completed' : reason;
      const next =
        outcome.status === 'queued'
          ? retryAt(
              now,
              call.retry_interval,
              new Date(call.scheduled_at),
              callWindow(call.call_time_from, call.call_time_to),
            )
          : null;
      const codes = [...(typeof call.codes === 'string' ? JSON.parse(call.codes) : call.codes), code];
      await trx
        .updateTable('outbound_calls')
        .set({
          status: outcome.status,
          last_result: result,
          last_code: code,
          codes: JSON.stringify(codes),
          ended_at: at,
          next_attempt_at: next,
        })
        .where('id', '=', callId)
        .execute();
      if (outcome.status !== 'queued' && call.callback_url) {
        const payload = {
          campaign_id: call.campaign_id,
          call_id: call.id,
          destination: call.destination,
          status: outcome.status,
          result,
          attempts: call.attempts,
          codes,
          scheduled_time: new Date(call.scheduled_at).toISOString(),
          answered_at: call.answered_at ? new Date(call.answered_at).toISOString() : null,
          ended_at: at.toISOString(),
          conversation_id: call.conversation_id === null ? null : String(call.conversation_id),
        };
        await trx
          .insertInto('outbound_callbacks')
          .values({ campaign_id: call.campaign_id, call_id: call.id, payload: JSON.stringify(payload), next_at: now })
          .execute();
      }
    });
  }

  /**
   * Calls still dialling `timeout` + 60 s after they were handed to the dialler: the provider says what became of
   * them; a call it does not know (or one that never got a provider id: its process died) has failed and is retried.
   */
  async reconcileStuck(): Promise<number> {
    const now = this.clock.now();
    const { rows } = await sql<{
      id: number;
      attempts: number;
      provider_call_id: string | null;
      dialler: string | null;
    }>`
      SELECT c.id, c.attempts, c.provider_call_id, c.dialler FROM outbound_calls c
      JOIN outbound_campaigns k ON k.id = c.campaign_id
      WHERE c.status = 'dialling'
        AND c.dialled_at < ${now}::timestamptz - make_interval(secs => k.timeout + ${RECONCILE_GRACE_SECONDS})
      LIMIT 100`.execute(this.db);
    for (const row of rows) {
      const own = row.provider_call_id !== null && row.dialler === this.dialler.name;
      const status = own ? await this.dialler.status(row.provider_call_id!).catch(() => null) : null;
      if (status?.state === 'answered') {
        await this.markAnswered(row.id, now);
      } else if (status?.state === 'ended') {
        await this.endAttempt(row.id, status.reason ?? 'failed', status.code ?? null, now, row.attempts);
      } else {
        if (own) await this.dialler.hangup(row.provider_call_id!).catch(() => {});
        await this.endAttempt(row.id, 'failed', status?.code ?? null, now, row.attempts);
      }
    }
    return rows.length;
  }

  /** Hangs up calls of a deleted campaign. */
  async hangUp(calls: { dialler: string | null; providerCallId: string }[]): Promise<void> {
    await Promise.all(
      calls
        .filter((c) => c.dialler === null || c.dialler === this.dialler.name)
        .map((c) => this.dialler.hangup(c.providerCallId).catch((error) => this.log('Hang-up failed', error))),
    );
  }

  private track(p: Promise<unknown>): void {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p)).catch(() => {});
  }
}
