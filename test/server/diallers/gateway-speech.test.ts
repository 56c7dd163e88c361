import jambonzVerbs from '@jambonz/verb-specifications';
import twilio from 'twilio';
import type VoiceResponse from 'twilio/lib/twiml/VoiceResponse';
import { describe, expect, it } from 'vitest';
import { type LanguageCode, languageCodes } from '../../../src/api/contract/platform.ts';
import { type SttProvider, sttProviders } from '../../../src/api/contract/settings.ts';
import type { VoiceTurn } from '../../../server/features/campaigns/dialler.ts';
import { JambonzDialler, jambonzGathered } from '../../../server/features/campaigns/diallers/jambonz-dialler.ts';
import {
  SPEECH_END_SECONDS,
  TwilioDialler,
  twilioGathered,
} from '../../../server/features/campaigns/diallers/twilio-dialler.ts';
import { speechLanguageTag } from '../../../server/features/campaigns/speech-recognition.ts';

/**
 * The speech side of a gateway's gather, turn by turn, checked by the gateways' own libraries: every project
 * speech-to-text provider as a jambonz recognizer its validator accepts, Twilio's attributes as its TwiML builder
 * writes them, and the gather payloads as each gateway posts them. (The calls end to end: gateway-voice.test.ts.)
 */

const SECRET = 'a-webhook-secret-of-at-least-32-characters';
const call = { campaignId: 3, callId: 7, attempt: 1 };
const jambonz = new JambonzDialler({
  kind: 'jambonz',
  apiUrl: 'http://127.0.0.1:9',
  accountSid: 'acc-1',
  apiKey: 'key-1',
  publicUrl: 'http://127.0.0.1:8',
  webhookSecret: SECRET,
});
const twilioDialler = new TwilioDialler({
  kind: 'twilio',
  apiUrl: 'http://127.0.0.1:9',
  accountSid: 'AC0001',
  authToken: 'token',
  publicUrl: 'http://127.0.0.1:8',
  webhookSecret: SECRET,
});

/** A turn that prompts and waits for the callee, listening as `listen` says. */
const turn = (listen: VoiceTurn['listen'], collect: VoiceTurn['collect'] = null): VoiceTurn => ({
  utterances: [{ text: 'Order or opening hours?', ts: 1000 }],
  transferTo: null,
  hangUp: false,
  collect,
  silenceSeconds: 8,
  listen,
});

const jambonzGather = (t: VoiceTurn) => {
  const verbs = JSON.parse(jambonz.webhookVoice.instructions(call, t).body) as Record<string, unknown>[];
  // jambonz's own validator: strict about every verb, property, nested option and type.
  jambonzVerbs.validate({ debug() {}, info() {}, error() {} }, verbs);
  expect(verbs).toHaveLength(1);
  return verbs[0]!;
};

describe("the project's speech-to-text provider as jambonz's recognizer", () => {
  // jambonz's vendor names (lower case, as it requires): Azure is Microsoft's; Whisper is OpenAI's model; Vosk is a
  // custom vendor the jambonz account registers (jambonz names those custom:<name>).
  const expected: Record<SttProvider, Record<string, unknown>> = {
    google: { vendor: 'google', language: 'cs-CZ', hints: ['Objednat', 'Otevírací doba'] },
    azure: { vendor: 'microsoft', language: 'cs-CZ', hints: ['Objednat', 'Otevírací doba'] },
    whisper: { vendor: 'openai', language: 'cs-CZ', openaiOptions: { model: 'whisper-1' } },
    vosk: { vendor: 'custom:vosk', language: 'cs-CZ' },
  };

  it.each(sttProviders)('%s: a gather of digits and speech that barges in, with its recognizer', (provider) => {
    const gather = jambonzGather(turn({ provider, language: 'cs-CZ', hints: ['Objednat', 'Otevírací doba'] }));
    expect(gather).toMatchObject({
      verb: 'gather',
      input: ['digits', 'speech'],
      numDigits: 1,
      timeout: 8,
      bargein: true,
      dtmfBargein: true,
    });
    expect(gather.recognizer).toEqual(expected[provider]);
  });

  it('a collection of digits (a PIN) gathers keys only: no recognizer', () => {
    const gather = jambonzGather(turn(null, { max: 4, finishOnKey: '#', interDigitSeconds: 3 }));
    expect(gather.input).toEqual(['digits']);
    expect('recognizer' in gather || 'bargein' in gather).toBe(false);
  });
});

describe("Twilio's <Gather> of speech", () => {
  it("listens in the bot's language with the buttons' titles as hints, as Twilio's TwiML builder writes it", () => {
    const hints = ['Fish & chips', 'Yes, please'];
    const { body } = twilioDialler.webhookVoice.instructions(
      call,
      turn({ provider: 'azure', language: 'en-US', hints }),
    );
    const action = /action="([^"]+)"/.exec(body)![1]!.replaceAll('&amp;', '&');
    const play = /<Play>([^<]+)<\/Play>/.exec(body)![1]!.replaceAll('&amp;', '&');
    const response = new twilio.twiml.VoiceResponse();
    response
      .gather({
        input: ['dtmf', 'speech'],
        numDigits: 1,
        timeout: 8,
        speechTimeout: String(SPEECH_END_SECONDS),
        language: 'en-US',
        // Twilio's hints are separated by commas: a comma inside a title is not one.
        hints: 'Fish & chips, Yes  please',
        actionOnEmptyResult: true,
        method: 'POST',
        action,
      })
      .play(play);
    expect(body).toBe(response.toString());
  });

  it('a collection of digits is keys only', () => {
    const collect = { max: 4, finishOnKey: '#' as const, interDigitSeconds: 3 };
    const { body } = twilioDialler.webhookVoice.instructions(call, turn(null, collect));
    expect(body).toContain('<Gather input="dtmf" numDigits="4" finishOnKey="#" timeout="3"');
    expect(body).not.toContain('speech');
  });

  it("the bot's languages are tags Twilio's <Gather> knows (checked by its types) and jambonz's recognizers take", () => {
    const tags = { en: 'en-US', cs: 'cs-CZ' } satisfies Record<
      LanguageCode,
      NonNullable<VoiceResponse.GatherAttributes['language']>
    >;
    expect(Object.fromEntries(languageCodes.map((code) => [code, speechLanguageTag(code)]))).toEqual(tags);
  });
});

describe('what a gather posts', () => {
  it('Twilio: Digits, else SpeechResult with its Confidence (form text), else nothing', () => {
    expect(twilioGathered({ Digits: '1', SpeechResult: '' })).toEqual({ kind: 'digits', digits: '1' });
    expect(twilioGathered({ Digits: '', SpeechResult: 'opening hours', Confidence: '0.734' })).toEqual({
      kind: 'speech',
      transcript: 'opening hours',
      confidence: 0.734,
    });
    // Google's 0.0 means "not set": no confidence, not a low one.
    expect(twilioGathered({ SpeechResult: 'yes', Confidence: '0.0' })).toMatchObject({ confidence: null });
    expect(twilioGathered({ CallStatus: 'in-progress' })).toEqual({ kind: 'nothing' });
  });

  it('jambonz: dtmfDetected, speechDetected (its alternatives, best first), timeout, and results it could not give', () => {
    expect(jambonzGathered({ reason: 'dtmfDetected', digits: '42' })).toEqual({ kind: 'digits', digits: '42' });
    const alternatives = [
      { transcript: 'opening hours', confidence: 0.9 },
      { transcript: 'opening ours', confidence: 0.4 },
    ];
    expect(jambonzGathered({ reason: 'speechDetected', speech: { is_final: true, alternatives } })).toEqual({
      kind: 'speech',
      transcript: 'opening hours',
      confidence: 0.9,
    });
    // The shape jambonz's websocket documentation shows: the alternatives inside `transcripts`.
    const nested = { is_final: true, transcripts: [{ is_final: true, alternatives }] };
    expect(jambonzGathered({ reason: 'speechDetected', speech: nested })).toMatchObject({
      transcript: 'opening hours',
    });
    expect(jambonzGathered({ reason: 'timeout' })).toEqual({ kind: 'nothing' });
    expect(jambonzGathered({ reason: 'error', details: 'vendor down' })).toEqual({
      kind: 'speech',
      transcript: '',
      confidence: null,
      reason: 'error',
    });
  });
});
