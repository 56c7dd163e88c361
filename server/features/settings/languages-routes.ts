import type { FastifyInstance } from 'fastify';
import { LANGUAGES, getLanguages } from '../../../src/api/contract/platform.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { registerCall } from '../../http/register-call.ts';

/** The languages a project can be written in: those the language model understands. */
export default async function languageRoutes(app: FastifyInstance, services: RouteServices) {
  registerCall(app, services, getLanguages, async () => LANGUAGES.map((l) => ({ ...l })));
}
