import type { AddressInfo } from 'node:net';
import jambonzVerbs from '@jambonz/verb-specifications';
import twilio from 'twilio';
import { afterEach, describe, expect, it } from 'vitest';
import type { DigitCollection } from '../../../server/features/campaigns/dialler.ts';
import { LONG_SILENCE } from '../../../server/features/campaigns/voice-session.ts';
import type { GatewaySettings } from '../../../server/features/campaigns/diallers/dialler-settings.ts';
import { readWav } from '../../../server/features/campaigns/diallers/telephone-wav.ts';
import { SPEECH_END_SECONDS } from '../../../server/features/campaigns/diallers/twilio-dialler.ts';
import {
  callsOf,
  expectPressOneConversation,
  importCalls,
  keyedAnswerBot,
  pressOneBot,
  runningCampaign,
  setProjectSettings,
  userMessagesOf,
} from '../campaign-fixtures.ts';
import { type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type GatewayFake, type GatewayRequest, postWebhook, startGatewayFake } from './gateway-fake.ts';
import { readTranscript } from '../../../server/features/chat/transcript.ts';
import { fundamentalHz, seconds } from '../helpers/speech-audio.ts';
import {
  MIN_SPEECH_CONFIDENCE,
  NO_SPEECH_RECOGNIZER,
  SPEECH_NOT_UNDERSTOOD,
} from '../../../server/features/campaigns/speech-recognition.ts';
import { LOG_LEVELS } from '../../../src/api/contract/chat.ts';

/**
 * The bot on a hosted gateway's answered call, end to end: a real server (its engine, chat runtime and espeak-ng)
 * dials through a local server speaking jambonz's or Twilio's REST API; the test then plays the gateway: it posts the
 * status webhook and the call hook as the provider does, fetches the audio URLs of the verbs it gets back, presses 1
 * on the gather's action hook, and reads the conversation logs. Every answer is checked by the gateway's own library:
 * jambonz's verb validator, and Twilio's TwiML builder, which writes the expected document to compare with.
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

/**
 * The verbs a gateway got back, read the way it reads them: the prompts (nested in the gather when the callee answers
 * next, so a digit during a prompt counts), the gather's action URL, and whether the call is hung up.
 */
interface Verbs {
  plays: string[];
  gather: string | null;
  hangup: boolean;
}

/**
 * The gather we expect: one digit, or the collection the reaction asked for; `timeout` the seconds it waits for a
 * first digit (the project's long-silence timeout, 10 by default).
 */
type Expected = DigitCollection | null;

interface Provider {
  name: 'jambonz' | 'twilio';
  settings(apiUrl: string): GatewaySettings;
  createCallPath: string;
  /** Where the created call asks what to do once answered. */
  callHookOf(created: GatewayRequest): string;
  statusHookOf(created: GatewayRequest): string;
  post(url: string, fields: Record<string, unknown>): Promise<Response>;
  answered: Record<string, string>;
  pressed(digit: string): Record<string, string>;
  /** The gather's action request after the callee spoke: the recognizer's transcript and confidence. */
  spoke(transcript: string, confidence: number): Record<string, unknown>;
  /** The gather's action request when the recognizer understood nothing (an empty result). */
  notUnderstood: Record<string, unknown>;
  contentType: string;
  /**
   * The verbs read and checked by the gateway's library; a gather of one digit (no collection) listens for speech
   * too, in the bot's language (en-US) with the project's recognizer (Google by default) and `hints`.
   */
  verbs(text: string, expected?: Expected, timeout?: number, hints?: string[]): Verbs;
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
    // jambonz's gather payload: the speech event's alternatives, best first.
    spoke: (transcript, confidence) => ({
      call_sid: 'jz-1',
      reason: 'speechDetected',
      speech: { is_final: true, language_code: 'en-US', alternatives: [{ transcript, confidence }] },
    }),
    // The recognizer's result was below the gather's minConfidence (or empty): jambonz reports the reason only.
    notUnderstood: { call_sid: 'jz-1', reason: 'stt-low-confidence' },
    contentType: 'application/json',
    verbs(text, expected = null, timeout = 10, hints = []) {
      const verbs = JSON.parse(text) as Record<string, unknown>[];
      // jambonz's own validator: it throws on a verb, property or type jambonz does not know.
      jambonzVerbs.validate({ debug() {}, info() {}, error() {} }, verbs);
      const gather = verbs.find((v) => v.verb === 'gather');
      const nested = (gather?.play as { url: string | string[] } | undefined)?.url ?? [];
      if (gather) {
        const { play: _, actionHook: __, ...rest } = gather;
        expect(rest).toEqual({
          verb: 'gather',
          input: expected ? ['digits'] : ['digits', 'speech'],
          ...(expected
            ? {
                minDigits: 1,
                ...(expected.max ? { maxDigits: expected.max } : {}),
                ...(expected.finishOnKey ? { finishOnKey: expected.finishOnKey } : {}),
                interDigitTimeout: expected.interDigitSeconds,
              }
            : { numDigits: 1 }),
          timeout,
          ...(expected
            ? {}
            : {
                recognizer: { vendor: 'google', language: 'en-US', ...(hints.length ? { hints } : {}) },
                ...(nested.length ? { bargein: true } : {}),
              }),
          ...(nested.length ? { dtmfBargein: true } : {}),
        });
        // The prompts are inside the gather, none before it.
        expect(verbs).toHaveLength(1);
      }
      return {
        plays: [
          ...verbs.filter((v) => v.verb === 'play').map((v) => String(v.url)),
          ...(Array.isArray(nested) ? nested : [nested]),
        ],
        gather: typeof gather?.actionHook === 'string' ? gather.actionHook : null,
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
    spoke: (transcript, confidence) => ({
      CallSid: 'CA0001',
      AccountSid: 'AC0001',
      CallStatus: 'in-progress',
      SpeechResult: transcript,
      Confidence: confidence,
    }),
    notUnderstood: { CallSid: 'CA0001', AccountSid: 'AC0001', CallStatus: 'in-progress', SpeechResult: '' },
    contentType: 'text/xml',
    verbs(text, expected = null, timeout = 10, hints = []) {
      const gather = /<Gather [^>]*action="([^"]+)"/.exec(text);
      const plays = [...text.matchAll(/<Play>([^<]+)<\/Play>/g)].map((m) => xmlUnescape(m[1]!));
      const hangup = text.includes('<Hangup/>');
      // Twilio's own TwiML builder writes what we should have answered; the document must be exactly that.
      const response = new twilio.twiml.VoiceResponse();
      if (gather) {
        const nested = response.gather({
          input: expected ? ['dtmf'] : ['dtmf', 'speech'],
          ...(expected
            ? {
                ...(expected.max ? { numDigits: expected.max } : {}),
                finishOnKey: expected.finishOnKey ?? '',
                timeout: expected.interDigitSeconds,
              }
            : {
                numDigits: 1,
                timeout,
                speechTimeout: String(SPEECH_END_SECONDS),
                language: 'en-US',
                ...(hints.length ? { hints: hints.join(', ') } : {}),
              }),
          actionOnEmptyResult: true,
          method: 'POST',
          action: xmlUnescape(gather[1]!),
        });
        for (const url of plays) nested.play(url);
      } else {
        for (const url of plays) response.play(url);
        if (hangup) response.hangup();
      }
      expect(text).toBe(response.toString());
      return { plays, gather: gather ? xmlUnescape(gather[1]!) : null, hangup };
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

/**
 * A real server dialling through the gateway fake with the bot `bot` writes; the callee answers (the status webhook,
 * then the call hook): the call hook's answer is returned for the test to read.
 */
async function answeredCall(provider: Provider, bot: (db: TestApp['db']) => Promise<void>) {
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
  await bot(db);
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
  return { db, engine, id, created, first: await first.text() };
}

describe.each(providers)('the bot on a $name call', (provider) => {
  it("plays @start's prompt inside the gather (a digit during it counts), and '1' runs the confirming reaction, which hangs up", async () => {
    const { db, engine, id, created, first } = await answeredCall(provider, pressOneBot);
    const opening = provider.verbs(first);
    expect(opening.plays).toHaveLength(1);
    expect(opening.plays[0]).toContain(`/v1/outbound/audio/${provider.name}?`);
    expect(opening.gather).toContain(`/v1/outbound/gather/${provider.name}?`);
    expect(opening.hangup).toBe(false);
    await fetchAudio(opening.plays);

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

  it('a collect_digits prompt gathers a PIN until # (the gateway collects it): one message "1234"', async () => {
    const collect: DigitCollection = { max: 8, finishOnKey: '#', interDigitSeconds: 3 };
    const { db, id, first } = await answeredCall(provider, (db) =>
      keyedAnswerBot(db, 'Key in your PIN, then the hash key.', [
        { name: 'collect_digits', args: { max: 8, finish_on_key: '#', timeout: 3 }, who: 'bot' },
      ]),
    );
    const opening = provider.verbs(first, collect);
    expect(opening.plays).toHaveLength(1);
    // A gather that timed out re-prompts (the long-silence utterance) and asks again for the same kind of answer.
    const silence = await provider.post(opening.gather!, provider.pressed(''));
    const again = provider.verbs(await silence.text(), collect);
    expect(again).toMatchObject({ hangup: false });
    expect(again.plays).toHaveLength(1);
    // The gateway posts the digits before the finish key, all at once, to the re-prompt's gather.
    const reply = provider.verbs(await (await provider.post(again.gather!, provider.pressed('1234'))).text());
    expect(reply).toMatchObject({ gather: null, hangup: true });
    const [call] = await callsOf(db, id);
    expect(await userMessagesOf(db, call!.conversation_id!)).toEqual(['1234']);
  });

  it("a reaction's buttons are spoken after its prompt as 'Press N for …' and a pressed 1 chooses the first", async () => {
    const { db, id, first } = await answeredCall(provider, (db) =>
      keyedAnswerBot(db, 'Welcome to the pizzeria.', [
        {
          name: 'buttons',
          args: {
            buttons: [
              { title: 'Order a pizza', payload: 'I want to order a pizza' },
              { title: 'Opening hours', payload: 'when are you open' },
            ],
          },
          who: 'bot',
        },
      ]),
    );
    const opening = provider.verbs(first, null, 10, ['Order a pizza', 'Opening hours']);
    // The prompt and the menu, both nested in the gather, both real speech.
    expect(opening.plays).toHaveLength(2);
    await fetchAudio(opening.plays);
    const reply = await provider.post(opening.gather!, provider.pressed('1'));
    expect(reply.status).toBe(200);
    provider.verbs(await reply.text());
    const [call] = await callsOf(db, id);
    // As a click in the chat window: the button's payload is the callee's message.
    expect(await userMessagesOf(db, call!.conversation_id!)).toEqual(['I want to order a pizza']);
  });

  it("the audio route speaks in the project's voice, pitch and speed as they are set now (PUT /v1/settings)", async () => {
    const { first } = await answeredCall(provider, pressOneBot);
    const [prompt] = provider.verbs(first).plays;
    const audio = async () => readWav(Buffer.from(await (await fetch(prompt!)).arrayBuffer()));
    const admin = await app!.admin();
    const setVoice = async (voice: { voices_id: string; voice_pitch: number; voice_speed: number }) => {
      const atime = String((await app!.call('GET', '/v1/settings', { as: admin })).headers['x-atime']);
      const res = await app!.call('PUT', '/v1/settings', { as: admin, body: voice, query: { atime } });
      expect(res.statusCode, res.body).toBe(200);
    };
    // A new project's voice: English (US), female, pitch 0, speed 1.
    const before = await audio();
    await setVoice({ voices_id: 'espeak-en-us-male', voice_pitch: -20, voice_speed: 2 });
    const lowFast = await audio();
    expect(seconds(lowFast) / seconds(before)).toBeLessThan(0.65);
    expect(fundamentalHz(before) / fundamentalHz(lowFast)).toBeGreaterThan(2);
    await setVoice({ voices_id: 'espeak-en-us-male', voice_pitch: 20, voice_speed: 2 });
    const highFast = await audio();
    expect(fundamentalHz(highFast) / fundamentalHz(lowFast)).toBeGreaterThan(1.5);
    expect(seconds(highFast) / seconds(before)).toBeLessThan(0.65);
  });

  it("silence: the project's long-silence settings re-prompt, then say the hang-up utterance and hang up: outcome no input", async () => {
    const { db, engine, id, created, first } = await answeredCall(provider, async (db) => {
      await pressOneBot(db);
      const silence = {
        long_silence_utter: 'Hello? Press 1 to confirm.',
        long_silence_timeout: 7,
        long_silence_retries: 1,
        long_silence_hangup_utter: 'No answer, goodbye.',
      };
      await setProjectSettings(db, silence);
    });
    // The gather waits the long-silence timeout for a first digit.
    const opening = provider.verbs(first, null, 7);
    // The first silence: the long-silence utterance, and the gather again.
    const retry = provider.verbs(await (await provider.post(opening.gather!, provider.pressed(''))).text(), null, 7);
    expect(retry).toMatchObject({ hangup: false });
    expect(retry.plays).toHaveLength(1);
    await fetchAudio(retry.plays);
    // The retries are used up: the hang-up utterance, then the hang-up.
    const last = provider.verbs(await (await provider.post(retry.gather!, provider.pressed(''))).text());
    expect(last).toMatchObject({ gather: null, hangup: true });
    expect(last.plays).toHaveLength(1);
    await fetchAudio(last.plays);

    const [call] = await callsOf(db, id);
    const tracker = await readTranscript(db, call!.conversation_id!);
    const entries = tracker as { type: string; value: string; args: Record<string, unknown> }[];
    expect(entries.filter((e) => e.type === 'utter').map((e) => e.value)).toEqual([
      'Press 1 to confirm your appointment.',
      'Hello? Press 1 to confirm.',
      'No answer, goodbye.',
    ]);
    expect(entries.filter((e) => e.value === LONG_SILENCE).map((e) => e.args)).toEqual([
      { silence: 1, retries: 1, hang_up: false },
      { silence: 2, retries: 1, hang_up: true },
    ]);
    // The gateway hangs up as told: the call is over, its outcome "no input".
    await provider.post(provider.statusHookOf(created), {
      ...provider.answered,
      CallStatus: 'completed',
      call_status: 'completed',
    });
    await engine.settle();
    expect((await callsOf(db, id))[0]).toMatchObject({ status: 'completed', last_result: 'no-input' });
  });
});

/** The conversation of the campaign's one call, as stored. */
async function transcriptOf(db: TestApp['db'], campaignId: number) {
  const [call] = await callsOf(db, campaignId);
  return (await readTranscript(db, call!.conversation_id!)) as {
    type: string;
    value: string;
    level?: number;
    args: Record<string, unknown>;
  }[];
}

describe.each(providers)('a repeated webhook on a $name call (issue 38)', (provider) => {
  it('a repeated call hook and a repeated timed-out gather run nothing again: the same verbs, one long silence', async () => {
    const { db, id, created, first } = await answeredCall(provider, pressOneBot);
    const opening = provider.verbs(first);
    // The gather names the turn it answers.
    expect(new URL(opening.gather!).searchParams.get('turn')).toMatch(/^\d+$/);
    // The gateway retries its call hook: the same first turn, not a bare gather.
    const again = await provider.post(provider.callHookOf(created), provider.answered);
    expect(provider.verbs(await again.text())).toEqual(opening);

    const silence = provider.verbs(await (await provider.post(opening.gather!, provider.pressed(''))).text());
    expect(silence).toMatchObject({ hangup: false });
    expect(silence.plays).toHaveLength(1);
    expect(silence.gather).not.toBe(opening.gather);
    // The same timed-out gather posted again (a retry): the re-prompt's verbs again, not a second silence.
    const retried = provider.verbs(await (await provider.post(opening.gather!, provider.pressed(''))).text());
    expect(retried).toEqual(silence);
    const entries = await transcriptOf(db, id);
    expect(entries.filter((e) => e.value === LONG_SILENCE).map((e) => e.args)).toEqual([
      { silence: 1, retries: 2, hang_up: false },
    ]);
    expect(entries.filter((e) => e.type === 'utter').length).toBe(2);
  });

  it('a re-prompt that says nothing (no long-silence utterance) is its own turn: its gather takes the answer', async () => {
    const { db, id, first } = await answeredCall(provider, async (db) => {
      await pressOneBot(db);
      await setProjectSettings(db, { long_silence_utter: '' });
    });
    const opening = provider.verbs(first);
    const silence = provider.verbs(await (await provider.post(opening.gather!, provider.pressed(''))).text());
    expect(silence).toMatchObject({ plays: [], hangup: false });
    const reply = provider.verbs(await (await provider.post(silence.gather!, provider.pressed('1'))).text());
    expect(reply).toMatchObject({ gather: null, hangup: true });
    const [call] = await callsOf(db, id);
    expect(await userMessagesOf(db, call!.conversation_id!)).toEqual(['1']);
    expect((await transcriptOf(db, id)).filter((e) => e.value === LONG_SILENCE)).toHaveLength(1);
  });

  it('a repeated answer is one user message, and its retry gets the same reply', async () => {
    const { db, id, first } = await answeredCall(provider, pressOneBot);
    const opening = provider.verbs(first);
    const reply = provider.verbs(await (await provider.post(opening.gather!, provider.pressed('1'))).text());
    expect(reply).toMatchObject({ gather: null, hangup: true });
    const retried = provider.verbs(await (await provider.post(opening.gather!, provider.pressed('1'))).text());
    expect(retried).toEqual(reply);
    const [call] = await callsOf(db, id);
    expect(await userMessagesOf(db, call!.conversation_id!)).toHaveLength(1);
    await expectPressOneConversation(db, call!.conversation_id!);
  });
});

describe.each(providers)('speech on a $name call (issue 38 §3)', (provider) => {
  const DEMO_BUTTONS = ['Order a pizza', 'Opening hours', 'Help'];

  it("the transcript is the callee's message: a button's title said chooses it, free speech is classified, the confidence is kept", async () => {
    // The seeded demo bot as it is: its trained model, @start's welcome with three buttons, a goodbye that hangs up.
    const { db, id, first } = await answeredCall(provider, async () => {});
    // The gather listens for speech with the buttons' titles as hints; the prompt and the menu are nested in it.
    const opening = provider.verbs(first, null, 10, DEMO_BUTTONS);
    expect(opening.plays).toHaveLength(2);

    // The callee says a button's title (on jambonz: its number, as a word): that button's payload is the message,
    // classified as a click's would be.
    const saying = provider.name === 'jambonz' ? 'Option two.' : 'Opening hours.';
    const hours = provider.verbs(await (await provider.post(opening.gather!, provider.spoke(saying, 0.82))).text());
    expect(hours).toMatchObject({ hangup: false });
    expect(hours.plays).toHaveLength(1);
    await fetchAudio(hours.plays);

    // Free speech: the NLU classifies the transcript (goodbye), whose reaction says goodbye and hangs up.
    const bye = provider.verbs(
      await (await provider.post(hours.gather!, provider.spoke('Bye, see you later', 0.91))).text(),
    );
    expect(bye).toMatchObject({ gather: null, hangup: true });

    const entries = await transcriptOf(db, id);
    const said = entries.filter((e) => e.type === 'utter' && e.args.who === 'user');
    expect(said.map((e) => e.value)).toEqual(['when are you open', 'Bye, see you later']);
    expect(said[0]!.args).toMatchObject({
      input: 'speech',
      speech_confidence: 0.82,
      transcript: saying,
      intent: 'opening hours',
    });
    expect(said[1]!.args).toMatchObject({ input: 'speech', speech_confidence: 0.91, intent: 'goodbye' });
    expect('transcript' in said[1]!.args).toBe(false);
    expect(entries.filter((e) => e.type === 'utter' && e.args.who === 'bot').map((e) => e.value)).toEqual([
      'Welcome to the Demo pizzeria! How can I help you?',
      'We are open every day from 11:00 to 22:00.',
      'Goodbye!',
    ]);
    // A gateway recognises speech: its calls do not carry the SIP path's "no recognizer" entry.
    expect(entries.some((e) => e.value === NO_SPEECH_RECOGNIZER)).toBe(false);
  });

  it('speech not understood (too unsure, then nothing): logged, re-prompted like a silence, then the hang-up: outcome no input', async () => {
    const { db, engine, id, created, first } = await answeredCall(provider, async (db) => {
      const settings = {
        long_silence_utter: 'Sorry, I did not catch that.',
        long_silence_retries: 1,
        long_silence_hangup_utter: 'Goodbye.',
      };
      await setProjectSettings(db, settings);
    });
    const opening = provider.verbs(first, null, 10, DEMO_BUTTONS);
    // A transcript below MIN_SPEECH_CONFIDENCE: the long-silence utterance, and the same gather again (its hints too).
    const unsure = provider.spoke('order a piece of', MIN_SPEECH_CONFIDENCE / 2);
    const again = provider.verbs(await (await provider.post(opening.gather!, unsure)).text(), null, 10, DEMO_BUTTONS);
    expect(again).toMatchObject({ hangup: false });
    expect(again.plays).toHaveLength(1);
    await fetchAudio(again.plays);
    // Nothing understood at all: the retries are used up, the hang-up utterance, then the hang-up.
    const last = provider.verbs(await (await provider.post(again.gather!, provider.notUnderstood)).text());
    expect(last).toMatchObject({ gather: null, hangup: true });

    const entries = await transcriptOf(db, id);
    expect(entries.filter((e) => e.type === 'utter' && e.args.who === 'user')).toEqual([]);
    expect(entries.filter((e) => e.type === 'utter').map((e) => e.value)).toEqual([
      'Welcome to the Demo pizzeria! How can I help you?',
      'Sorry, I did not catch that.',
      'Goodbye.',
    ]);
    const notUnderstood = entries.filter((e) => e.value === SPEECH_NOT_UNDERSTOOD);
    expect(notUnderstood.every((e) => e.level === LOG_LEVELS.warn)).toBe(true);
    expect(notUnderstood.map((e) => e.args)).toEqual([
      {
        recognizer: provider.name,
        transcript: 'order a piece of',
        confidence: MIN_SPEECH_CONFIDENCE / 2,
        silence: 1,
        retries: 1,
        hang_up: false,
      },
      {
        recognizer: provider.name,
        transcript: '',
        confidence: null,
        ...(provider.name === 'jambonz' ? { reason: 'stt-low-confidence' } : {}),
        silence: 2,
        retries: 1,
        hang_up: true,
      },
    ]);
    await provider.post(provider.statusHookOf(created), {
      ...provider.answered,
      CallStatus: 'completed',
      call_status: 'completed',
    });
    await engine.settle();
    expect((await callsOf(db, id))[0]).toMatchObject({ status: 'completed', last_result: 'no-input' });
  });
});
