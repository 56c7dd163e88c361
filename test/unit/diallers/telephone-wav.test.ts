import { describe, expect, it } from 'vitest';
import { readWav, toTelephoneWav, writeWav } from '../../../server/features/campaigns/diallers/telephone-wav.ts';

const tone = (hz: number, rate: number, seconds: number) =>
  Float32Array.from({ length: rate * seconds }, (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / rate));

const rms = (samples: Float32Array) => Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / samples.length);

describe('telephone WAV', () => {
  it('turns 22,050 Hz speech-engine audio into 8 kHz 16-bit mono, keeping what the telephone band carries', () => {
    const { wav, seconds } = toTelephoneWav(writeWav(tone(1000, 22_050, 1), 22_050), 0.5);
    const out = readWav(wav);
    expect(out.sampleRate).toBe(8000);
    expect(seconds).toBeCloseTo(1, 2);
    expect(out.samples.length).toBe(8000 + 4000);
    const sound = out.samples.subarray(200, 7800);
    expect(rms(sound)).toBeGreaterThan(0.33);
    // 1 kHz: 2,000 zero crossings a second.
    let crossings = 0;
    for (let i = 1; i < sound.length; i++) if (sound[i - 1] < 0 !== sound[i] < 0) crossings++;
    expect(crossings / (sound.length / 8000)).toBeCloseTo(2000, -1);
    expect(rms(out.samples.subarray(8000))).toBe(0);
  });

  it('filters out what 8 kHz cannot carry instead of folding it back as noise', () => {
    const { wav } = toTelephoneWav(writeWav(tone(6000, 22_050, 1), 22_050), 0);
    expect(rms(readWav(wav).samples.subarray(200, 7800))).toBeLessThan(0.02);
  });

  it('reads a stereo WAV whose sizes say "to the end of the pipe" as espeak-ng writes them', () => {
    const mono = writeWav(tone(500, 16_000, 1), 16_000);
    const stereo = Buffer.alloc(44 + (mono.length - 44) * 2);
    mono.copy(stereo, 0, 0, 44);
    stereo.writeUInt32LE(0x7fffffff, 4);
    stereo.writeUInt16LE(2, 22);
    stereo.writeUInt16LE(4, 32);
    stereo.writeUInt32LE(0x7fffffff, 40);
    for (let i = 0; i < (mono.length - 44) / 2; i++) {
      const sample = mono.readInt16LE(44 + i * 2);
      stereo.writeInt16LE(sample, 44 + i * 4);
      stereo.writeInt16LE(sample, 46 + i * 4);
    }
    expect(readWav(stereo).samples.length).toBe(16_000);
    expect(() => readWav(Buffer.from('not a wave file at all'))).toThrow('not RIFF/WAVE');
  });
});
