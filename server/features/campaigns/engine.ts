import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { afterAttempt } from './call-transitions.ts';
import { callWindow, isInWindow, retryAt } from './call-window.ts';
import { deliverDueCallbacks } from './callback-delivery.ts';
import { GroupCommit } from '../../db/group-commit.ts';
import type { Clock } from './clock.ts';
import type {
  CallEndReason,
  CallEvent,
  CallPhase,
  Dialler,
  GatheredInput,
  MachineDetection,
  VoiceTurn,
  WebhookCall,
} from './dialler.ts';
import {
  type AnsweredRow,
  type CallUpdate,
  type Claimed,
  adoptCall,
  claimDueCalls,
  forgetSettledEngines,
  heartbeat,
  lockEndingCalls,
  markAnswered,
  orphanedCalls,
  queueCallbacks,
  runningCampaigns,
  stuckCalls,
  storeProviderIds,
  writeCallEnds,
} from './outbound-calls.ts';
import { sipAccountOf } from './sip-account.ts';
import type { VoiceSessions } from './voice-session.ts';

/** A call still dialling this long after its ring time is asked of the provider (issue 17 §2). */
export const RECONCILE_GRACE_SECONDS = 60;
const DEFAULT_TICK_MS = 1000;
/**
 * An engine whose heartbeat is older than this (in its clock's seconds) is gone: its calls are finished by another.
 * Heartbeats come every tick and every HEARTBEAT_MS besides, so a live engine is never near it.
 */
export const DEFAULT_LEASE_SECONDS = 30;
const HEARTBEAT_MS = 5000;

export interface CampaignEngineOptions {
  db: Db;
  dialler: Dialler;
  clock: Clock;
  /** Null: answered calls get no bot (the bench). */
  voice: VoiceSessions | null;
  tickMs?: number;
  /** How long (clock seconds) an engine without a heartbeat still owns its calls. */
  leaseSeconds?: number;
  log?: (message: string, error?: unknown) => void;
}

interface AnsweredItem {
  callId: number;
  at: Date;
  attempt: number | null;
}

interface EndedItem {
  callId: number;
  reason: CallEndReason;
  code: string | null;
  at: Date;
  /** Only this attempt may end (reconcilers name the attempt they saw). */
  attempt?: number;
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
  /** This engine's row in campaign_engines: the calls it places name it; its heartbeat says it is alive. */
  readonly id: string = randomUUID();
  private readonly leaseSeconds: number;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private lastSweep = 0;
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
  /** Provider ids of this process's calls whose batch is not stored yet: their events may come first. */
  private readonly unstoredProviderIds = new Map<number, string>();
  /** Originations and event handling not yet settled: stop() waits for them. */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Answered and ended calls are written in batches (one statement, one transaction per batch). */
  private readonly answeredWrites = new GroupCommit((items: AnsweredItem[]) => this.writeAnswered(items));
  private readonly endedWrites = new GroupCommit((items: EndedItem[]) => this.writeEnded(items));

  constructor(o: CampaignEngineOptions) {
    this.db = o.db;
    this.dialler = o.dialler;
    this.clock = o.clock;
    this.voice = o.voice;
    // The voice sessions' timers (long silence, inter-digit pause) run their turns in the call's order too.
    this.voice?.runInOrder((callId, work) => this.inOrder(callId, work));
    this.tickMs = o.tickMs ?? DEFAULT_TICK_MS;
    this.leaseSeconds = o.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
    this.log = o.log ?? ((message, error) => console.error(message, error ?? ''));
  }

  /** Subscribes to the dialler and ticks every `tickMs` (tickMs 0: tests call tick() themselves). */
  start(): void {
    this.stopped = false;
    this.unsubscribe = this.dialler.onEvent((event) => this.onEvent(event));
    if (this.tickMs > 0) {
      this.timer = setInterval(() => this.wake(), this.tickMs);
      this.timer.unref();
      // A long tick (a slow callback receiver) must not look like a dead process.
      this.heartbeatTimer = setInterval(
        () => void this.heartbeat().catch((error) => this.log('Campaign engine heartbeat failed', error)),
        HEARTBEAT_MS,
      );
      this.heartbeatTimer.unref();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.timer = null;
    this.heartbeatTimer = null;
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

  /** One round: heartbeat, dispatch, reconcile, deliver callbacks. Single-flight per process. */
  async tick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.heartbeat();
        await this.dispatchDue();
        await this.reconcileStuck();
        await this.reconcileOrphans();
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

  /** Says this engine is alive (before it claims anything, so its calls never name an engine without a row). */
  async heartbeat(): Promise<void> {
    await heartbeat(this.db, this.id, this.clock.now());
  }

  /** Places every due call of every running campaign whose window is open now, up to each campaign's cap. */
  async dispatchDue(): Promise<number> {
    const now = this.clock.now();
    const campaigns = await runningCampaigns(this.db);
    let placed = 0;
    for (const c of campaigns) {
      if (!isInWindow(now, callWindow(c.call_time_from, c.call_time_to, c.time_zone))) continue;
      const { calls: claimed, doNotCall } = await this.claim(c.id, now);
      if (claimed.length) this.track(this.originateBatch(claimed));
      for (const id of doNotCall) {
        this.log(`Call ${id}: its number is on the do-not-call list; not dialled`);
        await this.endAttempt(id, 'do-not-call', null, now);
      }
      placed += claimed.length;
    }
    return placed;
  }

  /** Claims up to the campaign's free slots of due calls: dialling, attempts + 1, in one short transaction. */
  private claim(campaignId: number, now: Date) {
    return claimDueCalls(this.db, { campaignId, now, dialler: this.dialler.name, engineId: this.id });
  }

  /**
   * Hands a claimed batch to the dialler (the campaign's SIP account read once), then stores the provider ids in
   * one statement. A call the dialler refused has failed this attempt.
   */
  private async originateBatch(calls: Claimed[]): Promise<void> {
    const first = calls[0]!;
    const account = await sipAccountOf(this.db, first.project_id, first.project_env);
    const placed = await Promise.all(
      calls.map(async (call) => {
        try {
          const { providerCallId } = await this.dialler.originate({
            callId: call.id,
            attempt: call.attempts,
            campaignId: call.campaign_id,
            destination: call.destination,
            timeoutSeconds: call.timeout,
            account,
            answeringMachine: call.answering_machine,
          });
          this.unstoredProviderIds.set(call.id, providerCallId);
          return { call, providerCallId };
        } catch (error) {
          this.log(`Call ${call.id}: the dialler refused it`, error);
          await this.endAttempt(call.id, 'failed', null, this.clock.now(), call.attempts);
          return null;
        }
      }),
    );
    const ok = placed.filter((p) => p !== null);
    if (!ok.length) return;
    try {
      await storeProviderIds(
        this.db,
        ok.map((p) => ({ id: p.call.id, attempts: p.call.attempts, providerCallId: p.providerCallId })),
      );
    } finally {
      for (const p of ok) this.unstoredProviderIds.delete(p.call.id);
    }
  }

  /** Dialler events, applied in order per call; they may be repeated or arrive late. */
  onEvent(event: CallEvent): Promise<void> {
    // Told on arrival: a long-silence timer firing while this waits for its turn is not a second turn.
    if (event.type === 'dtmf' || event.type === 'speech') this.voice?.calleeActed(event.callId);
    return this.inOrder(event.callId, () => this.apply(event)).catch((error) =>
      this.log(`Call ${event.callId}: ${event.type} failed`, error),
    );
  }

  /** Runs `work` after everything already queued for the call in this process (events, webhook turns). */
  private inOrder<T>(callId: number, work: () => Promise<T>): Promise<T> {
    const previous = this.eventChains.get(callId) ?? Promise.resolve();
    const result = previous.then(work);
    const next = result.then(
      () => {},
      () => {},
    );
    this.eventChains.set(callId, next);
    void next.finally(() => {
      if (this.eventChains.get(callId) === next) this.eventChains.delete(callId);
    });
    this.track(next);
    return result;
  }

  /**
   * A hosted gateway's call hook (its dialler has webhookVoice): the callee answered, so the call moves to answered
   * (unless its status webhook did it first) and the bot's first turn is returned for the gateway's verbs. Null when
   * the call is not in progress (ended, another attempt, no bot). `detection`: what the gateway's answering-machine
   * detection said in the hook (Twilio's AnsweredBy).
   */
  answeredByWebhook(call: WebhookCall, detection: MachineDetection | null): Promise<VoiceTurn | null> {
    return this.inOrder(call.callId, async () => {
      await this.markAnswered(call.callId, this.clock.now(), call.attempt);
      return (await this.voice?.answeredByWebhook(call.callId, detection)) ?? null;
    });
  }

  /**
   * A gateway's answering-machine event on its own webhook (jambonz): the turn its verdict leads to, or null when the
   * call goes on as it is.
   */
  detectedByWebhook(call: WebhookCall, detection: MachineDetection): Promise<VoiceTurn | null> {
    return this.inOrder(call.callId, async () => {
      await this.markAnswered(call.callId, this.clock.now(), call.attempt);
      return (await this.voice?.detectedByWebhook(call.callId, detection)) ?? null;
    });
  }

  /** A gateway's gather action hook: the digits pressed or the speech heard are the callee's message; its turn is returned. */
  gatheredByWebhook(call: WebhookCall, input: GatheredInput, turn: number | null): Promise<VoiceTurn | null> {
    return this.inOrder(
      call.callId,
      async () => (await this.voice?.gatheredByWebhook(call.callId, input, turn)) ?? null,
    );
  }

  /** The audio a gateway fetches: the utterance at tracker timestamp `ts` of the call's conversation. */
  async utteranceAudio(call: WebhookCall, ts: number): Promise<Buffer | null> {
    return (await this.voice?.utteranceAudio(call.callId, ts)) ?? null;
  }

  private async apply(event: CallEvent): Promise<void> {
    if (event.type === 'answered') await this.markAnswered(event.callId, event.at, event.attempt);
    else if (event.type === 'dtmf') await this.voice?.dtmf(event.callId, event.digit);
    else if (event.type === 'speech') await this.voice?.heard(event.callId, event.audio);
    else if (event.type === 'ended') {
      // The provider says completed; a call the bot hung up on a silent callee ended "no input".
      const silent = event.reason === 'completed' && (await this.voice?.hungUpForSilence(event.callId));
      await this.endAttempt(event.callId, silent ? 'no-input' : event.reason, event.code, event.at, event.attempt);
    }
  }

  /** dialling → answered, once, for the attempt named (any when none is); then the bot starts talking. */
  private async markAnswered(callId: number, at: Date, attempt?: number): Promise<void> {
    const row = await this.answeredWrites.submit({ callId, at, attempt: attempt ?? null });
    const providerCallId = row?.provider_call_id ?? this.unstoredProviderIds.get(callId);
    // A gateway with webhookVoice asks for the bot's turns itself (answeredByWebhook).
    if (!row || !this.voice || !providerCallId || this.dialler.webhookVoice) return;
    try {
      await this.voice.answered({ callId, projectId: row.project_id, env: row.project_env, providerCallId });
    } catch (error) {
      this.log(`Call ${callId}: the bot could not start`, error);
      await this.dialler.hangup(providerCallId, 'answered').catch(() => {});
    }
  }

  /** Answered calls of one batch in one statement; each item gets its row, or null when it was not dialling. */
  private async writeAnswered(items: AnsweredItem[]): Promise<(AnsweredRow | null)[]> {
    const rows = await markAnswered(this.db, items);
    const byId = new Map(rows.map((r) => [r.id, r]));
    // A call twice in one batch (a repeated event) moved once: the first item has it.
    return items.map((i) => {
      const row = byId.get(i.callId) ?? null;
      byId.delete(i.callId);
      return row;
    });
  }

  /**
   * An attempt ended: completed, queued again `retry_interval` later inside the window, or failed once retries are
   * spent. Only a call still dialling or answered moves (and, when `attempt` is given, only that attempt), so
   * repeated events and racing reconcilers change it once. A final outcome queues its callback in the same
   * transaction. Ends arriving together are written together (one transaction for the batch).
   */
  async endAttempt(callId: number, reason: CallEndReason, code: string | null, at: Date, attempt?: number) {
    await this.endedWrites.submit({ callId, reason, code, at, attempt });
  }

  private async writeEnded(items: EndedItem[]): Promise<undefined[]> {
    const now = this.clock.now();
    // Answered calls with a conversation: it ends with the call, once the call's end is committed.
    const ended: { callId: number; reason: CallEndReason; code: string | null }[] = [];
    await this.db.transaction().execute(async (trx) => {
      const ids = [...new Set(items.map((i) => i.callId))];
      // Locked in id order: engines ending overlapping batches side by side never deadlock.
      const rows = await lockEndingCalls(trx, ids);
      const calls = new Map(rows.map((r) => [r.id, r]));
      const updates = new Map<number, CallUpdate>();
      const callbacks: { campaign_id: number; call_id: number; payload: string; next_at: Date }[] = [];
      ended.length = 0;
      // In submission order: a second end of the same call in the batch finds it already moved, as it would alone.
      for (const item of items) {
        const call = calls.get(item.callId);
        if (!call || (call.status !== 'dialling' && call.status !== 'answered')) continue;
        if (item.attempt !== undefined && call.attempts !== item.attempt) continue;
        const outcome = afterAttempt({
          wasAnswered: call.status === 'answered',
          reason: item.reason,
          attempts: call.attempts,
          retryCount: call.retry_count,
        });
        // An answered call completed whatever the far end says, unless an answering machine answered it (machine, as
        // the gateway's detection said) or the bot hung up on a silent callee (no input).
        const result: CallEndReason =
          call.status !== 'answered'
            ? item.reason
            : call.answered_by === 'machine'
              ? 'machine'
              : item.reason === 'no-input'
                ? 'no-input'
                : 'completed';
        const next =
          outcome.status === 'queued'
            ? retryAt(
                now,
                call.retry_interval,
                new Date(call.scheduled_at),
                callWindow(call.call_time_from, call.call_time_to, call.time_zone),
              )
            : null;
        const codes = [...(typeof call.codes === 'string' ? JSON.parse(call.codes) : call.codes), item.code];
        if (call.status === 'answered' && call.conversation_id !== null)
          ended.push({ callId: call.id, reason: result === 'machine' ? result : item.reason, code: item.code });
        call.status = outcome.status;
        updates.set(call.id, {
          id: call.id,
          status: outcome.status,
          result,
          code: item.code,
          codes,
          at: item.at,
          next,
        });
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
            ended_at: item.at.toISOString(),
            conversation_id: call.conversation_id === null ? null : String(call.conversation_id),
          };
          callbacks.push({
            campaign_id: call.campaign_id,
            call_id: call.id,
            payload: JSON.stringify(payload),
            next_at: now,
          });
        }
      }
      await writeCallEnds(trx, [...updates.values()]);
      await queueCallbacks(trx, callbacks);
    });
    for (const call of ended) {
      this.track(
        this.inOrder(call.callId, async () => this.voice?.callEnded(call.callId, call.reason, call.code)).catch(
          (error) => this.log(`Call ${call.callId}: its conversation could not be ended`, error),
        ),
      );
    }
    return items.map(() => undefined);
  }

  /**
   * Calls still dialling `timeout` + 60 s after they were handed to the dialler: the provider says what became of
   * them; a call it does not know (or one that never got a provider id) has failed and is retried. An engine asks
   * only of its own calls, or of any of its gateway's when calls outlive processes (a hosted gateway); calls of
   * another live process's baresip are that process's to end, and those of a dead one are reconcileOrphans'.
   */
  async reconcileStuck(): Promise<number> {
    const now = this.clock.now();
    const rows = await stuckCalls(this.db, {
      now,
      graceSeconds: RECONCILE_GRACE_SECONDS,
      engineId: this.id,
      anyEngine: this.dialler.callsOutliveProcess === true,
    });
    for (const row of rows) {
      const own = row.provider_call_id !== null && row.dialler === this.dialler.name;
      const status = own ? await this.dialler.status(row.provider_call_id!).catch(() => null) : null;
      if (status?.state === 'answered') {
        await this.markAnswered(row.id, now, row.attempts);
      } else if (status?.state === 'ended') {
        await this.endAttempt(row.id, status.reason ?? 'failed', status.code ?? null, now, row.attempts);
      } else {
        // A stuck call was never answered here: the gateway cancels it as a ringing call.
        if (own) await this.dialler.hangup(row.provider_call_id!, 'ringing').catch(() => {});
        await this.endAttempt(row.id, 'failed', status?.code ?? null, now, row.attempts);
      }
    }
    return rows.length;
  }

  /**
   * Calls in progress whose engine has gone silent for longer than the lease (its process was killed or crashed).
   * A call of this engine's hosted gateway lives on at the provider: this engine adopts it (its webhooks reach any
   * instance; reconcileStuck asks after it). Any other call died with its process: an answered one is completed
   * (the callee was reached), a dialling one failed and retried like any failed attempt, as of the dead engine's last
   * heartbeat. Moves are conditional (status, attempt, owner), so engines reconciling side by side change a call once.
   */
  async reconcileOrphans(): Promise<number> {
    const now = this.clock.now();
    const expired = new Date(now.getTime() - this.leaseSeconds * 1000);
    const rows = await orphanedCalls(this.db, this.id, expired);
    for (const row of rows) {
      if (this.dialler.callsOutliveProcess && row.dialler === this.dialler.name) {
        await adoptCall(this.db, row.id, row.engine_id, this.id);
        continue;
      }
      const endedAt = row.seen_at ? new Date(row.seen_at) : now;
      await this.endAttempt(row.id, 'failed', null, endedAt, row.attempts);
    }
    // Engines long gone whose calls are all settled are forgotten (once per lease, not every tick).
    if (now.getTime() - this.lastSweep > this.leaseSeconds * 1000) {
      this.lastSweep = now.getTime();
      await forgetSettledEngines(this.db, expired);
    }
    return rows.length;
  }

  /** Hangs up calls of a deleted campaign. */
  async hangUp(calls: { dialler: string | null; providerCallId: string; phase: CallPhase }[]): Promise<void> {
    await Promise.all(
      calls
        .filter((c) => c.dialler === null || c.dialler === this.dialler.name)
        .map((c) => this.dialler.hangup(c.providerCallId, c.phase).catch((error) => this.log('Hang-up failed', error))),
    );
  }

  private track(p: Promise<unknown>): void {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p)).catch(() => {});
  }
}
