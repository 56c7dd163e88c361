import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestClock } from '../../../server/features/campaigns/clock.ts';
import { SipDialler } from '../../../server/features/campaigns/diallers/sip-dialler.ts';
import { VoiceSessions } from '../../../server/features/campaigns/voice-session.ts';
import { createChatRuntime } from '../../../server/features/chat/chat-runtime.ts';
import { BotSource } from '../../../server/features/deployments/bot-source.ts';
import { createEspeakEngine } from '../../../server/speech/espeak-engine.ts';
import {
  callsOf,
  engineFor,
  importCalls,
  keyedAnswerBot,
  number,
  runningCampaign,
  userMessagesOf,
} from '../campaign-fixtures.ts';
import { type TestDatabase, openTestDatabase } from '../helpers/test-database.ts';
import { openMediaSink, startSippPeer } from './sipp-peer.ts';

/**
 * A keyed answer on a real SIP call: the engine dials through baresip, SIPp answers and keys 1, 2, 3, 4 and # (SIP
 * INFO dtmf-relay) while the bot's prompt plays; the runtime gets one message "1234". Needs baresip, sip-tester and
 * espeak-ng.
 */

let database: TestDatabase;
beforeEach(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  await database.close();
});

describe('a PIN keyed on a SIP call', () => {
  it("SIPp keys '1','2','3','4','#' during the prompt: the runtime gets one message '1234', then the bot hangs up", async () => {
    const { db } = database;
    const media = await openMediaSink();
    const peer = await startSippPeer('answers-keys-pin.xml', { rtpport: String(media.port) });
    const dialler = new SipDialler({ sipHost: '127.0.0.1' });
    const bots = new BotSource(db);
    const chat = createChatRuntime(db, null, bots);
    const speech = createEspeakEngine('espeak-ng');
    const voice = new VoiceSessions({ db, chat: chat.engine, bots, speech, dialler, log: () => {} });
    const clock = new TestClock('2039-01-01T10:00:00Z');
    const engine = engineFor(db, dialler, clock, voice);
    try {
      await keyedAnswerBot(db, 'Key in your PIN, then the hash key.', [
        { name: 'collect_digits', args: { max: 8, finish_on_key: '#' }, who: 'bot' },
      ]);
      const account = { sip_server_dev: peer.address, sip_number_dev: '100' };
      await db
        .updateTable('project_settings')
        .set({ data: sql`data || ${JSON.stringify(account)}::jsonb` })
        .where('project_id', '=', 1)
        .execute();
      const id = await runningCampaign(db);
      await importCalls(db, id, [`${number(1)},2039-01-01 10:00 UTC`], clock.now());
      const deadline = Date.now() + 30_000;
      while ((await callsOf(db, id))[0]?.status !== 'completed' && Date.now() < deadline) {
        await engine.tick();
        await engine.settle();
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const [call] = await callsOf(db, id);
      expect(call).toMatchObject({ status: 'completed', last_result: 'completed' });
      expect(await userMessagesOf(db, call!.conversation_id!)).toEqual(['1234']);
      const sipp = await peer.done;
      expect(sipp.errors).toBe('');
      expect(sipp.code).toBe(0);
    } finally {
      await engine.stop();
      await peer.stop();
      await dialler.close();
      await media.close();
      await chat.close();
    }
  });
});
