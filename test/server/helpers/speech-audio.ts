import { type PcmAudio, readWav, toTelephoneWav } from '../../../server/features/campaigns/diallers/telephone-wav.ts';

/** Speech as a call carries it: any RIFF/WAVE of the speech engine (or already 8 kHz) turned into 8 kHz PCM. */
export const telephonePcm = (wav: Buffer): PcmAudio => readWav(toTelephoneWav(wav, 0).wav);

export const seconds = (pcm: PcmAudio): number => pcm.samples.length / pcm.sampleRate;

/**
 * The speech's fundamental frequency (its pitch) in Hz: the median, over voiced 40 ms frames, of the lag of highest
 * normalised autocorrelation between 60 and 500 Hz. Quiet frames and frames that do not repeat (unvoiced sounds) are
 * left out.
 */
export function fundamentalHz({ samples, sampleRate: rate }: PcmAudio): number {
  const frame = Math.round(rate * 0.04);
  const minLag = Math.floor(rate / 500);
  const maxLag = Math.ceil(rate / 60);
  const estimates: number[] = [];
  for (let start = 0; start + frame + maxLag < samples.length; start += frame / 2) {
    let energy = 0;
    for (let i = 0; i < frame; i++) energy += samples[start + i]! ** 2;
    if (energy / frame < 0.002) continue;
    let best = 0;
    let bestLag = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let product = 0;
      let shifted = 0;
      for (let i = 0; i < frame; i++) {
        product += samples[start + i]! * samples[start + i + lag]!;
        shifted += samples[start + i + lag]! ** 2;
      }
      const r = product / Math.sqrt(energy * shifted || 1);
      if (r > best) {
        best = r;
        bestLag = lag;
      }
    }
    if (best > 0.6) estimates.push(rate / bestLag);
  }
  estimates.sort((a, b) => a - b);
  return estimates[Math.floor(estimates.length / 2)] ?? 0;
}
