import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { CallEndReason, CallEvent, CallStatus, Dialler, OriginateRequest } from '../dialler.ts';
import { type BaresipEvent, BaresipError, BaresipProcess, SILENCE_SECONDS } from './baresip-process.ts';
import { reasonForSipStatus } from './call-end-reason.ts';
import { EndedCalls } from './ended-calls.ts';
import { CallEventListeners } from './listeners.ts';
import { accountAor, accountLine, checkAccount, requestUri } from './sip-request-uri.ts';
import { toTelephoneWav } from './telephone-wav.ts';

export interface SipDiallerOptions {
  /** baresip program (BARESIP_BINARY, default `baresip`). */
  binary?: string;
  /** baresip's modules (default Debian's /usr/lib/baresip/modules). */
  modulePath?: string;
  /** Address the SIP socket binds (DIALLER_SIP_HOST, default 0.0.0.0); the port is picked free. */
  sipHost?: string;
}

/** Silence after each prompt: we switch back to silence before the file runs dry (aufile checks once a second). */
const PROMPT_TAIL_SECONDS = 1;
const SWITCH_BACK_AFTER_SECONDS = 0.3;
/** A hang-up baresip never confirms still ends the call for the engine. */
const HANGUP_CONFIRM_MS = 5000;
/** An answered call's silence file is reopened well before it runs dry. */
const SILENCE_REFRESH_MS = (SILENCE_SECONDS / 2) * 1000;

interface SipCall {
  providerCallId: string;
  callId: number;
  attempt: number;
  aor: string;
  state: 'dialling' | 'ringing' | 'answered' | 'ended';
  /** baresip's id of the call (its SIP Call-ID), from its first event. */
  baresipId: string | null;
  /** Set when we end the call ourselves (ring timeout, hang-up before answer). */
  localEnd: CallEndReason | null;
  timers: Set<NodeJS.Timeout>;
  /** Prompts play one after the other. */
  playing: Promise<void>;
  /** A prompt is the source now (the silence refresh waits). */
  prompting: boolean;
  ended: Promise<void>;
  markEnded: () => void;
  releaseLine: () => void;
}

/**
 * Calls through the campaign's SIP server with baresip (Debian's package, driven over its control socket; see
 * docs/decisions.md). baresip 1.0 switches the audio source of a whole user agent, and its commands act on "the
 * current call" of a user agent, so each account places one call at a time on this instance: a second originate
 * for the same account waits for the line. Different accounts (projects, environments) call side by side.
 */
export class SipDialler implements Dialler {
  readonly name = 'sip';
  private baresip: BaresipProcess | null = null;
  private starting: Promise<BaresipProcess> | null = null;
  private readonly calls = new Map<string, SipCall>();
  private readonly byAor = new Map<string, SipCall>();
  /** The account line each user agent was made with (a changed password makes it anew). */
  private readonly agents = new Map<string, string>();
  private readonly lines = new Map<string, Promise<void>>();
  private readonly ended = new EndedCalls();
  private readonly listeners = new CallEventListeners();
  private playCount = 0;
  private closed = false;

  private readonly options: SipDiallerOptions;

  constructor(options: SipDiallerOptions = {}) {
    this.options = options;
  }

  onEvent(listener: (event: CallEvent) => void): () => void {
    return this.listeners.add(listener);
  }

  /** baresip's process id, once it runs (diagnostics, tests). */
  get processId(): number | null {
    return this.baresip?.pid ?? null;
  }

  /** The SIP address baresip listens on (tests), once it runs. */
  get sipAddress(): string | null {
    return this.baresip?.running ? this.baresip.sipAddress : null;
  }

  private process(): Promise<BaresipProcess> {
    if (this.closed) return Promise.reject(new BaresipError('The SIP dialler is closed.'));
    if (this.baresip?.running) return Promise.resolve(this.baresip);
    if (!this.starting) {
      const baresip = new BaresipProcess(
        {
          binary: this.options.binary ?? 'baresip',
          modulePath: this.options.modulePath ?? '/usr/lib/baresip/modules',
          sipHost: this.options.sipHost ?? '0.0.0.0',
        },
        (event) => this.receive(event),
        () => this.lost(baresip),
      );
      this.starting = baresip
        .start()
        .then(() => {
          this.baresip = baresip;
          this.agents.clear();
          return baresip;
        })
        .catch(async (error) => {
          await baresip.stop();
          throw error;
        })
        .finally(() => {
          this.starting = null;
        });
    }
    return this.starting;
  }

  /** baresip went away: its calls are gone with it; the next originate starts a new one. */
  private lost(baresip: BaresipProcess): void {
    if (this.baresip !== baresip) return;
    this.baresip = null;
    // An answered call still counts as completed (the callee was reached); an unanswered one as failed.
    for (const call of [...this.byAor.values()]) this.finish(call, '');
    void baresip.stop();
  }

  async originate(request: OriginateRequest): Promise<{ providerCallId: string }> {
    checkAccount(request.account);
    const uri = requestUri(request.destination, request.account);
    const aor = accountAor(request.account);
    const baresip = await this.process();
    const line = `${accountLine(request.account)};audio_source=${baresip.silenceSource}`;

    const previous = this.lines.get(aor) ?? Promise.resolve();
    let releaseLine = () => {};
    const mine = new Promise<void>((resolve) => {
      releaseLine = resolve;
    });
    const chained = previous.then(() => mine);
    this.lines.set(aor, chained);
    void chained.then(() => {
      if (this.lines.get(aor) === chained) this.lines.delete(aor);
    });
    await previous;

    let markEnded = () => {};
    const ended = new Promise<void>((resolve) => {
      markEnded = resolve;
    });
    const call: SipCall = {
      providerCallId: `sip-${randomUUID()}`,
      callId: request.callId,
      attempt: request.attempt,
      aor,
      state: 'dialling',
      baresipId: null,
      localEnd: null,
      timers: new Set(),
      playing: Promise.resolve(),
      prompting: false,
      ended,
      markEnded,
      releaseLine,
    };
    this.calls.set(call.providerCallId, call);
    this.byAor.set(aor, call);
    try {
      await baresip.exclusive(async (command) => {
        if (this.agents.get(aor) !== line) {
          if (this.agents.has(aor)) await command('uadel', aor);
          await command('uanew', line);
          this.agents.set(aor, line);
        }
        await command('uafind', aor);
        await command('dial', uri);
      });
    } catch (error) {
      this.calls.delete(call.providerCallId);
      this.byAor.delete(aor);
      releaseLine();
      throw error;
    }
    this.after(call, request.timeoutSeconds * 1000, () => {
      if (call.state === 'dialling' || call.state === 'ringing') void this.endLocally(call, 'no-answer');
    });
    return { providerCallId: call.providerCallId };
  }

  private after(call: SipCall, ms: number, work: () => void): void {
    const timer = setTimeout(() => {
      call.timers.delete(timer);
      work();
    }, ms);
    call.timers.add(timer);
  }

  private receive(event: BaresipEvent): void {
    const call = event.accountaor ? this.byAor.get(event.accountaor) : undefined;
    if (!call || !event.id) return;
    if (call.baresipId === null) call.baresipId = event.id;
    else if (call.baresipId !== event.id) return;
    switch (event.type) {
      case 'CALL_RINGING':
      case 'CALL_PROGRESS':
        if (call.state === 'dialling') {
          call.state = 'ringing';
          this.listeners.emit({ type: 'ringing', callId: call.callId, attempt: call.attempt });
        }
        return;
      case 'CALL_ESTABLISHED':
        if (call.state === 'dialling' || call.state === 'ringing') {
          call.state = 'answered';
          this.listeners.emit({ type: 'answered', callId: call.callId, attempt: call.attempt, at: new Date() });
          this.refreshSilence(call);
        }
        return;
      case 'CALL_DTMF_START':
        if (call.state === 'answered' && event.param && /^[0-9*#A-D]$/.test(event.param)) {
          this.listeners.emit({ type: 'dtmf', callId: call.callId, attempt: call.attempt, digit: event.param });
        }
        return;
      case 'CALL_CLOSED':
        this.finish(call, event.param ?? '');
        return;
    }
  }

  private refreshSilence(call: SipCall): void {
    this.after(call, SILENCE_REFRESH_MS, () => {
      const baresip = this.baresip;
      if (call.state !== 'answered' || !baresip) return;
      this.refreshSilence(call);
      if (call.prompting) return;
      void baresip
        .exclusive(async (command) => {
          if (call.state !== 'answered' || call.prompting) return;
          await command('uafind', call.aor);
          await command('ausrc', baresip.silenceSource);
        })
        .catch(() => {});
    });
  }

  /** `closedBecause` is baresip's CALL_CLOSED text: "486 Busy Here", "Connection reset by user", "end of file"... */
  private finish(call: SipCall, closedBecause: string): void {
    if (call.state === 'ended') return;
    const status = /^([1-6]\d\d)\b/.exec(closedBecause);
    const code = status ? status[1] : null;
    let reason: CallEndReason;
    if (call.state === 'answered') reason = 'completed';
    else if (call.localEnd) reason = call.localEnd;
    else if (code) reason = reasonForSipStatus(Number(code));
    else reason = 'failed';
    call.state = 'ended';
    for (const timer of call.timers) clearTimeout(timer);
    call.timers.clear();
    this.byAor.delete(call.aor);
    this.calls.delete(call.providerCallId);
    this.ended.remember(call.providerCallId, { state: 'ended', reason, code });
    call.markEnded();
    call.releaseLine();
    this.listeners.emit({ type: 'ended', callId: call.callId, attempt: call.attempt, reason, code, at: new Date() });
  }

  private async endLocally(call: SipCall, reason: CallEndReason): Promise<void> {
    if (call.state === 'ended') return;
    call.localEnd ??= reason;
    this.after(call, HANGUP_CONFIRM_MS, () => this.finish(call, ''));
    const baresip = this.baresip;
    if (!baresip) return this.finish(call, '');
    await baresip
      .exclusive(async (command) => {
        if (call.state === 'ended') return;
        await command('uafind', call.aor);
        await command('hangup');
      })
      .catch(() => this.finish(call, ''));
  }

  async play(providerCallId: string, wav: Buffer): Promise<void> {
    const call = this.calls.get(providerCallId);
    if (call?.state !== 'answered')
      throw new BaresipError('The call is not answered, so nothing can be played into it.');
    const prompt = toTelephoneWav(wav, PROMPT_TAIL_SECONDS);
    const run = call.playing.then(() => this.playNow(call, prompt));
    call.playing = run.catch(() => {});
    return run;
  }

  private async playNow(call: SipCall, prompt: { wav: Buffer; seconds: number }): Promise<void> {
    const baresip = this.baresip;
    if (call.state !== 'answered' || !baresip) return;
    const file = path.join(baresip.directory, `prompt-${++this.playCount}.wav`);
    await fs.writeFile(file, prompt.wav);
    call.prompting = true;
    try {
      await baresip.exclusive(async (command) => {
        if (call.state !== 'answered') return;
        await command('uafind', call.aor);
        await command('ausrc', `aufile,${file}`);
      });
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        call.ended,
        new Promise((resolve) => {
          timer = setTimeout(resolve, (prompt.seconds + SWITCH_BACK_AFTER_SECONDS) * 1000);
        }),
      ]);
      clearTimeout(timer);
      await baresip.exclusive(async (command) => {
        if (call.state !== 'answered') return;
        await command('uafind', call.aor);
        await command('ausrc', baresip.silenceSource);
      });
    } finally {
      call.prompting = false;
      await fs.rm(file, { force: true });
    }
  }

  async hangup(providerCallId: string): Promise<void> {
    const call = this.calls.get(providerCallId);
    if (!call) return;
    await this.endLocally(call, 'no-answer');
    await call.ended;
  }

  async transfer(providerCallId: string, destination: string): Promise<boolean> {
    const call = this.calls.get(providerCallId);
    const baresip = this.baresip;
    if (call?.state !== 'answered' || !baresip) return false;
    const server = call.aor.slice(call.aor.indexOf('@') + 1);
    const target = requestUri(destination, { server, number: 'x', password: '' });
    // REFER: the callee's side calls the target; baresip hangs up when the transfer succeeds (CALL_CLOSED).
    return baresip
      .exclusive(async (command) => {
        await command('uafind', call.aor);
        await command('transfer', target);
        return true;
      })
      .catch(() => false);
  }

  async status(providerCallId: string): Promise<CallStatus> {
    const call = this.calls.get(providerCallId);
    if (call) return { state: call.state };
    return this.ended.get(providerCallId) ?? { state: 'unknown' };
  }

  async close(): Promise<void> {
    this.closed = true;
    const baresip = this.baresip ?? (await this.starting?.catch(() => null)) ?? null;
    this.baresip = null;
    for (const call of [...this.byAor.values()]) this.finish(call, '');
    await baresip?.stop();
  }
}
