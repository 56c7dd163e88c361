import { spawn } from 'node:child_process';
import { VOICES } from '../../src/api/contract/platform.ts';
import { type SpeechEngine, SpeechUnavailableError } from './speech-engine.ts';

/** espeak-ng's default rate in words per minute; `speed` 1 means this. */
const BASE_WPM = 175;
const TIME_LIMIT_MS = 15_000;
const MAX_WAV_BYTES = 20 * 1024 * 1024;

/** `value` within [low, high]; not a number: `normal`. */
const clamp = (value: number, low: number, high: number, normal: number) =>
  Number.isFinite(value) ? Math.min(high, Math.max(low, value)) : normal;

/**
 * The voice espeak-ng gets, always one of the listed voices (GET /v1/voices): the one named, else the language's
 * first (its default, as a new project's settings name it), else the first of all.
 */
export function espeakVoice(voice: string | null, language: string): string {
  const listed = VOICES.find((v) => v.id === voice) ?? VOICES.find((v) => v.language === language) ?? VOICES[0];
  return listed.engine_voice;
}

/**
 * espeak-ng's pitch (`-p`, 0 to 99, 50 its default) for a setting of -20 to 20: linear around the default,
 * 49 steps either way, so -20 is 1, 0 is 50 and 20 is 99.
 */
export function espeakPitch(pitch: number): number {
  return Math.round(50 + (clamp(pitch, -20, 20, 0) * 49) / 20);
}

/**
 * espeak-ng from the system (`apt-get install espeak-ng`, or ESPEAK_BINARY): the text goes in on stdin (never as an argument,
 * so nothing in it is read as an option), the WAV comes out on stdout. The arguments are a listed voice and numbers.
 */
export const createEspeakEngine = (binary: string): SpeechEngine => ({
  name: 'espeak-ng',
  synthesize(text, { language, voice, pitch, speed }) {
    return new Promise<Buffer>((resolve, reject) => {
      const wpm = String(Math.round(clamp(speed, 0.25, 4, 1) * BASE_WPM));
      const args = ['--stdout', '-v', espeakVoice(voice, language), '-p', String(espeakPitch(pitch)), '-s', wpm];
      const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'ignore'], timeout: TIME_LIMIT_MS });
      const chunks: Buffer[] = [];
      let size = 0;
      child.on('error', (error: NodeJS.ErrnoException) => {
        reject(
          error.code === 'ENOENT'
            ? new SpeechUnavailableError('Text to speech is not installed on this server (espeak-ng).')
            : error,
        );
      });
      child.stdout.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_WAV_BYTES) child.kill();
        else chunks.push(chunk);
      });
      child.on('close', (code) => {
        const wav = Buffer.concat(chunks);
        if (code === 0 && wav.subarray(0, 4).toString('latin1') === 'RIFF') resolve(wav);
        else reject(new SpeechUnavailableError('Text to speech failed.'));
      });
      child.stdin.on('error', () => {});
      child.stdin.end(text.replace(/\0/g, ' '));
    });
  },
});
