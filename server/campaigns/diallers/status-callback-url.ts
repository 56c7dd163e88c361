import { createHmac, timingSafeEqual } from 'node:crypto';
import type { StatusCallbacks } from './dialler-settings.ts';

/**
 * Status webhooks carry no session, so each call's callback URL holds its own proof: an HMAC over the provider,
 * campaign and call with the shared secret. A leaked URL speaks for that one call only; nobody can make another.
 */
export function callbackToken(secret: string, provider: string, campaignId: number, callId: number): string {
  return createHmac('sha256', secret).update(`${provider}:${campaignId}:${callId}`).digest('base64url');
}

export function checkCallbackToken(
  secret: string,
  provider: string,
  campaignId: number,
  callId: number,
  token: string,
): boolean {
  const expected = Buffer.from(callbackToken(secret, provider, campaignId, callId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function statusCallbackUrl(
  callbacks: StatusCallbacks,
  provider: string,
  campaignId: number,
  callId: number,
): string {
  const token = callbackToken(callbacks.webhookSecret, provider, campaignId, callId);
  const query = new URLSearchParams({ campaign_id: String(campaignId), call_id: String(callId), token });
  return `${callbacks.publicUrl}/v1/outbound/status/${provider}?${query}`;
}
