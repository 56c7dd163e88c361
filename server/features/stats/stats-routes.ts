import type { FastifyInstance } from 'fastify';
import { getStats } from '../../../src/api/contract/stats.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { registerCall } from '../../http/register-call.ts';
import * as stats from './stats.ts';

/** GET /stats: the dashboard's figures of one environment over a period. */
export default async function statsRoutes(app: FastifyInstance, services: RouteServices) {
  registerCall(app, services, getStats, async ({ db, query, requireProject }) =>
    stats.getStats(db, requireProject(), query),
  );
}
