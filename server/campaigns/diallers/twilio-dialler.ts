import type { CallEvent, CallRef, CallStatus, Dialler, OriginateRequest, StatusWebhook } from '../dialler.ts';
import type { DiallerSettings } from './dialler-settings.ts';
import { GatewayError, field, gatewayRequest, sipCode } from './gateway-request.ts';
import { CallEventListeners } from './listeners.ts';
import { statusCallbackUrl } from './status-callback-url.ts';
import { statusFromEvent } from './status-from-event.ts';

type TwilioSettings = Extract<DiallerSettings, { kind: 'twilio' }>;

/** Until the engine speaks, an answered call waits (Twilio hangs up when its TwiML runs out). */
const WAITING_TWIML = '<Response><Pause length="600"/></Response>';

const xmlText = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/**
 * Twilio's CallStatus values (Call resource, StatusCallback parameters) as the engine counts them; `queued` and
 * `initiated` report nothing. `canceled` is our own hang-up before an answer.
 */
export function twilioStatusEvent(fields: Record<string, unknown>, call: CallRef): CallEvent | null {
  const status = field(fields, 'CallStatus');
  const code = sipCode(field(fields, 'SipResponseCode'));
  const at = new Date();
  switch (status) {
    case 'ringing':
      return { type: 'ringing', ...call };
    case 'in-progress':
      return { type: 'answered', ...call, at };
    case 'completed':
      return { type: 'ended', ...call, reason: 'completed', code, at };
    case 'busy':
      return { type: 'ended', ...call, reason: 'busy', code: code ?? '486', at };
    case 'no-answer':
    case 'canceled':
      return { type: 'ended', ...call, reason: 'no-answer', code, at };
    case 'failed':
      return { type: 'ended', ...call, reason: 'failed', code, at };
    default:
      return null;
  }
}

/**
 * Twilio's Calls API: `POST /2010-04-01/Accounts/{sid}/Calls.json` with a StatusCallback per call for the events
 * initiated, ringing, answered and completed. Prompts need audio at a URL Twilio fetches (`<Play>`), which this
 * adapter does not serve, so `play` refuses; transfer replaces the call's TwiML with `<Dial>`.
 */
export class TwilioDialler implements Dialler {
  readonly name = 'twilio';
  readonly callsOutliveProcess = true;
  private readonly listeners = new CallEventListeners();
  private readonly settings: TwilioSettings;

  constructor(settings: TwilioSettings) {
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
      Twiml: WAITING_TWIML,
      Timeout: String(request.timeoutSeconds),
      StatusCallback: statusCallbackUrl(this.settings, 'twilio', request.campaignId, request),
      StatusCallbackMethod: 'POST',
    });
    for (const event of ['initiated', 'ringing', 'answered', 'completed']) form.append('StatusCallbackEvent', event);
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
    throw new GatewayError('Twilio plays prompts from a URL (<Play>); this adapter cannot stream audio to it.', null);
  }

  private update(providerCallId: string, fields: Record<string, string>) {
    return gatewayRequest('Twilio', this.url(`/${encodeURIComponent(providerCallId)}`), {
      method: 'POST',
      headers: this.headers(),
      body: new URLSearchParams(fields),
    });
  }

  async hangup(providerCallId: string): Promise<void> {
    await this.update(providerCallId, { Status: 'completed' });
  }

  async transfer(providerCallId: string, destination: string): Promise<boolean> {
    const target = destination.startsWith('sip:')
      ? `<Sip>${xmlText(destination)}</Sip>`
      : `<Number>${xmlText(destination)}</Number>`;
    const { status } = await this.update(providerCallId, { Twiml: `<Response><Dial>${target}</Dial></Response>` });
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

  receiveStatus(webhook: StatusWebhook): void {
    const event = twilioStatusEvent(webhook.fields, { callId: webhook.callId, attempt: webhook.attempt });
    if (event) this.listeners.emit(event);
  }

  onEvent(listener: (event: CallEvent) => void): () => void {
    return this.listeners.add(listener);
  }

  async close(): Promise<void> {}
}
