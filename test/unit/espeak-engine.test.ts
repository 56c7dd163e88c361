// Issue 38 item 5: the project's voice, pitch and speed shape what espeak-ng (the real one, installed) says.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEspeakEngine, espeakPitch } from '../../server/speech/espeak-engine.ts';
import type { SpeechOptions } from '../../server/speech/speech-engine.ts';
import { fundamentalHz, seconds, telephonePcm } from '../server/helpers/speech-audio.ts';

const espeak = createEspeakEngine('espeak-ng');
const PROMPT = 'Press one to confirm your appointment.';
const NORMAL: SpeechOptions = { language: 'en', voice: 'espeak-en-us-female', pitch: 0, speed: 1 };
const say = (options: Partial<SpeechOptions>, text = PROMPT) => espeak.synthesize(text, { ...NORMAL, ...options });

describe('espeak-ng with the project voice settings', () => {
  it('speed 2 says the prompt in clearly less time than speed 1', async () => {
    const normal = seconds(telephonePcm(await say({ speed: 1 })));
    const fast = seconds(telephonePcm(await say({ speed: 2 })));
    expect(normal).toBeGreaterThan(1.5);
    expect(fast / normal).toBeLessThan(0.65);
  });

  it('pitch +20 has a clearly higher fundamental than -20, and 0 lies between (on 8 kHz telephone audio)', async () => {
    const [low, middle, high] = await Promise.all(
      [-20, 0, 20].map(async (pitch) => fundamentalHz(telephonePcm(await say({ pitch })))),
    );
    expect(low).toBeGreaterThan(60);
    expect(high / low!).toBeGreaterThan(1.5);
    expect(middle).toBeGreaterThan(low! * 1.15);
    expect(middle).toBeLessThan(high! / 1.15);
    // The setting's -20..20 onto espeak-ng's 0..99 around its default 50.
    expect([-20, -10, 0, 10, 20].map(espeakPitch)).toEqual([1, 26, 50, 75, 99]);
  });

  it('speaks the voice the settings name: the male voice is clearly lower than the female one', async () => {
    const female = fundamentalHz(telephonePcm(await say({ voice: 'espeak-en-us-female' })));
    const male = fundamentalHz(telephonePcm(await say({ voice: 'espeak-en-us-male' })));
    expect(female / male).toBeGreaterThan(1.5);
  });

  it('takes only a listed voice: anything else (an option, an engine name) speaks the language default', async () => {
    const written = join(tmpdir(), `espeak-voice-${process.pid}.wav`);
    const english = await say({ voice: null }, 'one');
    expect(english.equals(await say({ voice: 'espeak-en-us-female' }, 'one'))).toBe(true);
    for (const voice of [`-w ${written}`, '--version', 'en-us+m3', 'espeak-cs-female; rm -rf /'])
      expect((await say({ voice }, 'one')).equals(english), voice).toBe(true);
    expect(existsSync(written)).toBe(false);
    // Czech's default is Czech's first listed voice.
    const czech = await say({ language: 'cs', voice: null }, 'jedna');
    expect(czech.equals(await say({ language: 'cs', voice: 'espeak-cs-female' }, 'jedna'))).toBe(true);
    expect(czech.equals(await say({ language: 'cs', voice: 'espeak-cs-male' }, 'jedna'))).toBe(false);
  });
});
