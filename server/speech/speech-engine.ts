/** Text to speech behind one interface (DESIGN §8): espeak-ng here, a cloud voice may replace it. */
export interface SpeechEngine {
  readonly name: string;
  /** RIFF/WAVE audio of the text; throws SpeechUnavailableError when the engine is not installed. */
  synthesize(text: string, options: { language: string; speed: number }): Promise<Buffer>;
}

export class SpeechUnavailableError extends Error {
  override readonly name = 'SpeechUnavailableError';
}
