// Spec 2 §7 "Startup loads": statistics and outbound campaigns are among them, each with the very query its screen
// sends first (a screen is served only the answer to its own call, so a different query would load for nothing).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Stats } from '../../src/api/contract/stats.ts';
import type { StatsRequest } from '../../src/machines/dashboard/actors.ts';
import { dashboardMachine } from '../../src/machines/dashboard/machine.ts';
import { todayIn } from '../../src/machines/dashboard/period.ts';
import { dashboardStatsQuery, startupLoads } from '../../src/console/startupLoads.ts';

describe('startup loads', () => {
  it('include the statistics as the dashboard first asks for them, and the outbound campaigns', () => {
    const now = new Date('2026-11-28T23:30:00Z');
    const names = startupLoads(now).map((l) => l.call.name);
    expect(names).toContain('getStats');
    expect(names).toContain('getOutboundCampaigns');

    for (const tz of ['UTC', 'Pacific/Auckland', 'America/Los_Angeles']) {
      const asked: StatsRequest[] = [];
      const dashboard = createActor(
        dashboardMachine.provide({
          actors: {
            loadStats: fromPromise<Stats, StatsRequest>(({ input }) => {
              asked.push(input);
              return new Promise<Stats>(() => {});
            }),
          },
        }),
        { input: { envs: ['dev', 'prod'], tz, today: todayIn(tz, now) } },
      ).start();
      const { env, ...period } = asked[0];
      expect(dashboardStatsQuery(now, tz)).toEqual({ project_env: env, ...period });
      dashboard.stop();
    }
  });
});
