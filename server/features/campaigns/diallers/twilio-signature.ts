import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's request signature (X-Twilio-Signature, "Webhooks security" in its docs): base64 of HMAC-SHA1, keyed with
 * the account's auth token, of the full URL Twilio requested followed by each POST parameter's name and value,
 * sorted by name.
 */
export function twilioSignature(authToken: string, url: string, fields: Record<string, unknown>): string {
  const data = Object.keys(fields)
    .sort()
    .reduce((text, name) => text + name + String(fields[name] ?? ''), url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function checkTwilioSignature(
  authToken: string,
  url: string,
  fields: Record<string, unknown>,
  signature: unknown,
): boolean {
  if (typeof signature !== 'string') return false;
  const expected = Buffer.from(twilioSignature(authToken, url, fields));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
