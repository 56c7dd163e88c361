import { describe, expect, it } from 'vitest';
import { checkTwilioSignature, twilioSignature } from '../../../server/features/campaigns/diallers/twilio-signature.ts';

/** The worked example of Twilio's "Webhooks security" page (auth token 12345). */
const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const params = {
  To: '+18005551212',
  CallSid: 'CA1234567890ABCDE',
  Digits: '1234',
  From: '+12349013030',
  Caller: '+12349013030',
};

describe('X-Twilio-Signature', () => {
  it("matches Twilio's documented example (parameters sorted by name whatever their order)", () => {
    expect(twilioSignature('12345', url, params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
  });

  it('refuses another token, a changed parameter or URL, and a missing or truncated header', () => {
    const good = '0/KCTR6DLpKmkAf8muzZqo1nDgQ=';
    expect(checkTwilioSignature('12345', url, params, good)).toBe(true);
    expect(checkTwilioSignature('54321', url, params, good)).toBe(false);
    expect(checkTwilioSignature('12345', url, { ...params, Digits: '9' }, good)).toBe(false);
    expect(checkTwilioSignature('12345', `${url}&baz=3`, params, good)).toBe(false);
    expect(checkTwilioSignature('12345', url, params, undefined)).toBe(false);
    expect(checkTwilioSignature('12345', url, params, good.slice(0, -1))).toBe(false);
  });
});
