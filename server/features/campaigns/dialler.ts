import type { AnsweringMachineChoice } from '../../../src/api/contract/outbound.ts';
import type { SttProvider } from '../../../src/api/contract/settings.ts';

/**
 * The dialler interface (issue 17 §3): how the campaign engine places and controls one outbound call, whatever carries
 * it (SIP through baresip, a hosted voice gateway's REST API, or a fake in tests). One instance per process, created in
 * the application scope. Events for a call arrive through `onEvent`, in order, possibly on another instance for REST
 * providers (their status webhooks), so the engine applies them idempotently.
 */

export interface SipAccount {
  /** SIP server (registrar/proxy) host[:port] of the campaign's environment, from the project settings. */
  server: string;
  /** The number (user part) calls are placed from. */
  number: string;
  password: string;
}

export interface OriginateRequest {
  /** Our call row's id: every event for the call carries it. */
  callId: number;
  /**
   * Which attempt this is (1 for the first): every event carries it too, so a late event of an earlier attempt (a
   * gateway's delayed webhook) never moves the call's current attempt.
   */
  attempt: number;
  campaignId: number;
  /** E.164 number (+420...) or SIP URI (sip:user@host[:port]). */
  destination: string;
  /** Ring time in seconds: unanswered after this, the call ends with `no-answer`. */
  timeoutSeconds: number;
  account: SipAccount;
  /**
   * The campaign's answering-machine choice: a hosted gateway asks for its detection unless `off` (Twilio detects the
   * greeting's end only when asked to, for `message`); the SIP dialler has no detection and ignores it. Absent: off.
   */
  answeringMachine?: AnsweringMachineChoice;
}

/**
 * Why a call ended, as the campaign engine counts it. busy / no-answer / failed are retried; do-not-call (the number
 * is on the project's do-not-call list, found at dial time: never dialled) is final; no-input (answered, and the bot
 * hung up on a silent callee after the long-silence retries) and machine (answered by an answering machine, as the
 * gateway's detection said) are an answered call's endings.
 */
export type CallEndReason = 'completed' | 'busy' | 'no-answer' | 'failed' | 'do-not-call' | 'no-input' | 'machine';

/**
 * What a gateway's answering-machine detection said, in our words: `human` (Twilio human or unknown; jambonz
 * amd_human_detected, amd_no_speech_detected, amd_decision_timeout: when unsure, a person is assumed), `machine` (a
 * machine is speaking its greeting: Twilio machine_start, jambonz amd_machine_detected), `greeting-over` (the
 * machine's greeting ended, a message can start: Twilio machine_end_beep / _silence / _other, jambonz
 * amd_tone_detected, amd_machine_stopped_speaking), `fax`, or `undecided` (jambonz: our own wait for a verdict ran
 * out without one).
 */
export type MachineDetection = 'human' | 'machine' | 'greeting-over' | 'fax' | 'undecided';

/** Whether a call was answered when it is hung up (outbound_calls.status 'dialling' or 'answered'). */
export type CallPhase = 'ringing' | 'answered';

/** Which call and which of its attempts an event is about. */
export interface CallRef {
  callId: number;
  attempt: number;
}

export type CallEvent =
  | ({ type: 'ringing' } & CallRef)
  | ({ type: 'answered'; at: Date } & CallRef)
  /** A DTMF digit pressed by the callee: the runtime gets it as a user message. */
  | ({ type: 'dtmf'; digit: string } & CallRef)
  /** One utterance of the callee's speech (RIFF/WAVE), for speech recognition (speech-recognition.ts). */
  | ({ type: 'speech'; audio: Buffer } & CallRef)
  | ({
      type: 'ended';
      reason: CallEndReason;
      /** SIP status (486, 503, 408, ...) or the provider's code, when known. */
      code: string | null;
      at: Date;
    } & CallRef);

export interface CallStatus {
  state: 'dialling' | 'ringing' | 'answered' | 'ended' | 'unknown';
  reason?: CallEndReason;
  code?: string | null;
}

/**
 * A hosted gateway's status webhook (`POST /v1/outbound/status/{provider}`), already authenticated for its campaign and
 * call by the route (the HMAC token in the callback URL); `fields` are the provider's JSON or form fields.
 */
export interface StatusWebhook {
  campaignId: number;
  callId: number;
  attempt: number;
  fields: Record<string, unknown>;
}

/**
 * A keyed answer of several digits (a reaction's `collect_digits` action): the digits reach the runtime as one message
 * once `finishOnKey` is pressed (not part of it), `max` digits are in, or no digit came for `interDigitSeconds`.
 */
export interface DigitCollection {
  max: number | null;
  finishOnKey: '#' | '*' | null;
  interDigitSeconds: number;
}

/**
 * How a gateway's gather listens for the callee's speech besides keys (issue 38 §3): the project's recognizer in the
 * bot's language. Absent or null: keys only.
 */
export interface SpeechListening {
  /** The project's speech-to-text provider (Settings: stt_provider), for a gateway that lets the app choose one. */
  provider: SttProvider;
  /** BCP-47 tag of the bot's language (en-US, cs-CZ). */
  language: string;
  /** What the callee is likely to say: the titles of the buttons offered. */
  hints: string[];
}

/** What the bot does on its turn of an answered call, for a gateway that asks (webhookVoice) instead of being told. */
export interface VoiceTurn {
  /**
   * The bot's utterances in order, by their tracker timestamp (the audio route synthesizes each one); a reaction's
   * buttons are one of them, spoken as "Press 1 for …" (buttonsMenu).
   */
  utterances: { text: string; ts: number }[];
  /** Transfer the call to this number (the target project's SIP number); null: no transfer. */
  transferTo: string | null;
  /** Hang up after the utterances (call_end, an ended conversation, or a transfer that cannot be made). */
  hangUp: boolean;
  /** The next answer is several digits (collect_digits); absent or null: one digit is the answer. */
  collect?: DigitCollection | null;
  /** Seconds the next gather waits for a first digit (the project's long-silence timeout); absent: 10. */
  silenceSeconds?: number;
  /** The next gather listens for speech too (hosted gateways; not while digits are collected); absent or null: keys. */
  listen?: SpeechListening | null;
  /**
   * Say nothing yet: the gateway's answering-machine detection has not spoken (or a machine's greeting is still
   * playing). The gateway waits up to this many seconds for its detection webhook, then asks it with no verdict.
   */
  awaitDetectionSeconds?: number;
  /**
   * Which bot turn this is: the conversation's last tracker timestamp once the turn is stored. The gather's URL carries
   * it, so a gateway's repeated post for a turn the conversation has moved past is told apart (issue 38).
   */
  mark?: number;
}

/** Which call and attempt of which campaign a gateway's webhook speaks for (its URL's query, already authenticated). */
export interface WebhookCall extends CallRef {
  campaignId: number;
}

/**
 * What a gateway's gather heard. Speech carries the recognizer's transcript ('' when it heard speech but understood
 * nothing) and its confidence (null when not reported); `reason` is the gateway's word for a result it could not
 * give (jambonz: stt-low-confidence, error).
 */
export type GatheredInput =
  | { kind: 'digits'; digits: string }
  | { kind: 'speech'; transcript: string; confidence: number | null; reason?: string }
  | { kind: 'nothing' };

/**
 * A hosted gateway that plays audio from URLs and asks this app's webhooks what to do next: the answered call's hook
 * (jambonz call_hook, Twilio's Url) and each gather's action hook answer with the gateway's verbs for the bot's turn.
 */
export interface WebhookVoice {
  /** The verbs for a turn: play each utterance's audio URL, then transfer, hang up or gather the next digit. */
  instructions(call: WebhookCall, turn: VoiceTurn): { contentType: string; body: string };
  /** What a gather's action hook reports: the keyed digits, the speech result, or nothing (it timed out). */
  gatheredOf(fields: Record<string, unknown>): GatheredInput;
  /**
   * What the gateway's answering-machine detection says in the call hook's fields (Twilio's synchronous detection:
   * its AnsweredBy); null when it says nothing (no detection asked, or a gateway that reports it later).
   */
  detectionOnAnswer(fields: Record<string, unknown>): MachineDetection | null;
  /**
   * Present for a gateway whose detection reports after the call hook, on a webhook of its own (jambonz's amd
   * actionHook, `type` naming the event; none: our own wait for it ran out): what it says, or null for an event we
   * do not act on. Such a gateway says nothing into the call until the verdict, and waits for a machine's greeting
   * to end before a message.
   */
  detectionLater?(fields: Record<string, unknown>): MachineDetection | null;
  /**
   * The provider's own signature of a webhook (Twilio's X-Twilio-Signature over the URL it called and the form it
   * posted), checked besides the per-call token; true for a provider that signs nothing.
   */
  verifySignature(url: string, fields: Record<string, unknown>, headers: Record<string, unknown>): boolean;
}

export interface Dialler {
  readonly name: string;
  /**
   * Present for hosted gateways: an answered call's bot is driven by their webhooks (the engine does not start it on
   * the `answered` event, and `play` is not used).
   */
  readonly webhookVoice?: WebhookVoice;
  /**
   * True when a call lives on at the provider if the process that placed it dies (hosted gateways: their webhooks
   * reach any instance). Absent or false (SIP through this process's baresip, the fake): the call dies with it.
   */
  readonly callsOutliveProcess?: boolean;
  /** Places the call; resolves once the provider accepted it (not when answered). Returns the provider's call id. */
  originate(request: OriginateRequest): Promise<{ providerCallId: string }>;
  /** Plays audio into an answered call: RIFF/WAVE as the speech engine makes it (the adapter converts to 8 kHz µ-law). */
  play(providerCallId: string, wav: Buffer): Promise<void>;
  /**
   * Ends a call. `phase` says whether it was answered: gateways end a ringing call another way than an answered one
   * (jambonz applies `completed` to answered calls only and cancels a ringing one with `no-answer`; Twilio cancels
   * a queued or ringing call with `canceled`), so a call hung up before the callee answered does not ring on.
   */
  hangup(providerCallId: string, phase: CallPhase): Promise<void>;
  /** Transfers an answered call where the adapter can; false when it cannot. */
  transfer(providerCallId: string, destination: string): Promise<boolean>;
  /** Asks the provider what became of a call (reconciliation of calls stuck in "dialling"). */
  status(providerCallId: string): Promise<CallStatus>;
  /**
   * REST gateways only (absent for SIP): applies a status webhook, which may land on any instance, by emitting the one
   * event it reports through `onEvent` (none for statuses the engine does not count, e.g. "queued").
   */
  receiveStatus?(webhook: StatusWebhook): void;
  /** Subscribes to call events; returns the unsubscribe function. */
  onEvent(listener: (event: CallEvent) => void): () => void;
  close(): Promise<void>;
}
