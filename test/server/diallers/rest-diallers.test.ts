import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallEvent, Dialler, OriginateRequest } from '../../../server/features/campaigns/dialler.ts';
import type { GatewaySettings } from '../../../server/features/campaigns/diallers/dialler-settings.ts';
import { chooseGatewayDialler } from '../../../server/features/campaigns/diallers/choose-dialler.ts';
import { type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type GatewayFake, postWebhook, startGatewayFake } from './gateway-fake.ts';

/**
 * The REST diallers against local servers speaking jambonz's and Twilio's request shapes, and their status
 * webhooks posted over HTTP to a real server's POST /v1/outbound/status/{provider}.
 */

const SECRET = 'a-webhook-secret-of-at-least-32-characters';
let app: TestApp | null = null;
let gateway: GatewayFake | null = null;

afterEach(async () => {
  await app?.close();
  await gateway?.close();
  app = null;
  gateway = null;
});

const request: OriginateRequest = {
  callId: 41,
  attempt: 2,
  campaignId: 9,
  destination: '+420601000041',
  timeoutSeconds: 25,
  account: { server: 'sip.example.com', number: '+420222000111', password: 'unused' },
};

/** A listening server whose dialler is `settings`' adapter; the events it emits are collected. */
async function serverWith(settings: GatewaySettings): Promise<{ dialler: Dialler; events: CallEvent[] }> {
  app = await createTestApp({ config: { dialler: settings } });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  if (settings.kind !== 'sip') {
    settings.publicUrl = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  }
  const dialler = chooseGatewayDialler(settings);
  app.app.services.dialler = dialler;
  const events: CallEvent[] = [];
  dialler.onEvent((event) => events.push(event));
  return { dialler, events };
}

const types = (events: CallEvent[]) => events.map((e) => (e.type === 'ended' ? `ended ${e.reason} ${e.code}` : e.type));

describe('Twilio dialler', () => {
  it('creates the call with a signed StatusCallback, and the callbacks become ringing, answered, ended completed', async () => {
    gateway = await startGatewayFake((req) =>
      req.method === 'POST' && req.path === '/2010-04-01/Accounts/AC0001/Calls.json'
        ? { status: 201, body: { sid: 'CA0001', status: 'queued' } }
        : req.method === 'GET'
          ? { status: 200, body: { sid: 'CA0001', status: 'in-progress' } }
          : { status: 200, body: { sid: 'CA0001', status: 'completed' } },
    );
    const settings: GatewaySettings = {
      kind: 'twilio',
      apiUrl: gateway.url,
      accountSid: 'AC0001',
      authToken: 'token-1',
      publicUrl: '',
      webhookSecret: SECRET,
    };
    const { dialler, events } = await serverWith(settings);
    expect(await dialler.originate(request)).toEqual({ providerCallId: 'CA0001' });

    const created = gateway.requests[0];
    expect(created.headers.authorization).toBe(`Basic ${Buffer.from('AC0001:token-1').toString('base64')}`);
    expect(created.fields).toMatchObject({
      To: '+420601000041',
      From: '+420222000111',
      Timeout: '25',
      Method: 'POST',
      StatusCallbackMethod: 'POST',
      StatusCallbackEvent: 'initiated,ringing,answered,completed',
    });
    // No answering-machine detection unless the campaign asks for it (it costs a fee per call and delays the greeting).
    expect(created.fields.MachineDetection).toBeUndefined();
    const callback = String(created.fields.StatusCallback);
    expect(callback).toMatch(/\/v1\/outbound\/status\/twilio\?campaign_id=9&call_id=41&attempt=2&token=/);

    for (const CallStatus of ['initiated', 'ringing', 'in-progress', 'completed']) {
      const fields = { CallSid: 'CA0001', AccountSid: 'AC0001', CallStatus };
      const answer = await postWebhook(callback, fields, 'form', 'token-1');
      expect(answer.status).toBe(200);
    }
    expect(types(events)).toEqual(['ringing', 'answered', 'ended completed null']);
    expect(events.every((e) => e.callId === 41 && e.attempt === 2)).toBe(true);

    expect(await dialler.status('CA0001')).toEqual({ state: 'answered' });
    await dialler.hangup('CA0001', 'answered');
    expect(gateway.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/2010-04-01/Accounts/AC0001/Calls/CA0001.json',
      fields: { Status: 'completed' },
    });
    // A call still ringing is cancelled: Twilio ignores `completed` for a call not yet in progress.
    await dialler.hangup('CA0001', 'ringing');
    expect(gateway.requests.at(-1)?.fields).toEqual({ Status: 'canceled' });
    expect(await dialler.transfer('CA0001', '+420777000111')).toBe(true);
    expect(gateway.requests.at(-1)?.fields.Twiml).toBe(
      '<Response><Dial><Number>+420777000111</Number></Dial></Response>',
    );
  });

  it('busy with its SIP code; a forged or another call’s token and another provider change nothing', async () => {
    gateway = await startGatewayFake(() => ({ status: 201, body: { sid: 'CA0002' } }));
    const { dialler, events } = await serverWith({
      kind: 'twilio',
      apiUrl: gateway.url,
      accountSid: 'AC0001',
      authToken: 'token-1',
      publicUrl: '',
      webhookSecret: SECRET,
    });
    await dialler.originate(request);
    const callback = new URL(String(gateway.requests[0].fields.StatusCallback));

    const otherCall = new URL(callback);
    otherCall.searchParams.set('call_id', '42');
    expect((await postWebhook(otherCall.href, { CallStatus: 'completed' }, 'form')).status).toBe(403);
    const otherAttempt = new URL(callback);
    otherAttempt.searchParams.set('attempt', '1');
    expect((await postWebhook(otherAttempt.href, { CallStatus: 'completed' }, 'form')).status).toBe(403);
    const forged = new URL(callback);
    forged.searchParams.set('token', 'x'.repeat(43));
    const refused = await postWebhook(forged.href, { CallStatus: 'completed' }, 'form');
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe('The status callback token does not match this call.');
    const jambonzPath = new URL(callback);
    jambonzPath.pathname = '/v1/outbound/status/jambonz';
    expect((await postWebhook(jambonzPath.href, { call_status: 'completed' }, 'json')).status).toBe(404);
    expect(events).toEqual([]);

    // The right token without Twilio's signature, or signed with another auth token: refused as well.
    const unsigned = await postWebhook(callback.href, { CallStatus: 'busy', SipResponseCode: 486 }, 'form');
    expect(unsigned.status).toBe(403);
    expect((await unsigned.json()).message).toBe('The twilio signature of this webhook does not match.');
    const badlySigned = await postWebhook(callback.href, { CallStatus: 'busy' }, 'form', 'another-token');
    expect(badlySigned.status).toBe(403);
    expect(events).toEqual([]);

    await postWebhook(callback.href, { CallStatus: 'busy', SipResponseCode: 486 }, 'form', 'token-1');
    expect(types(events)).toEqual(['ended busy 486']);
  });
});

describe('jambonz dialler', () => {
  it('createCall with a signed call_hook and call_status_hook; statuses become events, a failure keeps its SIP code', async () => {
    gateway = await startGatewayFake((req) =>
      req.method === 'POST'
        ? { status: 201, body: { sid: 'b1f6e0c4-0000-4000-8000-000000000001' } }
        : req.method === 'GET'
          ? { status: 404 }
          : { status: 204 },
    );
    const { dialler, events } = await serverWith({
      kind: 'jambonz',
      apiUrl: gateway.url,
      accountSid: 'acc-1',
      apiKey: 'key-1',
      publicUrl: '',
      webhookSecret: SECRET,
    });
    const { providerCallId } = await dialler.originate({ ...request, destination: 'sip:alice@pbx.example.com' });
    expect(providerCallId).toBe('b1f6e0c4-0000-4000-8000-000000000001');
    const created = gateway.requests[0];
    expect(created.path).toBe('/v1/Accounts/acc-1/Calls');
    expect(created.headers.authorization).toBe('Bearer key-1');
    expect(created.fields).toMatchObject({
      from: '+420222000111',
      to: { type: 'sip', sipUri: 'sip:alice@pbx.example.com' },
      timeout: 25,
      call_status_hook: { method: 'POST' },
      call_hook: { method: 'POST' },
    });
    expect(created.fields.amd).toBeUndefined();
    expect((created.fields.call_hook as { url: string }).url).toMatch(
      /\/v1\/outbound\/voice\/jambonz\?campaign_id=9&call_id=41&attempt=2&token=/,
    );
    const hook = (created.fields.call_status_hook as { url: string }).url;
    for (const call_status of ['trying', 'ringing', 'early-media']) {
      await postWebhook(hook, { call_sid: providerCallId, call_status, sip_status: 180 }, 'json');
    }
    await postWebhook(hook, { call_sid: providerCallId, call_status: 'failed', sip_status: 503 }, 'json');
    expect(types(events)).toEqual(['ringing', 'ringing', 'ended failed 503']);

    await dialler.originate({ ...request, callId: 43 });
    const created43 = gateway.requests[gateway.requests.length - 1];
    expect(created43.fields.to).toEqual({ type: 'phone', number: '+420601000041' });
    const hook43 = (created43.fields.call_status_hook as { url: string }).url;
    await postWebhook(hook43, { call_status: 'failed', sip_status: 486 }, 'json');
    expect(events.at(-1)).toMatchObject({ callId: 43, reason: 'busy', code: '486' });

    expect(await dialler.status(providerCallId)).toEqual({ state: 'unknown' });
    // jambonz applies `completed` only to an answered call; a ringing one is cancelled with `no-answer`.
    await dialler.hangup(providerCallId, 'ringing');
    expect(gateway.requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/v1/Accounts/acc-1/Calls/${providerCallId}`,
      fields: { call_status: 'no-answer' },
    });
    await dialler.hangup(providerCallId, 'answered');
    expect(gateway.requests.at(-1)?.fields).toEqual({ call_status: 'completed' });
  });

  it('a gateway that refuses the call rejects originate with its message', async () => {
    gateway = await startGatewayFake(() => ({ status: 400, body: { msg: 'invalid application_sid' } }));
    const { dialler } = await serverWith({
      kind: 'jambonz',
      apiUrl: gateway.url,
      accountSid: 'acc-1',
      apiKey: 'key-1',
      publicUrl: '',
      webhookSecret: SECRET,
    });
    await expect(dialler.originate(request)).rejects.toThrow(
      'jambonz refused the request (400): invalid application_sid',
    );
  });
});
