import type { FastifyInstance } from 'fastify';
import { getMe } from '../../../src/api/contract/users.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { registerCall } from '../../http/register-call.ts';

export default async function usersMeRoutes(app: FastifyInstance, services: RouteServices) {
  registerCall(app, services, getMe, async ({ requireUser }) => requireUser());
}
