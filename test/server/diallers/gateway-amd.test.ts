import type { AddressInfo } from 'node:net';
import jambonzVerbs from '@jambonz/verb-specifications';
import twilio from 'twilio';
import { afterEach, describe, expect, it } from 'vitest';
import type { Stats } from '../../../src/api/contract/stats.ts';
import { REPORT_COLUMNS } from '../../../src/api/contract/outbound.ts';
import type { GatewaySettings } from '../../../server/features/campaigns/diallers/dialler-settings.ts';
import { readWav } from '../../../server/features/campaigns/diallers/telephone-wav.ts';
import {
  CALL_ENDED,
  DETECTION_WAIT_SECONDS,
  GREETING_WAIT_SECONDS,
  MACHINE_MESSAGE,
} from '../../../server/features/campaigns/voice-session.ts';
import { readTranscript } from '../../../server/features/chat/transcript.ts';
import { callsOf, importCalls, pressOneBot, runningCampaign } from '../campaign-fixtures.ts';
import { type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type GatewayFake, type GatewayRequest, postWebhook, startGatewayFake } from './gateway-fake.ts';

/**
 * Answering machines (issue 38 item 4) through the hosted gateways, end to end: a real server dials a campaign through
 * a local server speaking Twilio's or jambonz's REST API; the test plays the gateway's detection as each documents it
 * (Twilio: AnsweredBy on the call hook, from MachineDetection; jambonz: events on the create call's amd actionHook).
 * Twilio's own library writes the create-call form we must send, signs the webhooks and writes the TwiML we must
 * answer; jambonz's own validator checks the create-call request and every verb list.
 */

const SECRET = 'a-webhook-secret-of-at-least-32-characters';
const TWILIO_TOKEN = 'twilio-auth-token';
const PROMPT = 'Press 1 to confirm your appointment.';
const NUMBERS = ['+420777000001', '+420777000002', '+420777000003'];
let app: TestApp | null = null;
let gateway: GatewayFake | null = null;

afterEach(async () => {
  await app?.close();
  await gateway?.close();
  app = null;
  gateway = null;
});

const quiet = { debug() {}, info() {}, error() {} };
const xmlUnescape = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp);/g, (_, e) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e as 'lt']);

/** Posts a Twilio webhook as Twilio does: a form signed by Twilio's own library with the account's auth token. */
function postTwilio(url: string, fields: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(TWILIO_TOKEN, url, fields),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/**
 * A real server whose campaign (`choice` for answering machines) dials NUMBERS[0..count) through the gateway fake;
 * returns each call's create request, in number order.
 */
async function dialled(kind: 'twilio' | 'jambonz', choice: 'hang-up' | 'message', count: number) {
  let sid = 0;
  gateway = await startGatewayFake((req) =>
    req.method === 'POST' && req.path.endsWith(kind === 'twilio' ? '/Calls.json' : '/Calls')
      ? { status: 201, body: { sid: `${kind}-call-${++sid}` } }
      : { status: 404 },
  );
  const settings: GatewaySettings =
    kind === 'twilio'
      ? {
          kind,
          apiUrl: gateway.url,
          accountSid: 'AC0001',
          authToken: TWILIO_TOKEN,
          publicUrl: '',
          webhookSecret: SECRET,
        }
      : { kind, apiUrl: gateway.url, accountSid: 'acc-1', apiKey: 'key-1', publicUrl: '', webhookSecret: SECRET };
  app = await createTestApp({ config: { dialler: settings, campaignTickMs: 0 } });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  settings.publicUrl = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  const { db } = app;
  const engine = app.app.services.campaigns!;
  await pressOneBot(db);
  const id = await runningCampaign(db, { call_time_from: '00:00', call_time_to: '00:00', answering_machine: choice });
  const lines = NUMBERS.slice(0, count).map((n) => `${n},2020-01-01 10:00 UTC`);
  await importCalls(db, id, lines, new Date('2020-01-01T09:00:00Z'));
  await engine.tick();
  await engine.settle();
  const created = NUMBERS.slice(0, count).map((n) => {
    const request = gateway!.requests.find(
      (r) => (kind === 'twilio' ? r.fields.To : (r.fields.to as { number: string }).number) === n,
    );
    expect(request, n).toBeDefined();
    return request!;
  });
  return { db, engine, id, created };
}

/** What the call's conversation logged and said, or null when it has none. */
async function conversationOf(db: TestApp['db'], campaignId: number, destination: string) {
  const call = (await callsOf(db, campaignId)).find((c) => c.destination === destination)!;
  if (call.conversation_id === null) return { call, entries: null };
  const entries = (await readTranscript(db, call.conversation_id)) as {
    type: string;
    value: string;
    args: Record<string, unknown>;
  }[];
  return { call, entries };
}

/** Fetches an audio URL as the gateway would: a WAV of real speech. */
async function expectSpeech(url: string) {
  const audio = await fetch(url);
  expect(audio.status).toBe(200);
  const pcm = readWav(Buffer.from(await audio.arrayBuffer()));
  expect(pcm.samples.length).toBeGreaterThan(4000);
  expect(pcm.samples.some((s) => Math.abs(s) > 0.05)).toBe(true);
}

/** The campaign's report (CSV) and today's statistics, as the console reads them. */
async function reportAndStats(campaignId: number) {
  const admin = await app!.admin();
  const report = await app!.call('GET', `/v1/outbound/campaigns/${campaignId}/report`, { as: admin });
  expect(report.statusCode).toBe(200);
  const [header, ...rows] = report.body.trim().split('\r\n');
  expect(header).toBe(REPORT_COLUMNS.join(','));
  const resultColumn = REPORT_COLUMNS.indexOf('last_result');
  const today = new Date().toISOString().slice(0, 10);
  const stats = await app!.call('GET', '/v1/stats', {
    as: admin,
    query: { project_env: 'dev', from: today, to: today },
  });
  expect(stats.statusCode).toBe(200);
  return {
    results: Object.fromEntries(rows.map((r) => [r.split(',')[0], r.split(',')[resultColumn]])),
    calls: Object.fromEntries((stats.json() as Stats).campaign_calls.map((c) => [c.result, c.calls])),
  };
}

describe('Twilio answering-machine detection', () => {
  /** The create-call form Twilio's own library writes for these parameters, as the gateway reads it. */
  async function twilioForm(params: Parameters<ReturnType<typeof twilio>['calls']['create']>[0]) {
    let data: Record<string, unknown> = {};
    const client = twilio('AC0001', TWILIO_TOKEN, {
      httpClient: {
        request: async (opts: { data?: Record<string, unknown> }) => {
          data = opts.data ?? {};
          return { statusCode: 201, body: JSON.stringify({ sid: 'CA0' }), headers: {} };
        },
      } as never,
    });
    await client.calls.create(params);
    return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]));
  }

  async function expectTwilioCreate(created: GatewayRequest, machineDetection: 'Enable' | 'DetectMessageEnd') {
    const f = created.fields as Record<string, string>;
    expect(f).toEqual(
      await twilioForm({
        to: f.To!,
        from: f.From!,
        url: f.Url!,
        method: 'POST',
        timeout: 30,
        statusCallback: f.StatusCallback!,
        statusCallbackMethod: 'POST',
        statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
        machineDetection,
      }),
    );
  }

  it('leave a message: DetectMessageEnd; AnsweredBy machine_end_beep plays the start reaction, hangs up: outcome machine in the report and the statistics', async () => {
    const { db, engine, id, created } = await dialled('twilio', 'message', 1);
    await expectTwilioCreate(created[0]!, 'DetectMessageEnd');
    const { Url: voice, StatusCallback: status } = created[0]!.fields as Record<string, string>;
    const call = { CallSid: 'twilio-call-1', AccountSid: 'AC0001', Direction: 'outbound-api' };
    expect((await postTwilio(status!, { ...call, CallStatus: 'in-progress' })).status).toBe(200);
    // Twilio asks the Url once the greeting is over (synchronous detection), saying the beep ended it.
    const answer = await postTwilio(voice!, { ...call, CallStatus: 'in-progress', AnsweredBy: 'machine_end_beep' });
    expect(answer.status).toBe(200);
    const twiml = await answer.text();
    const plays = [...twiml.matchAll(/<Play>([^<]+)<\/Play>/g)].map((m) => xmlUnescape(m[1]!));
    expect(plays).toHaveLength(1);
    const expected = new twilio.twiml.VoiceResponse();
    expected.play(plays[0]!);
    expected.hangup();
    expect(twiml).toBe(expected.toString());
    await expectSpeech(plays[0]!);

    // The conversation holds the start reaction's words and says why; the call ends "machine".
    const before = await conversationOf(db, id, NUMBERS[0]!);
    expect(before.entries!.filter((e) => e.type === 'utter').map((e) => e.value)).toEqual([PROMPT]);
    expect(before.entries!.some((e) => e.type === 'log' && e.value === MACHINE_MESSAGE)).toBe(true);
    expect((await postTwilio(status!, { ...call, CallStatus: 'completed' })).status).toBe(200);
    await engine.settle();
    const after = await conversationOf(db, id, NUMBERS[0]!);
    expect(after.call).toMatchObject({ status: 'completed', last_result: 'machine' });
    expect(after.entries!.at(-1)).toMatchObject({ type: 'log', value: CALL_ENDED, args: { reason: 'machine' } });
    const ended = await db
      .selectFrom('conversations')
      .select('ended')
      .where('id', '=', after.call.conversation_id!)
      .executeTakeFirstOrThrow();
    expect(ended.ended).toBe(true);

    const { results, calls } = await reportAndStats(id);
    expect(results).toEqual({ [NUMBERS[0]!]: 'machine' });
    expect(calls).toMatchObject({ machine: 1, completed: 0 });
  });

  it('hang up: Enable; machine_start gets only <Hangup/> and no conversation; a person (human, unknown) gets the first turn', async () => {
    const { db, engine, id, created } = await dialled('twilio', 'hang-up', 3);
    for (const c of created) await expectTwilioCreate(c, 'Enable');
    const answeredBy = ['machine_start', 'human', 'unknown'];
    const twimls: string[] = [];
    for (const [i, c] of created.entries()) {
      const { Url: voice, StatusCallback: status } = c.fields as Record<string, string>;
      const call = { CallSid: `twilio-call-${i + 1}`, AccountSid: 'AC0001', CallStatus: 'in-progress' };
      await postTwilio(status!, call);
      twimls.push(await (await postTwilio(voice!, { ...call, AnsweredBy: answeredBy[i]! })).text());
    }
    const hangUp = new twilio.twiml.VoiceResponse();
    hangUp.hangup();
    expect(twimls[0]).toBe(hangUp.toString());
    // A person hears the start reaction inside the gather, as on a call without detection.
    for (const twiml of twimls.slice(1)) {
      expect(twiml).toMatch(/<Response><Gather input="dtmf speech"[^>]*><Play>[^<]+<\/Play><\/Gather><\/Response>/);
    }
    for (const [i, c] of created.entries()) {
      await postTwilio(String(c.fields.StatusCallback), { CallSid: `twilio-call-${i + 1}`, CallStatus: 'completed' });
    }
    await engine.settle();
    const machine = await conversationOf(db, id, NUMBERS[0]!);
    expect(machine.entries).toBeNull();
    expect(machine.call).toMatchObject({ status: 'completed', last_result: 'machine' });
    for (const n of NUMBERS.slice(1)) {
      const person = await conversationOf(db, id, n);
      expect(person.call).toMatchObject({ status: 'completed', last_result: 'completed' });
      expect(person.entries!.filter((e) => e.type === 'utter').map((e) => e.value)).toEqual([PROMPT]);
    }
    expect((await reportAndStats(id)).calls).toMatchObject({ machine: 1, completed: 2 });
  });
});

describe('jambonz answering-machine detection', () => {
  type Verb = Record<string, unknown>;
  /** A hook's answer, checked by jambonz's own validator. */
  async function verbsOf(answer: Response): Promise<Verb[]> {
    expect(answer.status).toBe(200);
    const verbs = (await answer.json()) as Verb[];
    jambonzVerbs.validate(quiet, verbs);
    return verbs;
  }
  const post = (url: string, fields: Record<string, string>) => postWebhook(url, fields, 'json');

  /** The create call asks for detection on the amd webhook; jambonz's validator accepts it as its rest:dial task. */
  function amdHookOf(created: GatewayRequest): string {
    const { fields } = created;
    jambonzVerbs.validate(quiet, [{ verb: 'rest:dial', ...fields }]);
    const hook = (fields.amd as { actionHook: string }).actionHook;
    expect(hook).toMatch(/\/v1\/outbound\/amd\/jambonz\?campaign_id=\d+&call_id=\d+&attempt=1&token=/);
    return hook;
  }

  /** Answered: the status hook, then the call hook, which waits silently for the verdict (then asks the amd hook). */
  async function answer(created: GatewayRequest, callSid: string) {
    const amd = amdHookOf(created);
    const call = { call_sid: callSid, direction: 'outbound', call_status: 'in-progress', sip_status: '200' };
    await post((created.fields.call_status_hook as { url: string }).url, call);
    const waiting = await verbsOf(await post((created.fields.call_hook as { url: string }).url, call));
    expect(waiting).toEqual([
      { verb: 'pause', length: DETECTION_WAIT_SECONDS },
      { verb: 'redirect', actionHook: amd },
    ]);
    return { amd, event: (type?: string) => post(amd, type ? { ...call, type } : call) };
  }

  it('leave a message: waits through the greeting, the beep plays the start reaction and hangs up; later events change nothing', async () => {
    const { db, engine, id, created } = await dialled('jambonz', 'message', 2);
    const { amd, event } = await answer(created[0]!, 'jz-1');
    // A machine is speaking: wait for its greeting to end.
    expect(await verbsOf(await event('amd_machine_detected'))).toEqual([
      { verb: 'pause', length: GREETING_WAIT_SECONDS },
      { verb: 'redirect', actionHook: amd },
    ]);
    expect((await conversationOf(db, id, NUMBERS[0]!)).entries).toBeNull();
    // The beep: the message, then the hang-up.
    const message = await verbsOf(await event('amd_tone_detected'));
    expect(message.map((v) => v.verb)).toEqual(['play', 'hangup']);
    await expectSpeech(String(message[0]!.url));
    // The greeting's end after the beep, and jambonz's own stop: no new verbs (jambonz keeps playing the message).
    expect(await verbsOf(await event('amd_machine_stopped_speaking'))).toEqual([]);
    expect(await verbsOf(await event('amd_stopped'))).toEqual([]);

    // Another machine whose greeting outlasts our wait (no beep, no end reported): the redirect leaves the message.
    const long = await answer(created[1]!, 'jz-2');
    expect((await verbsOf(await long.event('amd_machine_detected')))[0]).toMatchObject({ verb: 'pause' });
    expect((await verbsOf(await long.event())).map((v) => v.verb)).toEqual(['play', 'hangup']);

    for (const c of created) {
      await post((c.fields.call_status_hook as { url: string }).url, { call_status: 'completed' });
    }
    await engine.settle();
    for (const n of NUMBERS.slice(0, 2)) {
      const { call, entries } = await conversationOf(db, id, n);
      expect(call).toMatchObject({ status: 'completed', last_result: 'machine' });
      expect(entries!.filter((e) => e.type === 'utter').map((e) => e.value)).toEqual([PROMPT]);
      expect(entries!.map((e) => e.value)).toEqual(expect.arrayContaining([MACHINE_MESSAGE, CALL_ENDED]));
    }
    expect((await reportAndStats(id)).results).toEqual({ [NUMBERS[0]!]: 'machine', [NUMBERS[1]!]: 'machine' });
  });

  it('hang up: a machine is hung up on without a word; a person, or no verdict in time, gets the first turn', async () => {
    const { db, engine, id, created } = await dialled('jambonz', 'hang-up', 3);
    const machine = await answer(created[0]!, 'jz-1');
    expect(await verbsOf(await machine.event('amd_machine_detected'))).toEqual([{ verb: 'hangup' }]);

    const person = await answer(created[1]!, 'jz-2');
    const first = await verbsOf(await person.event('amd_human_detected'));
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ verb: 'gather', input: ['digits', 'speech'], dtmfBargein: true });
    // jambonz's beep detector may hear a key press later: the person's call goes on as it is.
    expect(await verbsOf(await person.event('amd_tone_detected'))).toEqual([]);

    // Our wait ran out without an event (the redirect asks with none): a person is assumed.
    const undecided = await answer(created[2]!, 'jz-3');
    expect((await verbsOf(await undecided.event()))[0]).toMatchObject({ verb: 'gather' });

    for (const c of created) {
      await post((c.fields.call_status_hook as { url: string }).url, { call_status: 'completed' });
    }
    await engine.settle();
    const hungUp = await conversationOf(db, id, NUMBERS[0]!);
    expect(hungUp).toMatchObject({ entries: null, call: { status: 'completed', last_result: 'machine' } });
    for (const n of NUMBERS.slice(1)) {
      expect((await conversationOf(db, id, n)).call).toMatchObject({ status: 'completed', last_result: 'completed' });
    }
    expect((await reportAndStats(id)).calls).toMatchObject({ machine: 1, completed: 2 });
  });
});
