import type { FastifyInstance } from 'fastify';
import type { ApiServices } from '../app.ts';
import authRoutes from './auth.ts';
import projectRoutes from './projects.ts';
import usersMeRoutes from './users-me.ts';

/** Every /v1 route plugin, one per resource. A new resource adds one line here. */
export const apiRoutePlugins: Array<(app: FastifyInstance, services: ApiServices) => Promise<void>> = [
  authRoutes,
  usersMeRoutes,
  projectRoutes,
];
