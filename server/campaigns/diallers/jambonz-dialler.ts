import type { CallEvent, CallRef, CallStatus, Dialler, OriginateRequest, StatusWebhook } from '../dialler.ts';
import { reasonForSipStatus } from './call-end-reason.ts';
import type { DiallerSettings } from './dialler-settings.ts';
import { GatewayError, field, gatewayRequest, sipCode } from './gateway-request.ts';
import { CallEventListeners } from './listeners.ts';
import { statusCallbackUrl } from './status-callback-url.ts';
import { statusFromEvent } from './status-from-event.ts';

type JambonzSettings = Extract<DiallerSettings, { kind: 'jambonz' }>;

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * jambonz's call_status values (its call hook documentation) as the engine counts them: one event per status,
 * none for `trying`. A failure jambonz reports with a SIP busy status counts as busy.
 */
export function jambonzStatusEvent(fields: Record<string, unknown>, call: CallRef): CallEvent | null {
  const status = field(fields, 'call_status');
  const code = sipCode(field(fields, 'sip_status'));
  const at = new Date();
  switch (status) {
    case 'ringing':
    case 'early-media':
      return { type: 'ringing', ...call };
    case 'in-progress':
      return { type: 'answered', ...call, at };
    case 'completed':
      return { type: 'ended', ...call, reason: 'completed', code, at };
    case 'busy':
      return { type: 'ended', ...call, reason: 'busy', code: code ?? '486', at };
    case 'no-answer':
      return { type: 'ended', ...call, reason: 'no-answer', code, at };
    case 'failed':
      return { type: 'ended', ...call, reason: code ? reasonForSipStatus(Number(code)) : 'failed', code, at };
    default:
      return null;
  }
}

function jambonzCallStatus(fields: Record<string, unknown> | null): CallStatus {
  const event = jambonzStatusEvent(fields ?? {}, { callId: 0, attempt: 0 });
  if (!event) return { state: field(fields, 'call_status') === 'trying' ? 'dialling' : 'unknown' };
  return statusFromEvent(event);
}

/**
 * jambonz (self-hosted or jambonz.cloud) through its REST API: createCall with the configured application (which
 * drives the answered call) and a per-call status hook. Prompts would need the audio at a URL the gateway can
 * fetch, which this adapter does not serve, so `play` refuses; transfer is left to the application.
 */
export class JambonzDialler implements Dialler {
  readonly name = 'jambonz';
  readonly callsOutliveProcess = true;
  private readonly listeners = new CallEventListeners();
  private readonly settings: JambonzSettings;

  constructor(settings: JambonzSettings) {
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
        application_sid: this.settings.applicationSid,
        from: request.account.number,
        to,
        timeout: request.timeoutSeconds,
        call_status_hook: {
          url: statusCallbackUrl(this.settings, 'jambonz', request.campaignId, request),
          method: 'POST',
        },
        tag: { campaign_id: request.campaignId, call_id: request.callId },
      }),
    });
    const sid = field(body, 'sid');
    if (status === 404 || !sid)
      throw new GatewayError('jambonz did not create the call (no sid in its answer).', status);
    return { providerCallId: sid };
  }

  async play(): Promise<void> {
    throw new GatewayError('jambonz plays prompts from its application; this adapter cannot stream audio to it.', null);
  }

  async hangup(providerCallId: string): Promise<void> {
    await gatewayRequest('jambonz', this.url(`/${encodeURIComponent(providerCallId)}`), {
      method: 'PUT',
      headers: this.headers(),
      body: JSON.stringify({ call_status: 'completed' }),
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

  receiveStatus(webhook: StatusWebhook): void {
    const event = jambonzStatusEvent(webhook.fields, { callId: webhook.callId, attempt: webhook.attempt });
    if (event) this.listeners.emit(event);
  }

  onEvent(listener: (event: CallEvent) => void): () => void {
    return this.listeners.add(listener);
  }

  async close(): Promise<void> {}
}
