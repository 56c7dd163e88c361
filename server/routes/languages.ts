import type { FastifyInstance } from 'fastify';
import { LANGUAGES, getLanguages } from '../../src/api/contract/platform.ts';
import type { AppServices } from '../app-services.ts';
import { registerCall } from '../http/register-call.ts';

/** The languages a project can be written in: those the language model understands. */
export default async function languageRoutes(app: FastifyInstance, services: AppServices) {
  registerCall(app, services, getLanguages, async () => LANGUAGES.map((l) => ({ ...l })));
}
