import type { LanguageCode } from '../../../src/api/contract/platform.ts';

/**
 * Speech recognition of a call's audio (issue 17 §3): the interface only, with no engine in this issue. A dialler that
 * hears the callee hands one utterance's audio to the engine (a `speech` call event); the voice session asks the
 * recognizer. Text becomes the callee's message, as a DTMF digit does; nothing understood (or no engine) is written
 * into the conversation as a log entry, so the conversation logs say that the callee's speech was not understood.
 * Hosted gateways recognise speech themselves (issue 38 §3): their gather posts the transcript and its confidence.
 */
export interface Recognition {
  text: string;
  /** 0–1, as the engine reports it. */
  confidence: number;
}

export interface SpeechRecognizer {
  /** Shown in the log entry when speech was not understood. */
  readonly name: string;
  /** One utterance's audio (RIFF/WAVE) in the bot's language; null when nothing was understood. */
  recognize(audio: Buffer, options: { language: string }): Promise<Recognition | null>;
}

/** No engine: every utterance is "not understood". */
export const NO_SPEECH_RECOGNITION: SpeechRecognizer = { name: 'none', recognize: async () => null };

export const SPEECH_NOT_UNDERSTOOD = 'The callee spoke, but the speech was not understood.';

/**
 * The log entry of a call answered on a path with no recognizer (SIP through baresip): offline recognition of 8 kHz
 * telephone audio with Debian's models was measured unusable (0 of 4 short phrases), so such a call hears keys only.
 */
export const NO_SPEECH_RECOGNIZER =
  'This call has no speech recognizer (SIP): the callee answers by keys (DTMF) only; what they say is not heard.';

/**
 * A gateway's transcript below this confidence is "not understood" (the bot asks again rather than act on a guess).
 * A confidence the recognizer did not report (none, or Google's 0.0, its "not set") does not make it so.
 */
export const MIN_SPEECH_CONFIDENCE = 0.3;

/** A recognizer's reported confidence: 0–1 as given (number or form text); null when absent, 0 ("not set") or invalid. */
export function speechConfidence(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n > 0 && n <= 1 ? n : null;
}

/** The BCP-47 tag the gateways' recognizers take for the bot's language (Twilio's `language`, jambonz's recognizer). */
const SPEECH_LANGUAGE_TAGS: Record<LanguageCode, string> = { en: 'en-US', cs: 'cs-CZ' };

export function speechLanguageTag(language: string): string {
  return SPEECH_LANGUAGE_TAGS[language as LanguageCode] ?? language;
}
