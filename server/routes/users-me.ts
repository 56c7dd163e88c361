import type { FastifyInstance } from 'fastify';
import { getMe } from '../../src/api/contract/users.ts';
import type { AppServices } from '../app-services.ts';
import { registerCall } from '../http/register-call.ts';

export default async function usersMeRoutes(app: FastifyInstance, services: AppServices) {
  registerCall(app, services, getMe, async ({ requireUser }) => requireUser());
}
