/**
 * The speech engine's RIFF/WAVE (espeak-ng: 22,050 Hz, 16-bit, mono) turned into what a telephone call carries:
 * 8 kHz, 16-bit little-endian, mono (baresip's aufile source reads exactly that and encodes it as PCMU, µ-law).
 * sox is not on every server, so a small resampler of our own: a windowed-sinc low-pass at the new Nyquist
 * frequency (no aliasing hiss from the speech's upper band), then interpolation.
 */

export const TELEPHONE_RATE = 8000;

export interface PcmAudio {
  sampleRate: number;
  /** Mono samples in [-1, 1]. */
  samples: Float32Array;
}

export class WavFormatError extends Error {
  override readonly name = 'WavFormatError';
}

/** Reads 8/16/24/32-bit integer or 32-bit float PCM, any channel count (mixed down to mono). */
export function readWav(wav: Buffer): PcmAudio {
  if (wav.length < 12 || wav.toString('latin1', 0, 4) !== 'RIFF' || wav.toString('latin1', 8, 12) !== 'WAVE') {
    throw new WavFormatError('The audio is not RIFF/WAVE.');
  }
  let format: { tag: number; channels: number; rate: number; bits: number } | null = null;
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('latin1', offset, offset + 4);
    // espeak-ng writes to a pipe, so its RIFF and data sizes are 0x7fffffff-ish: the data runs to the end.
    const declared = wav.readUInt32LE(offset + 4);
    const start = offset + 8;
    const size = Math.min(declared, wav.length - start);
    if (id === 'fmt ' && size >= 16) {
      format = {
        tag: wav.readUInt16LE(start),
        channels: wav.readUInt16LE(start + 2),
        rate: wav.readUInt32LE(start + 4),
        bits: wav.readUInt16LE(start + 14),
      };
      // WAVE_FORMAT_EXTENSIBLE: the real tag is the sub-format GUID's first two bytes.
      if (format.tag === 0xfffe && size >= 26) format.tag = wav.readUInt16LE(start + 24);
    } else if (id === 'data') {
      if (!format) throw new WavFormatError('The WAVE data comes before its format.');
      return { sampleRate: format.rate, samples: decodeSamples(wav.subarray(start, start + size), format) };
    }
    offset = start + size + (size % 2);
  }
  throw new WavFormatError('The WAVE file has no audio data.');
}

function decodeSamples(data: Buffer, f: { tag: number; channels: number; rate: number; bits: number }): Float32Array {
  const bytes = f.bits / 8;
  const pcm = f.tag === 1 && [1, 2, 3, 4].includes(bytes);
  const float = f.tag === 3 && f.bits === 32;
  if ((!pcm && !float) || f.channels < 1 || f.rate < 1000 || f.rate > 384_000) {
    throw new WavFormatError(`Unsupported WAVE format (tag ${f.tag}, ${f.bits} bits, ${f.channels} channels).`);
  }
  const frame = bytes * f.channels;
  const frames = Math.floor(data.length / frame);
  const out = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    for (let c = 0; c < f.channels; c++) {
      const at = i * frame + c * bytes;
      if (float) sum += data.readFloatLE(at);
      else if (bytes === 1) sum += (data[at] - 128) / 128;
      else sum += data.readIntLE(at, bytes) / 2 ** (f.bits - 1);
    }
    out[i] = sum / f.channels;
  }
  return out;
}

/** Band-limited resampling: each output sample is a Hann-windowed sinc sum of the input around it. */
export function resample(audio: PcmAudio, rate: number): Float32Array {
  const { samples, sampleRate } = audio;
  if (sampleRate === rate) return samples;
  const ratio = rate / sampleRate;
  const cutoff = Math.min(1, ratio) * 0.95;
  const halfWidth = Math.ceil(8 / Math.min(1, ratio));
  const outLength = Math.floor(samples.length * ratio);
  const out = new Float32Array(outLength);
  for (let n = 0; n < outLength; n++) {
    const centre = n / ratio;
    const first = Math.max(0, Math.ceil(centre - halfWidth));
    const last = Math.min(samples.length - 1, Math.floor(centre + halfWidth));
    let sum = 0;
    for (let k = first; k <= last; k++) {
      const x = k - centre;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * cutoff * x) / (Math.PI * cutoff * x);
      const window = 0.5 + 0.5 * Math.cos((Math.PI * x) / (halfWidth + 1));
      sum += samples[k] * cutoff * sinc * window;
    }
    out[n] = sum;
  }
  return out;
}

/** 16-bit mono RIFF/WAVE at `rate`, with `paddingSeconds` of silence after the sound. */
export function writeWav(samples: Float32Array, rate: number, paddingSeconds = 0): Buffer {
  const total = samples.length + Math.round(paddingSeconds * rate);
  const data = Buffer.alloc(total * 2);
  for (let i = 0; i < samples.length; i++) {
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i])) * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** The speech engine's WAV as an 8 kHz 16-bit mono WAV, plus how long its sound lasts (without the padding). */
export function toTelephoneWav(wav: Buffer, paddingSeconds: number): { wav: Buffer; seconds: number } {
  const samples = resample(readWav(wav), TELEPHONE_RATE);
  return { wav: writeWav(samples, TELEPHONE_RATE, paddingSeconds), seconds: samples.length / TELEPHONE_RATE };
}
