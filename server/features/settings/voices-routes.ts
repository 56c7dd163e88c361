import type { FastifyInstance } from 'fastify';
import { VOICES, getVoices } from '../../../src/api/contract/platform.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { registerCall } from '../../http/register-call.ts';

/** The voices of the bundled text-to-speech engine (settings.voices_id picks one). */
export default async function voiceRoutes(app: FastifyInstance, services: RouteServices) {
  registerCall(app, services, getVoices, async () => VOICES.map((v) => ({ ...v })));
}
