import type { ProjectEnv } from './contract/common.ts';
import { getStats } from './contract/stats.ts';
import { callApi } from './client.ts';

/** GET /v1/stats of one environment over a period of days (both included) in a time zone. */
export const loadStats = (request: { env: ProjectEnv; from: string; to: string; tz: string }) =>
  callApi(getStats, {
    query: { project_env: request.env, from: request.from, to: request.to, tz: request.tz },
  });
