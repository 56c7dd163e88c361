/**
 * Speech recognition of a call's audio (issue 17 §3): the interface only, with no engine in this issue. A dialler that
 * hears the callee hands one utterance's audio to the engine (a `speech` call event); the voice session asks the
 * recognizer. Text becomes the callee's message, as a DTMF digit does; nothing understood (or no engine) is written
 * into the conversation as a log entry, so the conversation logs say that the callee's speech was not understood.
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
