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
import type { DiallerSettings } from './dialler-settings.ts';
import { GatewayError, field, gatewayRequest, sipCode } from './gateway-request.ts';
import { GatewayDialler } from './gateway-dialler.ts';
import { gatewayStatusEvent } from './gateway-call-status.ts';
import { type TurnVerbs, verbsOfTurn } from './gateway-turn.ts';
import { gatewayWebhookUrl, statusCallbackUrl } from './status-callback-url.ts';
import { checkTwilioSignature } from './twilio-signature.ts';
import { statusFromEvent } from './status-from-event.ts';

type TwilioSettings = Extract<DiallerSettings, { kind: 'twilio' }>;

const xmlText = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/**
 * Twilio's CallStatus values (Call resource, StatusCallback parameters) as the engine counts them; `queued` and
 * `initiated` report nothing. `canceled` is our own hang-up before an answer.
 */
export function twilioStatusEvent(fields: Record<string, unknown>, call: CallRef): CallEvent | null {
  const status = field(fields, 'CallStatus');
  const code = sipCode(field(fields, 'SipResponseCode'));
  return gatewayStatusEvent(status === 'canceled' ? 'no-answer' : status, code, call, 'failed');
}

/**
 * Twilio's AnsweredBy (its Answering Machine Detection, asked with MachineDetection): `Enable` answers human,
 * machine_start, fax or unknown at once; `DetectMessageEnd` waits for a machine's greeting to end and answers
 * machine_end_beep, machine_end_silence or machine_end_other. `unknown` (no decision in time, or initial silence) is
 * taken as a person: the bot greets, and the long-silence settings govern a callee who stays silent.
 */
const TWILIO_ANSWERED_BY = new Map<string, MachineDetection>([
  ['human', 'human'],
  ['unknown', 'human'],
  ['machine_start', 'machine'],
  ['machine_end_beep', 'greeting-over'],
  ['machine_end_silence', 'greeting-over'],
  ['machine_end_other', 'greeting-over'],
  ['fax', 'fax'],
]);

const dialTarget = (destination: string) =>
  destination.startsWith('sip:') ? `<Sip>${xmlText(destination)}</Sip>` : `<Number>${xmlText(destination)}</Number>`;

/** Seconds of quiet after the callee's speech that end it (Twilio's speechTimeout; a number: `auto` needs a model). */
export const SPEECH_END_SECONDS = 2;

/**
 * Twilio's speech attributes of a gather: the bot's language and the offered buttons' titles as hints (Twilio's
 * hints are comma-separated, so a comma inside a title would split it). Twilio picks its own recognizer: the
 * project's provider is not one Twilio lets an app choose by name.
 */
function twilioSpeech(listen: SpeechListening): string {
  const hints = listen.hints.map((h) => h.replaceAll(',', ' ').trim().slice(0, 100)).filter(Boolean);
  return ` speechTimeout="${SPEECH_END_SECONDS}" language="${xmlText(listen.language)}"${hints.length ? ` hints="${xmlText(hints.join(', '))}"` : ''}`;
}

/**
 * A gather's action request (Twilio's <Gather> parameters): `Digits` when keys were pressed, `SpeechResult` (and
 * `Confidence`, 0–1) when speech was recognised; neither when it timed out (actionOnEmptyResult).
 */
export function twilioGathered(fields: Record<string, unknown>): GatheredInput {
  const digits = field(fields, 'Digits');
  if (digits) return { kind: 'digits', digits };
  if (typeof fields.SpeechResult === 'string')
    return { kind: 'speech', transcript: fields.SpeechResult, confidence: speechConfidence(fields.Confidence) };
  return { kind: 'nothing' };
}

/** TwiML for a turn of the bot (the verbs inside <Response>). */
const TWIML_VERBS: TurnVerbs<string> = {
  play: (url) => `<Play>${xmlText(url)}</Play>`,
  transfer: (destination) => `<Dial>${dialTarget(destination)}</Dial>`,
  hangUp: () => '<Hangup/>',
  // Prompts nested in <Gather> listen: a digit (or speech, which barges in) during one interrupts it.
  // actionOnEmptyResult: a gather that times out asks the action hook again instead of running out of TwiML. A
  // collection's inter-digit pause is Twilio's timeout (its one timeout counts before the first digit and between
  // digits); numDigits bounds it, finishOnKey ends it.
  gather: (action, prompts, collect, timeout, listen) => {
    const digits = collect
      ? `${collect.max ? ` numDigits="${collect.max}"` : ''} finishOnKey="${collect.finishOnKey ?? ''}" timeout="${collect.interDigitSeconds}"`
      : ` numDigits="1" timeout="${timeout}"`;
    const input = listen ? `input="dtmf speech"${digits}${twilioSpeech(listen)}` : `input="dtmf"${digits}`;
    const open = `<Gather ${input} actionOnEmptyResult="true" method="POST" action="${xmlText(action)}"`;
    return prompts.length
      ? `${open}>${prompts.map((p) => `<Play>${xmlText(p)}</Play>`).join('')}</Gather>`
      : `${open}/>`;
  },
};

/**
 * Twilio's Calls API: `POST /2010-04-01/Accounts/{sid}/Calls.json` with a per-call `Url` (Twilio asks it for TwiML once
 * the callee answers; with answering-machine detection asked, once it has decided, AnsweredBy saying who) and a
 * StatusCallback for the events initiated, ringing, answered and completed. The bot's turns are TwiML (`<Gather>` of a
 * digit or a collection of them, or of speech, with `<Play>` of our audio route nested, `<Dial>`, `<Hangup/>`)
 * answered by the call and gather webhooks (webhookVoice), each checked against X-Twilio-Signature.
 */
export class TwilioDialler extends GatewayDialler implements Dialler {
  readonly name = 'twilio';
  private readonly settings: TwilioSettings;
  readonly webhookVoice: WebhookVoice = {
    instructions: (call, turn) => ({
      contentType: 'text/xml',
      body: `<?xml version="1.0" encoding="UTF-8"?><Response>${verbsOfTurn(this.settings, 'twilio', call, turn, TWIML_VERBS).join('')}</Response>`,
    }),
    gatheredOf: twilioGathered,
    // Synchronous detection (no AsyncAmd): Twilio asks the call's Url once it has decided, with AnsweredBy.
    detectionOnAnswer: (fields) => TWILIO_ANSWERED_BY.get(field(fields, 'AnsweredBy')) ?? null,
    verifySignature: (url, fields, headers) =>
      checkTwilioSignature(this.settings.authToken, url, fields, headers['x-twilio-signature']),
  };

  constructor(settings: TwilioSettings) {
    super();
    this.settings = settings;
  }

  private url(path: string): string {
    return `${this.settings.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(this.settings.accountSid)}/Calls${path}.json`;
  }

  private headers(): Record<string, string> {
    const basic = Buffer.from(`${this.settings.accountSid}:${this.settings.authToken}`).toString('base64');
    return { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' };
  }

  async originate(request: OriginateRequest): Promise<{ providerCallId: string }> {
    const form = new URLSearchParams({
      To: request.destination,
      From: request.account.number,
      Url: gatewayWebhookUrl(this.settings, 'voice', 'twilio', request.campaignId, request),
      Method: 'POST',
      Timeout: String(request.timeoutSeconds),
      StatusCallback: statusCallbackUrl(this.settings, 'twilio', request.campaignId, request),
      StatusCallbackMethod: 'POST',
    });
    for (const event of ['initiated', 'ringing', 'answered', 'completed']) form.append('StatusCallbackEvent', event);
    // A message must start after the beep: DetectMessageEnd answers once the machine's greeting is over.
    if (request.answeringMachine && request.answeringMachine !== 'off')
      form.set('MachineDetection', request.answeringMachine === 'message' ? 'DetectMessageEnd' : 'Enable');
    const { status, body } = await gatewayRequest('Twilio', this.url(''), {
      method: 'POST',
      headers: this.headers(),
      body: form,
    });
    const sid = field(body, 'sid');
    if (status === 404 || !sid)
      throw new GatewayError('Twilio did not create the call (no sid in its answer).', status);
    return { providerCallId: sid };
  }

  async play(): Promise<void> {
    throw new GatewayError(
      'Twilio fetches prompts from the audio route (<Play>, webhookVoice); nothing is pushed.',
      null,
    );
  }

  private update(providerCallId: string, fields: Record<string, string>) {
    return gatewayRequest('Twilio', this.url(`/${encodeURIComponent(providerCallId)}`), {
      method: 'POST',
      headers: this.headers(),
      body: new URLSearchParams(fields),
    });
  }

  async hangup(providerCallId: string, phase: CallPhase): Promise<void> {
    // Twilio's call update: `completed` ends an answered call, `canceled` a queued or ringing one.
    await this.update(providerCallId, { Status: phase === 'answered' ? 'completed' : 'canceled' });
  }

  async transfer(providerCallId: string, destination: string): Promise<boolean> {
    const twiml = `<Response>${TWIML_VERBS.transfer(destination)}</Response>`;
    const { status } = await this.update(providerCallId, { Twiml: twiml });
    return status !== 404;
  }

  async status(providerCallId: string): Promise<CallStatus> {
    const { status, body } = await gatewayRequest('Twilio', this.url(`/${encodeURIComponent(providerCallId)}`), {
      method: 'GET',
      headers: this.headers(),
    });
    if (status === 404) return { state: 'unknown' };
    const event = twilioStatusEvent({ CallStatus: field(body, 'status') }, { callId: 0, attempt: 0 });
    return event ? statusFromEvent(event) : { state: 'dialling' };
  }

  protected statusEvent(fields: Record<string, unknown>, call: CallRef): CallEvent | null {
    return twilioStatusEvent(fields, call);
  }
}
