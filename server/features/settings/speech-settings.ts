import type { Db } from '../../db/database.ts';
import type { SpeechOptions } from '../../speech/speech-engine.ts';
import { readSettings } from './settings.ts';

/** The project's voice, pitch and speed (Settings), as the speech engine takes them. */
export type SpeechSettings = Omit<SpeechOptions, 'language'>;

/** How the project speaks (issue 38 item 5): every call prompt, and read-aloud's voice, use these. */
export async function readSpeechSettings(db: Db, projectId: number): Promise<SpeechSettings> {
  const settings = await readSettings(db, projectId);
  return { voice: settings.voices_id, pitch: settings.voice_pitch, speed: settings.voice_speed };
}
