import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { GatewaySettings } from '../../../server/features/campaigns/diallers/dialler-settings.ts';
import { readWav } from '../../../server/features/campaigns/diallers/telephone-wav.ts';
import {
  callsOf,
  expectPressOneConversation,
  importCalls,
  pressOneBot,
  runningCampaign,
} from '../campaign-fixtures.ts';
import { type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type GatewayFake, type GatewayRequest, postWebhook, startGatewayFake } from './gateway-fake.ts';

/**
 * The bot on a hosted gateway's answered call, end to end: a real server (its engine, chat runtime and espeak-ng)
 * dials through a local server speaking jambonz's or Twilio's REST API; the test then plays the gateway: it posts the
 * status webhook and the call hook as the provider does, fetches the audio URLs of the verbs it gets back, presses 1
 * on the gather's action hook, and reads the conversation logs.
 */

const SECRET = 'a-webhook-secret-of-at-least-32-characters';
const TWILIO_TOKEN = 'twilio-auth-token';
let app: TestApp | null = null;
let gateway: GatewayFake | null = null;

afterEach(async () => {
  await app?.close();
  await gateway?.close();
  app = null;
  gateway = null;
});

/** The verbs a gateway got back, read the way it reads them. */
interface Verbs {
  plays: string[];
  gather: string | null;
  hangup: boolean;
}

interface Provider {
  name: 'jambonz' | 'twilio';
  settings(apiUrl: string): GatewaySettings;
  createCallPath: string;
  /** Where the created call asks what to do once answered. */
  callHookOf(created: GatewayRequest): string;
  statusHookOf(created: GatewayRequest): string;
  post(url: string, fields: Record<string, string | number>): Promise<Response>;
  answered: Record<string, string>;
  pressed(digit: string): Record<string, string>;
  contentType: string;
  verbs(text: string): Verbs;
}

const xmlUnescape = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp);/g, (_, e) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e as 'lt']);

const providers: Provider[] = [
  {
    name: 'jambonz',
    settings: (apiUrl) => ({
      kind: 'jambonz',
      apiUrl,
      accountSid: 'acc-1',
      apiKey: 'key-1',
      publicUrl: '',
      webhookSecret: SECRET,
    }),
    createCallPath: '/v1/Accounts/acc-1/Calls',
    callHookOf: (created) => (created.fields.call_hook as { url: string }).url,
    statusHookOf: (created) => (created.fields.call_status_hook as { url: string }).url,
    post: (url, fields) => postWebhook(url, fields, 'json'),
    answered: { call_sid: 'jz-1', direction: 'outbound', call_status: 'in-progress', sip_status: '200' },
    pressed: (digit) => ({ call_sid: 'jz-1', reason: 'dtmfDetected', digits: digit }),
    contentType: 'application/json',
    verbs(text) {
      const verbs = JSON.parse(text) as { verb: string; url?: string; actionHook?: string; input?: string[] }[];
      const gather = verbs.find((v) => v.verb === 'gather');
      if (gather) expect(gather).toMatchObject({ input: ['digits'], numDigits: 1 });
      return {
        plays: verbs.filter((v) => v.verb === 'play').map((v) => v.url ?? ''),
        gather: gather?.actionHook ?? null,
        hangup: verbs.some((v) => v.verb === 'hangup'),
      };
    },
  },
  {
    name: 'twilio',
    settings: (apiUrl) => ({
      kind: 'twilio',
      apiUrl,
      accountSid: 'AC0001',
      authToken: TWILIO_TOKEN,
      publicUrl: '',
      webhookSecret: SECRET,
    }),
    createCallPath: '/2010-04-01/Accounts/AC0001/Calls.json',
    callHookOf: (created) => String(created.fields.Url),
    statusHookOf: (created) => String(created.fields.StatusCallback),
    post: (url, fields) => postWebhook(url, fields, 'form', TWILIO_TOKEN),
    answered: { CallSid: 'CA0001', AccountSid: 'AC0001', CallStatus: 'in-progress', Direction: 'outbound-api' },
    pressed: (digit) => ({ CallSid: 'CA0001', AccountSid: 'AC0001', CallStatus: 'in-progress', Digits: digit }),
    contentType: 'text/xml',
    verbs(text) {
      expect(text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Response>.*<\/Response>$/);
      const gather = /<Gather input="dtmf" numDigits="1" [^>]*action="([^"]+)"\/>/.exec(text);
      return {
        plays: [...text.matchAll(/<Play>([^<]+)<\/Play>/g)].map((m) => xmlUnescape(m[1]!)),
        gather: gather ? xmlUnescape(gather[1]!) : null,
        hangup: text.includes('<Hangup/>'),
      };
    },
  },
];

/** Fetches each audio URL as the gateway would and checks it is a WAV of real speech. */
async function fetchAudio(urls: string[]) {
  for (const url of urls) {
    const audio = await fetch(url);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/wav');
    const wav = Buffer.from(await audio.arrayBuffer());
    const pcm = readWav(wav);
    expect(pcm.sampleRate).toBe(8000);
    // More than half a second of sound, and not silence.
    expect(pcm.samples.length).toBeGreaterThan(4000);
    expect(pcm.samples.some((s) => Math.abs(s) > 0.05)).toBe(true);
  }
}

describe.each(providers)('the bot on a $name call', (provider) => {
  it("plays @start's prompt from the audio route, gathers a digit, and '1' runs the confirming reaction, which hangs up", async () => {
    gateway = await startGatewayFake((req) =>
      req.method === 'POST' && req.path === provider.createCallPath
        ? { status: 201, body: { sid: provider.name === 'twilio' ? 'CA0001' : 'jz-1' } }
        : { status: 404 },
    );
    const settings = provider.settings(gateway.url);
    app = await createTestApp({ config: { dialler: settings, campaignTickMs: 0 } });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    if (settings.kind !== 'sip')
      settings.publicUrl = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
    const { db } = app;
    const engine = app.app.services.campaigns!;
    await pressOneBot(db);
    // A window open all day, and a call list of one call already due.
    const id = await runningCampaign(db, { call_time_from: '00:00', call_time_to: '00:00' });
    await importCalls(db, id, ['+420777000001,2020-01-01 10:00 UTC'], new Date('2020-01-01T09:00:00Z'));
    await engine.tick();
    await engine.settle();
    const created = gateway.requests.find((r) => r.path === provider.createCallPath)!;
    expect(created).toBeDefined();

    // The callee answers: the status webhook, then the call hook asks for the first verbs.
    expect((await provider.post(provider.statusHookOf(created), provider.answered)).status).toBe(200);
    const first = await provider.post(provider.callHookOf(created), provider.answered);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toContain(provider.contentType);
    const opening = provider.verbs(await first.text());
    expect(opening.plays).toHaveLength(1);
    expect(opening.plays[0]).toContain(`/v1/outbound/audio/${provider.name}?`);
    expect(opening.gather).toContain(`/v1/outbound/gather/${provider.name}?`);
    expect(opening.hangup).toBe(false);
    await fetchAudio(opening.plays);

    // A gather that timed out asks again: nothing said, another gather.
    const silence = await provider.post(opening.gather!, provider.pressed(''));
    expect(provider.verbs(await silence.text())).toMatchObject({ plays: [], hangup: false });

    // The callee presses 1: the confirming reaction speaks and hangs up.
    const reply = await provider.post(opening.gather!, provider.pressed('1'));
    expect(reply.status).toBe(200);
    const confirming = provider.verbs(await reply.text());
    expect(confirming).toMatchObject({ gather: null, hangup: true });
    expect(confirming.plays).toHaveLength(1);
    await fetchAudio(confirming.plays);

    // The audio route speaks only what the bot said in this call, and only with the call's token.
    const forged = new URL(confirming.plays[0]!);
    forged.searchParams.set('ts', '1');
    expect((await fetch(forged)).status).toBe(404);
    forged.searchParams.set('call_id', '999');
    expect((await fetch(forged)).status).toBe(403);

    const [call] = await callsOf(db, id);
    expect(call).toMatchObject({ status: 'answered', attempts: 1 });
    await expectPressOneConversation(db, call!.conversation_id!);

    // The gateway hangs up as told: the call completes.
    await provider.post(provider.statusHookOf(created), {
      ...provider.answered,
      CallStatus: 'completed',
      call_status: 'completed',
    });
    await engine.settle();
    expect((await callsOf(db, id))[0]).toMatchObject({ status: 'completed', last_result: 'completed' });
  });
});
