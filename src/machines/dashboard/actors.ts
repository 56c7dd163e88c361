import { fromPromise } from 'xstate';
import type { ProjectEnv } from '../../api/contract/common.ts';
import type { Stats } from '../../api/contract/stats.ts';

export interface StatsRequest {
  env: ProjectEnv;
  from: string;
  to: string;
  tz: string;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`dashboard actor ${name} not provided`));

/** Typed placeholders; the chart's provide.ts gives GET /v1/stats, tests give fakes. */
export const dashboardActors = {
  loadStats: fromPromise<Stats, StatsRequest>(notProvided('loadStats')),
};
