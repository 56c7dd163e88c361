import type { CallEndReason, CallEvent, CallPhase, CallStatus, Dialler, OriginateRequest } from './dialler.ts';

/** What the far end of a fake call does. */
export type FakeOutcome =
  /** Answers; the callee presses `dtmf` digits; the call is hung up by the bot or after `holdMs`. */
  | { kind: 'answer'; dtmf?: string[]; holdMs?: number }
  /** Ends at once without answering: busy (486), no-answer (408), failed (503). */
  | { kind: 'end'; reason: Exclude<CallEndReason, 'completed'>; code: string }
  /** Accepted by the provider, then nothing is ever heard of it (reconciliation). */
  | { kind: 'silent' };

/**
 * A dialler that places no real call (tests, the bench): each origination is answered, rejected or lost as
 * `decide` says, with events emitted after `originate` resolved, like a real provider. It records every
 * origination, audio played, hang-up and transfer, and the most calls it ever had up at once.
 */
export class FakeDialler implements Dialler {
  readonly name: string;
  readonly originated: OriginateRequest[] = [];
  readonly played: { providerCallId: string; bytes: number }[] = [];
  readonly hungUp: string[] = [];
  /** Whether each hang-up was asked for a ringing or an answered call, in order. */
  readonly hangUpPhases: CallPhase[] = [];
  readonly transfers: { providerCallId: string; destination: string }[] = [];
  maxActive = 0;
  private readonly decide: (request: OriginateRequest) => FakeOutcome;
  private readonly now: () => Date;
  private readonly listeners = new Set<(event: CallEvent) => void>();
  private readonly calls = new Map<string, { request: OriginateRequest; status: CallStatus; timer?: NodeJS.Timeout }>();
  private active = 0;
  private sequence = 0;

  constructor(o: { decide: (request: OriginateRequest) => FakeOutcome; now?: () => Date; name?: string }) {
    this.decide = o.decide;
    this.now = o.now ?? (() => new Date());
    this.name = o.name ?? 'fake';
  }

  async originate(request: OriginateRequest): Promise<{ providerCallId: string }> {
    this.originated.push(request);
    const providerCallId = `fake-${++this.sequence}`;
    this.calls.set(providerCallId, { request, status: { state: 'dialling' } });
    this.active += 1;
    this.maxActive = Math.max(this.maxActive, this.active);
    const outcome = this.decide(request);
    // After the caller stored the provider id, as a real provider's events come.
    setImmediate(() => this.play_(providerCallId, outcome));
    return { providerCallId };
  }

  private play_(providerCallId: string, outcome: FakeOutcome) {
    const call = this.calls.get(providerCallId);
    if (!call || call.status.state === 'ended') return;
    const callId = call.request.callId;
    if (outcome.kind === 'silent') return;
    if (outcome.kind === 'end') {
      this.finish(providerCallId, outcome.reason, outcome.code);
      return;
    }
    const { attempt } = call.request;
    this.emit({ type: 'ringing', callId, attempt });
    call.status = { state: 'answered' };
    this.emit({ type: 'answered', callId, attempt, at: this.now() });
    for (const digit of outcome.dtmf ?? []) this.emit({ type: 'dtmf', callId, attempt, digit });
    if (outcome.holdMs !== undefined) {
      call.timer = setTimeout(() => this.finish(providerCallId, 'completed', '200'), outcome.holdMs);
    }
  }

  private finish(providerCallId: string, reason: CallEndReason, code: string | null) {
    const call = this.calls.get(providerCallId);
    if (!call || call.status.state === 'ended') return;
    if (call.timer) clearTimeout(call.timer);
    call.status = { state: 'ended', reason, code };
    this.active -= 1;
    const { callId, attempt } = call.request;
    this.emit({ type: 'ended', callId, attempt, reason, code, at: this.now() });
  }

  async play(providerCallId: string, wav: Buffer): Promise<void> {
    this.played.push({ providerCallId, bytes: wav.length });
  }

  async hangup(providerCallId: string, phase: CallPhase): Promise<void> {
    this.hungUp.push(providerCallId);
    this.hangUpPhases.push(phase);
    const call = this.calls.get(providerCallId);
    if (!call || call.status.state === 'ended') return;
    if (call.status.state === 'answered') this.finish(providerCallId, 'completed', '200');
    else {
      // A lost call is dropped without an event, as a provider that never heard of it.
      call.status = { state: 'ended', reason: 'failed', code: null };
      this.active -= 1;
    }
  }

  async transfer(providerCallId: string, destination: string): Promise<boolean> {
    this.transfers.push({ providerCallId, destination });
    this.finish(providerCallId, 'completed', '200');
    return true;
  }

  async status(providerCallId: string): Promise<CallStatus> {
    const call = this.calls.get(providerCallId);
    if (!call) return { state: 'unknown' };
    // A silent call is one the provider lost: it cannot say.
    return call.status.state === 'dialling' ? { state: 'unknown' } : call.status;
  }

  onEvent(listener: (event: CallEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    for (const call of this.calls.values()) if (call.timer) clearTimeout(call.timer);
    this.listeners.clear();
  }

  /** How many times each call was handed to the dialler: once per attempt, never more. */
  originationsByCall(): Map<number, number> {
    const counts = new Map<number, number>();
    for (const r of this.originated) counts.set(r.callId, (counts.get(r.callId) ?? 0) + 1);
    return counts;
  }

  private emit(event: CallEvent) {
    for (const listener of this.listeners) listener(event);
  }
}
