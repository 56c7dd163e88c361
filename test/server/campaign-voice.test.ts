import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestClock } from '../../server/features/campaigns/clock.ts';
import { FakeDialler } from '../../server/features/campaigns/fake-dialler.ts';
import { NO_SPEECH_RECOGNITION, SPEECH_NOT_UNDERSTOOD } from '../../server/features/campaigns/speech-recognition.ts';
import { CALL_ENDED, LONG_SILENCE, VoiceSessions } from '../../server/features/campaigns/voice-session.ts';
import { LOG_LEVELS } from '../../src/api/contract/chat.ts';
import { BotSource } from '../../server/features/deployments/bot-source.ts';
import { createChatRuntime } from '../../server/features/chat/chat-runtime.ts';
import { createEspeakEngine } from '../../server/speech/espeak-engine.ts';
import type { SpeechEngine, SpeechOptions } from '../../server/speech/speech-engine.ts';
import {
  callsOf,
  engineFor,
  expectPressOneConversation,
  importCalls,
  keyedAnswerBot,
  number,
  pressOneBot,
  runningCampaign,
  runTicks,
  setProjectSettings,
  userMessagesOf,
} from './campaign-fixtures.ts';
import { type TestDatabase, openTestDatabase } from './helpers/test-database.ts';
import { readTranscript } from '../../server/features/chat/transcript.ts';

let database: TestDatabase;
beforeEach(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  await database.close();
});

/** The bot on the fake dialler's calls: the chat runtime, the voice sessions with `speech`, and the engine. */
function voiceEngine(db: TestDatabase['db'], fake: FakeDialler, clock: TestClock, speech: SpeechEngine | null) {
  const bots = new BotSource(db);
  const chat = createChatRuntime(db, null, bots);
  const voice = new VoiceSessions({ db, chat: chat.engine, bots, speech, dialler: fake, log: () => {} });
  return { chat, voice, engine: engineFor(db, fake, clock, voice) };
}

/** A speech engine that records what it was asked to say, and how, and answers espeak-ng's audio of "ok". */
function recordingSpeech() {
  const spoken: string[] = [];
  const spokenWith: SpeechOptions[] = [];
  const speech: SpeechEngine = {
    name: 'recording',
    synthesize: async (text, options) => {
      spoken.push(text);
      spokenWith.push(options);
      return createEspeakEngine('espeak-ng').synthesize('ok', options);
    },
  };
  return { speech, spoken, spokenWith };
}

describe('voice session of an answered call', () => {
  it("speaks the @start reaction, turns DTMF '1' into the user's message and its reaction, and call_end hangs up", async () => {
    await pressOneBot(database.db);
    const { db } = database;
    const clock = new TestClock('2039-01-01T10:00:00Z');
    const fake = new FakeDialler({ decide: () => ({ kind: 'answer', dtmf: ['1'] }), now: () => clock.now() });
    const spoken: string[] = [];
    const espeak = createEspeakEngine('espeak-ng');
    // The real speech engine (espeak-ng), with what it was asked to say recorded.
    const speech: SpeechEngine = {
      name: 'recording espeak-ng',
      synthesize: (text, options) => {
        spoken.push(text);
        return espeak.synthesize(text, options);
      },
    };
    const { chat, engine } = voiceEngine(db, fake, clock, speech);
    const id = await runningCampaign(db);
    await importCalls(db, id, [`${number(1)},2039-01-01 10:00 UTC`], clock.now());
    await runTicks(engine, 4);
    expect(spoken).toEqual(['Press 1 to confirm your appointment.', 'Confirmed, goodbye.']);
    expect(fake.played).toHaveLength(2);
    expect(fake.played.every((p) => p.bytes > 1000)).toBe(true);
    expect(fake.hungUp).toEqual(['fake-1']);
    const [call] = await callsOf(db, id);
    expect(call).toMatchObject({ status: 'completed', last_result: 'completed', attempts: 1 });
    expect(call!.conversation_id).not.toBeNull();
    const conversation = await db
      .selectFrom('conversations')
      .select(['channel', 'project_env', 'ended'])
      .where('id', '=', call!.conversation_id!)
      .executeTakeFirstOrThrow();
    expect(conversation).toMatchObject({ channel: 'voice', project_env: 'dev', ended: true });
    // The transcript, and the conversation logs list it as a voice conversation.
    await expectPressOneConversation(db, call!.conversation_id!);
    await engine.stop();
    await chat.close();
  });

  it('speech the callee says is handed to speech recognition; with no engine the conversation logs say it was not understood', async () => {
    await pressOneBot(database.db);
    const { db } = database;
    const clock = new TestClock('2039-01-01T10:00:00Z');
    // Answers and stays on the line.
    const fake = new FakeDialler({ decide: () => ({ kind: 'answer' }), now: () => clock.now() });
    const { chat, engine } = voiceEngine(db, fake, clock, null);
    const id = await runningCampaign(db);
    await importCalls(db, id, [`${number(1)},2039-01-01 10:00 UTC`], clock.now());
    await runTicks(engine, 3);
    const [call] = await callsOf(db, id);
    expect(call).toMatchObject({ status: 'answered' });
    // Real speech: what espeak-ng says for "yes, one".
    const audio = await createEspeakEngine('espeak-ng').synthesize('yes, one', {
      language: 'en',
      voice: null,
      pitch: 0,
      speed: 1,
    });
    await engine.onEvent({ type: 'speech', callId: call!.id, attempt: 1, audio });
    const tracker = await readTranscript(db, call!.conversation_id!);
    const entries = tracker as { type: string; value: string; level?: number; args: Record<string, unknown> }[];
    expect(entries.at(-1)).toMatchObject({
      type: 'log',
      value: SPEECH_NOT_UNDERSTOOD,
      level: LOG_LEVELS.warn,
      args: { recognizer: NO_SPEECH_RECOGNITION.name, audio_bytes: audio.length },
    });
    // Not understood is not a message: the bot said nothing more and the call goes on.
    expect(entries.filter((e) => e.type === 'utter').map((e) => e.value)).toEqual([
      'Press 1 to confirm your appointment.',
    ]);
    expect((await callsOf(db, id))[0]).toMatchObject({ status: 'answered' });

    // The callee hangs up: the call completes and its conversation ends with it, saying how.
    await engine.onEvent({
      type: 'ended',
      callId: call!.id,
      attempt: 1,
      reason: 'completed',
      code: '200',
      at: clock.now(),
    });
    await engine.stop();
    expect((await callsOf(db, id))[0]).toMatchObject({ status: 'completed' });
    const after = await db
      .selectFrom('conversations')
      .select(['ended'])
      .where('id', '=', call!.conversation_id!)
      .executeTakeFirstOrThrow();
    expect(after.ended).toBe(true);
    const transcript = (await readTranscript(db, call!.conversation_id!)) as typeof entries;
    expect(transcript.at(-1)).toMatchObject({
      type: 'log',
      value: CALL_ENDED,
      args: { reason: 'completed', code: '200' },
    });
    await fake.close();
    await chat.close();
  });

  /**
   * A fake call answered by a callee who presses `dtmf`; what the bot said (and how: the speech engine's options), the
   * call, and the callee's messages.
   */
  async function keyedCall(dtmf: string[], settle?: () => Promise<void>) {
    const { db } = database;
    const clock = new TestClock('2039-01-01T10:00:00Z');
    const fake = new FakeDialler({ decide: () => ({ kind: 'answer', dtmf }), now: () => clock.now() });
    const { speech, spoken, spokenWith } = recordingSpeech();
    const { chat, engine } = voiceEngine(db, fake, clock, speech);
    const id = await runningCampaign(db);
    await importCalls(db, id, [`${number(1)},2039-01-01 10:00 UTC`], clock.now());
    await runTicks(engine, 4);
    await settle?.();
    await runTicks(engine, 1);
    const [call] = await callsOf(db, id);
    const messages = await userMessagesOf(db, call!.conversation_id!);
    await engine.stop();
    await fake.close();
    await chat.close();
    return { spoken, spokenWith, call: call!, messages, hungUp: fake.hungUp };
  }

  it("collect_digits: '1','2','3','4','#' keyed during the prompt reach the runtime as one message '1234'", async () => {
    await keyedAnswerBot(database.db, 'Key in your PIN, then the hash key.', [
      { name: 'collect_digits', args: { max: 8, finish_on_key: '#' }, who: 'bot' },
    ]);
    const { spoken, call, messages, hungUp } = await keyedCall(['1', '2', '3', '4', '#']);
    expect(messages).toEqual(['1234']);
    expect(spoken).toEqual(['Key in your PIN, then the hash key.', 'Thank you, goodbye.']);
    expect(hungUp).toEqual(['fake-1']);
    expect(call).toMatchObject({ status: 'completed' });
  });

  it('collect_digits: a pause longer than the inter-digit timeout ends the answer; max digits end it too', async () => {
    await keyedAnswerBot(database.db, 'Key in the amount.', [
      { name: 'collect_digits', args: { finish_on_key: '#', timeout: 1 }, who: 'bot' },
    ]);
    // No finish key: the digits wait for the pause (1 s), then go as one message.
    const paused = await keyedCall(['5', '6'], () => new Promise((resolve) => setTimeout(resolve, 1300)));
    expect(paused.messages).toEqual(['56']);
    expect(paused.hungUp).toEqual(['fake-1']);

    await database.db.deleteFrom('outbound_campaigns').execute();
    await keyedAnswerBot(database.db, 'Key in the year.', [{ name: 'collect_digits', args: { max: 4 }, who: 'bot' }]);
    const full = await keyedCall(['2', '0', '3', '9']);
    expect(full.messages).toEqual(['2039']);
  });

  it("buttons are offered as 'Press N for …' after the prompt, and a pressed 2 chooses the second button", async () => {
    await keyedAnswerBot(database.db, 'Welcome to the pizzeria.', [
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
    ]);
    const { spoken, messages, hungUp } = await keyedCall(['2']);
    expect(spoken).toEqual([
      'Welcome to the pizzeria.',
      'Press 1 for Order a pizza. Press 2 for Opening hours.',
      'Thank you, goodbye.',
    ]);
    // As a click in the chat window: the button's payload is the callee's message.
    expect(messages).toEqual(['when are you open']);
    expect(hungUp).toEqual(['fake-1']);
  });

  it("a silent callee: after the long-silence timeout the utterance, after the retries the hang-up utterance, hang-up, outcome 'no-input'", async () => {
    await pressOneBot(database.db);
    const silence = {
      long_silence_utter: 'Hello? Press 1 to confirm.',
      long_silence_timeout: 1,
      long_silence_retries: 1,
      long_silence_hangup_utter: 'No answer, goodbye.',
      // Issue 38 item 5: the prompts and both long-silence utterances are spoken in the project's voice.
      voices_id: 'espeak-en-gb-male',
      voice_pitch: 12,
      voice_speed: 1.5,
    };
    await setProjectSettings(database.db, silence);
    // The callee answers and says nothing; two silences of 1 s each.
    const { spoken, spokenWith, call, messages, hungUp } = await keyedCall(
      [],
      () => new Promise((r) => setTimeout(r, 2600)),
    );
    expect(spoken).toEqual([
      'Press 1 to confirm your appointment.',
      'Hello? Press 1 to confirm.',
      'No answer, goodbye.',
    ]);
    expect(spokenWith).toEqual(
      spoken.map(() => ({ language: 'en', voice: 'espeak-en-gb-male', pitch: 12, speed: 1.5 })),
    );
    expect(messages).toEqual([]);
    expect(hungUp).toEqual(['fake-1']);
    expect(call).toMatchObject({ status: 'completed', last_result: 'no-input' });
    const tracker = await readTranscript(database.db, call.conversation_id!);
    const silences = (tracker as { value: string; args: Record<string, unknown> }[]).filter(
      (e) => e.value === LONG_SILENCE,
    );
    expect(silences.map((e) => e.args.hang_up)).toEqual([false, true]);
  });

  it("the long-silence timer firing as a digit arrives: one turn, the callee's (issue 38)", async () => {
    await pressOneBot(database.db);
    const { db } = database;
    await setProjectSettings(db, { long_silence_timeout: 30, long_silence_utter: 'Hello? Are you there?' });
    // The real timer, with its callback kept so the test fires it at the moment the digit arrives.
    const realSetTimeout = globalThis.setTimeout;
    let fireSilence: (() => void) | null = null;
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
      fn: () => void,
      ms?: number,
      ...rest: unknown[]
    ) => {
      if (ms === 30_000) fireSilence = fn;
      return realSetTimeout(fn, ms, ...rest);
    }) as typeof setTimeout);
    try {
      const clock = new TestClock('2039-01-01T10:00:00Z');
      const fake = new FakeDialler({ decide: () => ({ kind: 'answer' }), now: () => clock.now() });
      const { speech, spoken } = recordingSpeech();
      const { chat, engine } = voiceEngine(db, fake, clock, speech);
      const id = await runningCampaign(db);
      await importCalls(db, id, [`${number(1)},2039-01-01 10:00 UTC`], clock.now());
      await runTicks(engine, 4);
      const [call] = await callsOf(db, id);
      expect(call).toMatchObject({ status: 'answered' });
      // The prompt was played: the bot waits, its long-silence timer armed.
      expect(spoken).toEqual(['Press 1 to confirm your appointment.']);
      expect(fireSilence).not.toBeNull();
      // The timer fires and the callee's '2' (not the confirming '1': the call goes on) arrives at the same moment.
      (fireSilence as unknown as () => void)();
      await engine.onEvent({ type: 'dtmf', callId: call!.id, attempt: 1, digit: '2' });
      await engine.settle();
      // One turn, the callee's: no long silence counted, no re-prompt spoken.
      const tracker = (await readTranscript(db, call!.conversation_id!)) as { value: string }[];
      expect(tracker.filter((e) => e.value === LONG_SILENCE)).toEqual([]);
      expect(spoken).not.toContain('Hello? Are you there?');
      expect(spoken).toHaveLength(2);
      expect(await userMessagesOf(db, call!.conversation_id!)).toEqual(['2']);
      // The callee hangs up (the timer armed for the next answer is disarmed).
      await engine.onEvent({
        type: 'ended',
        callId: call!.id,
        attempt: 1,
        reason: 'completed',
        code: '200',
        at: clock.now(),
      });
      await engine.stop();
      await fake.close();
      await chat.close();
    } finally {
      spy.mockRestore();
    }
  });
});
