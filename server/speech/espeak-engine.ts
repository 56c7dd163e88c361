import { spawn } from 'node:child_process';
import { type SpeechEngine, SpeechUnavailableError } from './speech-engine.ts';

/** espeak-ng's default rate in words per minute; `speed` 1 means this. */
const BASE_WPM = 175;
const TIME_LIMIT_MS = 15_000;
const MAX_WAV_BYTES = 20 * 1024 * 1024;

const voices: Record<string, string> = { en: 'en-us', cs: 'cs' };

/**
 * espeak-ng from the system (`apt-get install espeak-ng`, or ESPEAK_BINARY): the text goes in on stdin (never as an argument,
 * so nothing in it is read as an option), the WAV comes out on stdout.
 */
export const createEspeakEngine = (binary: string): SpeechEngine => ({
  name: 'espeak-ng',
  synthesize(text, { language, speed }) {
    return new Promise<Buffer>((resolve, reject) => {
      const wpm = String(Math.round(Math.min(4, Math.max(0.25, speed)) * BASE_WPM));
      const child = spawn(binary, ['--stdout', '-v', voices[language] ?? 'en-us', '-s', wpm], {
        stdio: ['pipe', 'pipe', 'ignore'],
        timeout: TIME_LIMIT_MS,
      });
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
