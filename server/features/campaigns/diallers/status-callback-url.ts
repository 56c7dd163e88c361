import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CallRef } from '../dialler.ts';
import type { StatusCallbacks } from './dialler-settings.ts';

/**
 * Status webhooks carry no session, so each call's callback URL holds its own proof: an HMAC over the provider,
 * campaign, call and attempt with the shared secret. A leaked URL speaks for that one attempt only; nobody can make
 * another, and a late webhook of an earlier attempt says which attempt it was.
 */
export function callbackToken(secret: string, provider: string, campaignId: number, call: CallRef): string {
  return createHmac('sha256', secret)
    .update(`${provider}:${campaignId}:${call.callId}:${call.attempt}`)
    .digest('base64url');
}

export function checkCallbackToken(
  secret: string,
  provider: string,
  campaignId: number,
  call: CallRef,
  token: string,
): boolean {
  const expected = Buffer.from(callbackToken(secret, provider, campaignId, call));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The gateway's webhooks of one call: `status` (call statuses), `voice` (the answered call asks what to do), `gather`
 * (the digits pressed), `audio` (an utterance to play, `ts` naming it) and `amd` (jambonz's answering-machine
 * events). All carry the same per-call token.
 */
export type GatewayWebhook = 'status' | 'voice' | 'gather' | 'audio' | 'amd';

export function gatewayWebhookUrl(
  callbacks: StatusCallbacks,
  webhook: GatewayWebhook,
  provider: string,
  campaignId: number,
  call: CallRef,
  extra: Record<string, string> = {},
): string {
  const token = callbackToken(callbacks.webhookSecret, provider, campaignId, call);
  const query = new URLSearchParams({
    campaign_id: String(campaignId),
    call_id: String(call.callId),
    attempt: String(call.attempt),
    ...extra,
    token,
  });
  return `${callbacks.publicUrl}/v1/outbound/${webhook}/${provider}?${query}`;
}

export function statusCallbackUrl(
  callbacks: StatusCallbacks,
  provider: string,
  campaignId: number,
  call: CallRef,
): string {
  return gatewayWebhookUrl(callbacks, 'status', provider, campaignId, call);
}
