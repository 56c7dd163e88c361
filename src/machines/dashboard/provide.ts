import { fromPromise } from 'xstate';
import { dashboardMachine } from './machine.ts';
import { loadStats } from '../../api/stats.ts';

/** The dashboard's statistics with the real GET /v1/stats. */
export const providedDashboardMachine = dashboardMachine.provide({
  actors: { loadStats: fromPromise(({ input }) => loadStats(input)) },
});
