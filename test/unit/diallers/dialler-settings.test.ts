import { describe, expect, it } from 'vitest';
import { readDiallerSettings } from '../../../server/features/campaigns/diallers/dialler-settings.ts';
import {
  callbackToken,
  checkCallbackToken,
  statusCallbackUrl,
} from '../../../server/features/campaigns/diallers/status-callback-url.ts';

const secret = 's'.repeat(32);

describe('dialler settings', () => {
  it('dials nothing by default; SIP goes through baresip on every address', () => {
    expect(readDiallerSettings({})).toEqual({ kind: 'none' });
    expect(readDiallerSettings({ CAMPAIGN_DIALLER: 'fake' })).toEqual({ kind: 'fake' });
    expect(readDiallerSettings({ CAMPAIGN_DIALLER: 'sip' })).toEqual({
      kind: 'sip',
      baresipBinary: 'baresip',
      sipHost: '0.0.0.0',
    });
  });

  it('a gateway needs its credentials, a public URL and a long shared secret, or the server refuses to start', () => {
    expect(() => readDiallerSettings({ CAMPAIGN_DIALLER: 'pigeon' })).toThrow(
      'CAMPAIGN_DIALLER must be none, fake, sip, jambonz or twilio',
    );
    expect(() => readDiallerSettings({ CAMPAIGN_DIALLER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(
      'CAMPAIGN_DIALLER=twilio needs TWILIO_AUTH_TOKEN as well.',
    );
    const twilio = { CAMPAIGN_DIALLER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' };
    expect(() => readDiallerSettings(twilio)).toThrow('needs DIALLER_PUBLIC_URL, DIALLER_WEBHOOK_SECRET');
    expect(() =>
      readDiallerSettings({ ...twilio, DIALLER_PUBLIC_URL: 'https://c.example.com', DIALLER_WEBHOOK_SECRET: 'short' }),
    ).toThrow('at least 32 characters');
    expect(() =>
      readDiallerSettings({ ...twilio, DIALLER_PUBLIC_URL: 'c.example.com', DIALLER_WEBHOOK_SECRET: secret }),
    ).toThrow('DIALLER_PUBLIC_URL must be an http(s) URL.');
    expect(
      readDiallerSettings({ ...twilio, DIALLER_PUBLIC_URL: 'https://c.example.com/', DIALLER_WEBHOOK_SECRET: secret }),
    ).toEqual({
      kind: 'twilio',
      apiUrl: 'https://api.twilio.com',
      accountSid: 'AC1',
      authToken: 't',
      publicUrl: 'https://c.example.com',
      webhookSecret: secret,
    });
  });

  it("a callback URL's token speaks for its own provider, campaign, call and attempt only", () => {
    const call = { callId: 44, attempt: 2 };
    const url = new URL(
      statusCallbackUrl({ publicUrl: 'https://c.example.com', webhookSecret: secret }, 'jambonz', 3, call),
    );
    expect(url.pathname).toBe('/v1/outbound/status/jambonz');
    expect(url.searchParams.get('attempt')).toBe('2');
    const token = url.searchParams.get('token') ?? '';
    expect(checkCallbackToken(secret, 'jambonz', 3, call, token)).toBe(true);
    expect(checkCallbackToken(secret, 'twilio', 3, call, token)).toBe(false);
    expect(checkCallbackToken(secret, 'jambonz', 3, { callId: 45, attempt: 2 }, token)).toBe(false);
    expect(checkCallbackToken(secret, 'jambonz', 3, { callId: 44, attempt: 1 }, token)).toBe(false);
    expect(checkCallbackToken(secret, 'jambonz', 4, call, token)).toBe(false);
    expect(checkCallbackToken(`${secret}x`, 'jambonz', 3, call, token)).toBe(false);
    expect(checkCallbackToken(secret, 'jambonz', 3, call, '')).toBe(false);
    expect(callbackToken(secret, 'jambonz', 3, call)).toBe(token);
  });
});
