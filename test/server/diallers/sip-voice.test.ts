import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestClock } from '../../../server/features/campaigns/clock.ts';
import { SipDialler } from '../../../server/features/campaigns/diallers/sip-dialler.ts';
import { VoiceSessions } from '../../../server/features/campaigns/voice-session.ts';
import { NO_SPEECH_RECOGNIZER } from '../../../server/features/campaigns/speech-recognition.ts';
import { readTranscript } from '../../../server/features/chat/transcript.ts';
import { LOG_LEVELS } from '../../../src/api/contract/chat.ts';
import { addDoNotCall } from '../../../server/features/campaigns/do-not-call.ts';
import { createChatRuntime } from '../../../server/features/chat/chat-runtime.ts';
import { BotSource } from '../../../server/features/deployments/bot-source.ts';
import { createEspeakEngine } from '../../../server/speech/espeak-engine.ts';
import type { SpeechEngine } from '../../../server/speech/speech-engine.ts';
import {
  callsOf,
  engineFor,
  importCalls,
  keyedAnswerBot,
  number,
  runningCampaign,
  setProjectSettings,
  userMessagesOf,
} from '../campaign-fixtures.ts';
import { type TestDatabase, openTestDatabase } from '../helpers/test-database.ts';
import { openMediaSink, startSippPeer } from './sipp-peer.ts';

/**
 * The bot on a real SIP call: the engine dials through baresip, SIPp answers as the scenario says: it keys 1, 2, 3, 4
 * and # (SIP INFO dtmf-relay) while the bot's prompt plays, or stays silent; a number on the project's do-not-call
 * list never reaches SIPp. Needs baresip, sip-tester and espeak-ng.
 */

let database: TestDatabase;
beforeEach(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  await database.close();
});

/**
 * A campaign call of project 1 through a real baresip to a SIPp callee running `scenario`, with the bot `bot`
 * writes and the project `settings` merged in; runs the engine until the call is over and returns it.
 */
async function sipCall(scenario: string, bot: () => Promise<void>, settings: Record<string, unknown> = {}) {
  const { db } = database;
  const media = await openMediaSink();
  const peer = await startSippPeer(scenario, { rtpport: String(media.port) });
  const dialler = new SipDialler({ sipHost: '127.0.0.1' });
  const bots = new BotSource(db);
  const chat = createChatRuntime(db, null, bots);
  const espeak = createEspeakEngine('espeak-ng');
  const spoken: string[] = [];
  const speech: SpeechEngine = {
    name: 'recording espeak-ng',
    synthesize: (text, options) => {
      spoken.push(text);
      return espeak.synthesize(text, options);
    },
  };
  const voice = new VoiceSessions({ db, chat: chat.engine, bots, speech, dialler, log: () => {} });
  const clock = new TestClock('2039-01-01T10:00:00Z');
  const engine = engineFor(db, dialler, clock, voice);
  try {
    await bot();
    const merged = { ...settings, sip_server_dev: peer.address, sip_number_dev: '100' };
    await setProjectSettings(db, merged);
    const id = await runningCampaign(db);
    await importCalls(db, id, [`${number(1)},2039-01-01 10:00 UTC`], clock.now());
    const deadline = Date.now() + 40_000;
    while ((await callsOf(db, id))[0]?.status !== 'completed' && Date.now() < deadline) {
      await engine.tick();
      await engine.settle();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const [call] = await callsOf(db, id);
    const sipp = await peer.done;
    const entries = (await readTranscript(db, call!.conversation_id!)) as {
      type: string;
      value: string;
      level?: number;
      args: Record<string, unknown>;
    }[];
    return { call: call!, sipp, spoken, entries, messages: await userMessagesOf(db, call!.conversation_id!) };
  } finally {
    await engine.stop();
    await peer.stop();
    await dialler.close();
    await media.close();
    await chat.close();
  }
}

describe('the bot on a SIP call (baresip, a SIPp callee)', () => {
  it("SIPp keys '1','2','3','4','#' during the prompt: the runtime gets one message '1234', then the bot hangs up", async () => {
    const { call, sipp, messages, entries } = await sipCall('answers-keys-pin.xml', () =>
      keyedAnswerBot(database.db, 'Key in your PIN, then the hash key.', [
        { name: 'collect_digits', args: { max: 8, finish_on_key: '#' }, who: 'bot' },
      ]),
    );
    expect(call).toMatchObject({ status: 'completed', last_result: 'completed' });
    expect(messages).toEqual(['1234']);
    expect(sipp.errors).toBe('');
    expect(sipp.code).toBe(0);
    // Once, when the call was answered (after @start's prompt, before the callee's answer): no speech recognizer here.
    const noRecognizer = entries.filter((e) => e.value === NO_SPEECH_RECOGNIZER);
    expect(noRecognizer).toEqual([
      expect.objectContaining({ type: 'log', level: LOG_LEVELS.info, args: { dialler: 'sip' } }),
    ]);
    const at = entries.indexOf(noRecognizer[0]!);
    expect(entries.slice(0, at).map((e) => e.value)).toContain('Key in your PIN, then the hash key.');
    expect(entries.slice(at).find((e) => e.type === 'utter' && e.args.who === 'user')?.value).toBe('1234');
    // Keys are the callee's input here: the message says so.
    expect(entries.find((e) => e.value === '1234')?.args).toMatchObject({ who: 'user', input: 'dtmf' });
  });

  it("a silent SIPp callee is re-prompted, then hung up after the retries: outcome 'no-input'", async () => {
    const { call, sipp, spoken, messages } = await sipCall(
      'answers-stays-silent.xml',
      () => keyedAnswerBot(database.db, 'Key in your PIN.', []),
      {
        long_silence_utter: 'Are you there?',
        long_silence_timeout: 1,
        long_silence_retries: 1,
        long_silence_hangup_utter: 'Goodbye.',
      },
    );
    expect(spoken).toEqual(['Key in your PIN.', 'Are you there?', 'Goodbye.']);
    expect(messages).toEqual([]);
    expect(call).toMatchObject({ status: 'completed', last_result: 'no-input' });
    // The callee got the BYE: its scenario ran to the end.
    expect(sipp.errors).toBe('');
    expect(sipp.code).toBe(0);
  });
});

describe('the do-not-call list on SIP (baresip, a SIPp callee)', () => {
  it('a listed number is never INVITEd: SIPp gets the other call only, the listed call ends "do-not-call"', async () => {
    const { db } = database;
    // SIPp would take two calls (busy, each): a second INVITE, if one were sent, would be received and counted.
    const peer = await startSippPeer('busy-486.xml', {}, 2);
    const dialler = new SipDialler({ sipHost: '127.0.0.1' });
    const clock = new TestClock('2039-01-01T10:00:00Z');
    const engine = engineFor(db, dialler, clock);
    try {
      await setProjectSettings(db, { sip_server_dev: peer.address, sip_number_dev: '100' });
      await addDoNotCall(db, { projectId: 1, userId: null, destination: number(2), note: 'asked not to be called' });
      const id = await runningCampaign(db, { retry_count: 0 });
      await importCalls(
        db,
        id,
        [`${number(1)},2039-01-01 10:00 UTC`, `${number(2)},2039-01-01 10:00 UTC`],
        clock.now(),
      );
      const deadline = Date.now() + 30_000;
      const final = () => callsOf(db, id).then((calls) => calls.every((c) => c.status === 'failed'));
      while (!(await final()) && Date.now() < deadline) {
        await engine.tick();
        await engine.settle();
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // More ticks once both calls are over: nothing is left to dial.
      for (let i = 0; i < 3; i++) await engine.tick();
      await engine.settle();
      const byNumber = new Map((await callsOf(db, id)).map((c) => [c.destination, c]));
      expect(byNumber.get(number(1))).toMatchObject({ status: 'failed', last_result: 'busy', attempts: 1 });
      expect(byNumber.get(number(2))).toMatchObject({ status: 'failed', last_result: 'do-not-call', attempts: 0 });
    } finally {
      await engine.stop();
      await dialler.close();
      await peer.stop();
    }
    const sipp = await peer.done;
    const invites = sipp.received.filter((message) => message.startsWith('INVITE '));
    expect(invites).toHaveLength(1);
    expect(invites[0]).toContain(number(1));
    expect(sipp.received.some((message) => message.includes(number(2)))).toBe(false);
  });
});
