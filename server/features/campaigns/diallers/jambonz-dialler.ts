import type { SttProvider } from '../../../../src/api/contract/settings.ts';
import type {
  CallEvent,
  CallPhase,
  CallRef,
  CallStatus,
  Dialler,
  GatheredInput,
  MachineDetection,
  OriginateRequest,
  SpeechListening,
  WebhookVoice,
} from '../dialler.ts';
import { speechConfidence } from '../speech-recognition.ts';
import { reasonForSipStatus } from './call-end-reason.ts';
import type { DiallerSettings } from './dialler-settings.ts';
import { GatewayError, field, gatewayRequest, sipCode } from './gateway-request.ts';
import { GatewayDialler } from './gateway-dialler.ts';
import { gatewayStatusEvent } from './gateway-call-status.ts';
import { type TurnVerbs, verbsOfTurn } from './gateway-turn.ts';
import { gatewayWebhookUrl, statusCallbackUrl } from './status-callback-url.ts';
import { statusFromEvent } from './status-from-event.ts';

type JambonzSettings = Extract<DiallerSettings, { kind: 'jambonz' }>;

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * jambonz's call_status values (its call hook documentation) as the engine counts them: one event per status,
 * none for `trying`; early media is ringing. A failure jambonz reports with a SIP busy status counts as busy.
 */
export function jambonzStatusEvent(fields: Record<string, unknown>, call: CallRef): CallEvent | null {
  const status = field(fields, 'call_status');
  const code = sipCode(field(fields, 'sip_status'));
  const failed = code ? reasonForSipStatus(Number(code)) : 'failed';
  return gatewayStatusEvent(status === 'early-media' ? 'ringing' : status, code, call, failed);
}

/**
 * The project's speech-to-text provider as jambonz's recognizer: its vendor name (case-sensitive), vendor options,
 * and whether the vendor takes `hints`. Whisper is OpenAI's model, which jambonz runs as vendor `openai`; jambonz has no
 * Vosk of its own, so Vosk is a custom speech vendor the jambonz account registers under the name `vosk`.
 */
const JAMBONZ_RECOGNIZERS: Record<SttProvider, { vendor: string; options?: Record<string, unknown>; hints: boolean }> =
  {
    google: { vendor: 'google', hints: true },
    azure: { vendor: 'microsoft', hints: true },
    whisper: { vendor: 'openai', options: { openaiOptions: { model: 'whisper-1' } }, hints: false },
    vosk: { vendor: 'custom:vosk', hints: false },
  };

export function jambonzRecognizer(listen: SpeechListening): Record<string, unknown> {
  const { vendor, options, hints } = JAMBONZ_RECOGNIZERS[listen.provider];
  return {
    vendor,
    language: listen.language,
    ...(hints && listen.hints.length ? { hints: listen.hints } : {}),
    ...options,
  };
}

/** The best alternative of a jambonz transcription (`speech.alternatives`, or nested in `speech.transcripts`). */
function firstAlternative(speech: unknown): { transcript: string; confidence: number | null } {
  const s = (speech ?? {}) as { alternatives?: unknown; transcripts?: { alternatives?: unknown }[] };
  const alternatives = Array.isArray(s.alternatives) ? s.alternatives : s.transcripts?.[0]?.alternatives;
  const best = (Array.isArray(alternatives) ? alternatives[0] : null) as Record<string, unknown> | null;
  return {
    transcript: typeof best?.transcript === 'string' ? best.transcript : '',
    confidence: speechConfidence(best?.confidence),
  };
}

/**
 * A gather's actionHook payload: `reason` dtmfDetected (with `digits`), speechDetected (with `speech`), timeout, or a
 * recognition that gave no result (stt-low-confidence when the recognizer's minConfidence refused it, error).
 */
export function jambonzGathered(fields: Record<string, unknown>): GatheredInput {
  const reason = field(fields, 'reason');
  if (reason === 'speechDetected') return { kind: 'speech', ...firstAlternative(fields.speech) };
  if (reason === 'stt-low-confidence' || reason === 'error')
    return { kind: 'speech', transcript: '', confidence: null, reason };
  const digits = field(fields, 'digits');
  return digits ? { kind: 'digits', digits } : { kind: 'nothing' };
}

/**
 * jambonz's answering-machine events (the `type` its amd actionHook posts). It decides human on a short greeting,
 * machine on a long one (or a voicemail phrase); then a machine's beep (amd_tone_detected) or the end of its greeting
 * (amd_machine_stopped_speaking) follows. No speech and no decision in time are taken as a person, as Twilio's
 * `unknown` is; amd_error and amd_stopped change nothing.
 */
const JAMBONZ_AMD_EVENTS = new Map<string, MachineDetection>([
  ['amd_human_detected', 'human'],
  ['amd_no_speech_detected', 'human'],
  ['amd_decision_timeout', 'human'],
  ['amd_machine_detected', 'machine'],
  ['amd_tone_detected', 'greeting-over'],
  ['amd_machine_stopped_speaking', 'greeting-over'],
]);

/** jambonz's verbs (its webhook JSON) for a turn of the bot. */
const JAMBONZ_VERBS: TurnVerbs<Record<string, unknown>> = {
  play: (url) => ({ verb: 'play', url }),
  transfer: (destination) => ({
    verb: 'dial',
    target: [E164.test(destination) ? { type: 'phone', number: destination } : { type: 'sip', sipUri: destination }],
  }),
  hangUp: () => ({ verb: 'hangup' }),
  // The prompts nested in the gather (its `play`, several URLs in turn) with dtmfBargein: a digit interrupts them and
  // counts (speech too, with bargein, when the gather listens). A collection ends at maxDigits, its finishOnKey or its
  // interDigitTimeout.
  gather: (actionHook, prompts, collect, timeout, listen) => ({
    verb: 'gather',
    input: listen ? ['digits', 'speech'] : ['digits'],
    ...(collect
      ? {
          minDigits: 1,
          ...(collect.max ? { maxDigits: collect.max } : {}),
          ...(collect.finishOnKey ? { finishOnKey: collect.finishOnKey } : {}),
          interDigitTimeout: collect.interDigitSeconds,
        }
      : { numDigits: 1 }),
    timeout,
    ...(listen ? { recognizer: jambonzRecognizer(listen), ...(prompts.length ? { bargein: true } : {}) } : {}),
    ...(prompts.length ? { play: { url: prompts.length === 1 ? prompts[0] : prompts }, dtmfBargein: true } : {}),
    actionHook,
  }),
  // Silence while jambonz's detection decides: its amd actionHook's answer replaces these verbs; if it never comes,
  // the redirect asks the same hook with no event.
  awaitDetection: (detectionUrl, seconds) => [
    { verb: 'pause', length: seconds },
    { verb: 'redirect', actionHook: detectionUrl },
  ],
};

function jambonzCallStatus(fields: Record<string, unknown> | null): CallStatus {
  const event = jambonzStatusEvent(fields ?? {}, { callId: 0, attempt: 0 });
  if (!event) return { state: field(fields, 'call_status') === 'trying' ? 'dialling' : 'unknown' };
  return statusFromEvent(event);
}

/**
 * jambonz (self-hosted or jambonz.cloud) through its REST API: createCall with a per-call call_hook (jambonz asks it
 * what to do once the callee answers) and status hook. The bot's turns are jambonz verbs (a `gather` of a digit, of a
 * collection of them or of speech with the project's recognizer, with the `play` of our audio route nested; `play`,
 * `dial` to transfer, `hangup`), answered by the call and gather hooks (webhookVoice).
 */
export class JambonzDialler extends GatewayDialler implements Dialler {
  readonly name = 'jambonz';
  private readonly settings: JambonzSettings;
  readonly webhookVoice: WebhookVoice = {
    instructions: (call, turn) => ({
      contentType: 'application/json',
      body: JSON.stringify(verbsOfTurn(this.settings, 'jambonz', call, turn, JAMBONZ_VERBS)),
    }),
    gatheredOf: jambonzGathered,
    // jambonz's detection runs beside the call hook and reports on the amd actionHook (detectionLater).
    detectionOnAnswer: () => null,
    detectionLater: (fields) => {
      const type = field(fields, 'type');
      return type ? (JAMBONZ_AMD_EVENTS.get(type) ?? null) : 'undecided';
    },
    // The per-call token authenticates jambonz's webhooks (its optional webhook secret is not configured here).
    verifySignature: () => true,
  };

  constructor(settings: JambonzSettings) {
    super();
    this.settings = settings;
  }

  private url(path: string): string {
    return `${this.settings.apiUrl}/v1/Accounts/${encodeURIComponent(this.settings.accountSid)}/Calls${path}`;
  }

  private headers(): Record<string, string> {
    return { authorization: `Bearer ${this.settings.apiKey}`, 'content-type': 'application/json' };
  }

  async originate(request: OriginateRequest): Promise<{ providerCallId: string }> {
    const to = E164.test(request.destination)
      ? { type: 'phone', number: request.destination }
      : { type: 'sip', sipUri: request.destination };
    const { status, body } = await gatewayRequest('jambonz', this.url(''), {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify({
        call_hook: {
          url: gatewayWebhookUrl(this.settings, 'voice', 'jambonz', request.campaignId, request),
          method: 'POST',
        },
        from: request.account.number,
        to,
        timeout: request.timeoutSeconds,
        call_status_hook: {
          url: statusCallbackUrl(this.settings, 'jambonz', request.campaignId, request),
          method: 'POST',
        },
        tag: { campaign_id: request.campaignId, call_id: request.callId },
        // Answering-machine detection from the answer on; its events reach the amd webhook.
        ...(!request.answeringMachine || request.answeringMachine === 'off'
          ? {}
          : { amd: { actionHook: gatewayWebhookUrl(this.settings, 'amd', 'jambonz', request.campaignId, request) } }),
      }),
    });
    const sid = field(body, 'sid');
    if (status === 404 || !sid)
      throw new GatewayError('jambonz did not create the call (no sid in its answer).', status);
    return { providerCallId: sid };
  }

  async play(): Promise<void> {
    throw new GatewayError('jambonz fetches prompts from the audio route (webhookVoice); nothing is pushed.', null);
  }

  async hangup(providerCallId: string, phase: CallPhase): Promise<void> {
    // jambonz's updateCall: `completed` hangs up an answered call only; a ringing one is cancelled with `no-answer`.
    await gatewayRequest('jambonz', this.url(`/${encodeURIComponent(providerCallId)}`), {
      method: 'PUT',
      headers: this.headers(),
      body: JSON.stringify({ call_status: phase === 'answered' ? 'completed' : 'no-answer' }),
    });
  }

  async transfer(): Promise<boolean> {
    return false;
  }

  async status(providerCallId: string): Promise<CallStatus> {
    const { status, body } = await gatewayRequest('jambonz', this.url(`/${encodeURIComponent(providerCallId)}`), {
      method: 'GET',
      headers: this.headers(),
    });
    // jambonz lists live calls only: a call it no longer knows has ended, but how is the status hook's to say.
    return status === 404 ? { state: 'unknown' } : jambonzCallStatus(body);
  }

  protected statusEvent(fields: Record<string, unknown>, call: CallRef): CallEvent | null {
    return jambonzStatusEvent(fields, call);
  }
}
