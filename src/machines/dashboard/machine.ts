import type { DoneActorEvent, OutputFrom } from 'xstate';
import { assign, setup } from 'xstate';
import type { ProjectEnv } from '../../api/contract/common.ts';
import type { Stats } from '../../api/contract/stats.ts';
import { dashboardActors } from './actors.ts';
import type { DashboardEvent } from './events.ts';
import { isValidPeriod, type Period, presetPeriod } from './period.ts';

export interface DashboardInput {
  /** Today in `tz` (the screen reads the clock; the chart stays pure). */
  today: string;
  tz: string;
  /** Environments whose statistics the user may GET; production first when both (spec 2). */
  envs: ProjectEnv[];
}

export interface DashboardContext {
  today: string;
  tz: string;
  envs: ProjectEnv[];
  env: ProjectEnv;
  period: Period;
  /** The last answer; kept while the next one loads so the charts do not flash. */
  stats: Stats | null;
}

/** The dashboard (spec 1 §2 statistics): one environment over one period, reloaded when either changes. */
export const dashboardMachine = setup({
  types: { context: {} as DashboardContext, events: {} as DashboardEvent, input: {} as DashboardInput },
  actors: dashboardActors,
  guards: {
    isOtherPermittedEnv: ({ context, event }) =>
      event.type === 'env.set' && event.env !== context.env && context.envs.includes(event.env),
    /** A preset that changes the period (the same days again would ask for nothing new). */
    isNewPreset: ({ context, event }) => {
      if (event.type !== 'period.preset') return false;
      const next = presetPeriod(event.kind, context.today);
      return next.from !== context.period.from || next.to !== context.period.to || context.period.kind !== event.kind;
    },
    isValidCustomPeriod: ({ event }) => event.type === 'period.custom' && isValidPeriod(event.from, event.to),
  },
  actions: {
    rememberPeriod: assign({
      period: ({ context }, event: Extract<DashboardEvent, { type: 'period.preset' }>) =>
        presetPeriod(event.kind, context.today),
    }),
    rememberPeriodOnPeriodCustom: assign({
      period: (_, event: Extract<DashboardEvent, { type: 'period.custom' }>) => ({
        kind: 'custom' as const,
        from: event.from,
        to: event.to,
      }),
    }),
    rememberEnv: assign({ env: (_, event: Extract<DashboardEvent, { type: 'env.set' }>) => event.env }),
    storeStats: assign({
      stats: (_, event: DoneActorEvent<OutputFrom<(typeof dashboardActors)['loadStats']>>) => event.output,
    }),
  },
}).createMachine({
  id: 'dashboard',
  description: "The dashboard's statistics: a period and an environment, loaded together, with a retry.",
  context: ({ input }) => ({
    today: input.today,
    tz: input.tz,
    envs: input.envs,
    env: input.envs.includes('prod') ? 'prod' : 'dev',
    period: presetPeriod('7d', input.today),
    stats: null,
  }),
  initial: 'loading',
  // Changing the period or the environment asks again, whatever is on screen.
  on: {
    'period.preset': {
      guard: 'isNewPreset',
      target: '.loading',
      reenter: true,
      actions: { type: 'rememberPeriod', params: ({ event }) => event },
    },
    'period.custom': {
      guard: 'isValidCustomPeriod',
      target: '.loading',
      reenter: true,
      actions: { type: 'rememberPeriodOnPeriodCustom', params: ({ event }) => event },
    },
    'env.set': {
      guard: 'isOtherPermittedEnv',
      target: '.loading',
      reenter: true,
      actions: { type: 'rememberEnv', params: ({ event }) => event },
    },
  },
  states: {
    loading: {
      description: 'GET /v1/stats for the environment and period; the last figures stay on screen meanwhile.',
      tags: ['loading'],
      invoke: {
        id: 'loadStats',
        src: 'loadStats',
        input: ({ context }) => ({
          env: context.env,
          from: context.period.from,
          to: context.period.to,
          tz: context.tz,
        }),
        onDone: { target: 'ready', actions: { type: 'storeStats', params: ({ event }) => event } },
        onError: 'failed',
      },
    },
    ready: { description: 'The figures and charts of the period are shown.' },
    failed: {
      description: 'The statistics could not be loaded; a retry asks again.',
      on: { 'stats.retry': 'loading' },
    },
  },
});
