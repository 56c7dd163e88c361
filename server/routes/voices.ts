import type { FastifyInstance } from 'fastify';
import { VOICES, getVoices } from '../../src/api/contract/platform.ts';
import type { AppServices } from '../app-services.ts';
import { registerCall } from '../http/register-call.ts';

/** The voices of the bundled text-to-speech engine (settings.voices_id picks one). */
export default async function voiceRoutes(app: FastifyInstance, services: AppServices) {
  registerCall(app, services, getVoices, async () => VOICES.map((v) => ({ ...v })));
}
