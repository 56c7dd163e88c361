/** Text to speech behind one interface (DESIGN §8): espeak-ng here, a cloud voice may replace it. */
export interface SpeechEngine {
  readonly name: string;
  /** RIFF/WAVE audio of the text; throws SpeechUnavailableError when the engine is not installed. */
  synthesize(text: string, options: SpeechOptions): Promise<Buffer>;
}

/** How a text is spoken: a project's voice settings (voices_id, voice_pitch, voice_speed) and its language. */
export interface SpeechOptions {
  /** The text's language (en, cs, ...): its default voice speaks when `voice` names none of the engine's. */
  language: string;
  /** A voice of GET /v1/voices by id (settings.voices_id); null: the language's default. */
  voice: string | null;
  /** -20 (lowest) to 20 (highest); 0 is the voice's own pitch. */
  pitch: number;
  /** 0.25 to 4 times the engine's normal rate. */
  speed: number;
}

export class SpeechUnavailableError extends Error {
  override readonly name = 'SpeechUnavailableError';
}
