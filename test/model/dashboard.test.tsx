import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { CONTAINMENT_DEFINITION, type Stats, type StatsTotals } from '../../src/api/contract/stats.ts';
import type { StatsRequest } from '../../src/machines/dashboard/actors.ts';
import { dashboardMachine } from '../../src/machines/dashboard/machine.ts';
import { presetPeriod } from '../../src/machines/dashboard/period.ts';
import { DashboardStatsView } from '../../src/screens/dashboard/DashboardStatsView.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';

const TODAY = '2026-11-25';
const totals = (conversations: number, ended: number): StatsTotals => ({
  conversations,
  user_messages: conversations * 4,
  avg_messages: conversations ? 4 : null,
  unique_callers: 2,
  fallback_share: 0.125,
  avg_confidence: 0.81,
  ended,
  transferred: 1,
  abandoned: 1,
  containment: conversations ? (conversations - 1) / conversations : null,
});
const stats: Stats = {
  project_env: 'prod',
  from: '2026-11-19',
  to: TODAY,
  tz: 'UTC',
  bucket: 'day',
  totals: totals(12, 8),
  previous: totals(6, 3),
  series: Array.from({ length: 7 }, (_, i) => ({
    t: `2026-11-${String(19 + i).padStart(2, '0')}T00:00:00.000Z`,
    conversations: i,
    user_messages: i * 4,
    fallbacks: i % 2,
  })),
  confidence_histogram: [0, 0, 1, 0, 2, 3, 4, 8, 10, 12],
  top_intents: [
    { intent: 'order_pizza', count: 20 },
    { intent: 'greeting', count: 11 },
  ],
  top_unclassified: [{ id: 7, text: 'do you sell shoes', count: 3 }],
  channels: [
    { channel: 'console', conversations: 4 },
    { channel: 'widget', conversations: 8 },
    { channel: 'campaign', conversations: 0 },
  ],
  campaign_calls: [
    { result: 'completed', calls: 3 },
    { result: 'busy', calls: 1 },
    { result: 'no-answer', calls: 0 },
    { result: 'failed', calls: 2 },
  ],
  deployments: [{ id: 4, created: '2026-11-21T10:00:00.000Z', note: 'Fixed the greeting' }],
};
const quiet: Stats = { ...stats, totals: totals(0, 0), previous: totals(0, 0), top_intents: [], top_unclassified: [] };

const loadStats = createDeferredActor<Stats, StatsRequest>({ output: stats, error: new Error('offline') });
const machine = dashboardMachine.provide({ actors: { loadStats: loadStats.logic } });
const input = { today: TODAY, tz: 'UTC', envs: ['prod', 'dev'] as Array<'prod' | 'dev'> };
const openLogs = vi.fn();
const openFallbacks = vi.fn();
const talk = vi.fn();

function renderView(m: typeof machine, envs = input.envs) {
  const actor = createActor(m, { input: { ...input, envs } }).start();
  render(
    <MantineProvider env="test">
      <DashboardStatsView actor={actor} links={{ openLogs, openFallbacks }} onTalkToBot={talk} />
    </MantineProvider>,
  );
  return { actor };
}

const radio = (name: string) => screen.getByRole('radio', { name });

const executors = {
  'period.preset': async ({ event, user }) => {
    const label = { today: 'Today', '7d': '7 days', '30d': '30 days' }[event.kind];
    await user.click(radio(label));
  },
  'period.custom': async ({ event, user }) => {
    if (!radio('Custom').matches(':checked')) await user.click(radio('Custom'));
    await user.click(screen.getByRole('button', { name: 'Custom period' }));
    const day = (d: string) => `${Number(d.slice(8))} November 2026`;
    await user.click(await screen.findByRole('button', { name: day(event.from) }));
    await user.click(await screen.findByRole('button', { name: day(event.to) }));
  },
  'env.set': async ({ event, user }) => {
    const target = radio(event.env === 'prod' ? 'Production' : 'Testing');
    if (!target.matches(':checked')) await user.click(target);
  },
  'stats.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Retry' })),
} satisfies ModelExecutors<typeof machine>;

const states: StateAssertions<typeof machine> = {
  loading: (state) => {
    const { env, period, tz } = state.context;
    expect(loadStats.calls.at(-1)).toEqual({ env, from: period.from, to: period.to, tz });
    if (state.context.stats) expect(screen.getByLabelText('Updating statistics')).toBeInTheDocument();
    else expect(screen.getByLabelText('Loading statistics')).toBeInTheDocument();
  },
  ready: (state) => {
    const { env, period } = state.context;
    expect(screen.getByTestId('figure-conversations-value')).toHaveTextContent('12');
    // Twice as many as the period before.
    expect(screen.getByTestId('figure-conversations')).toHaveTextContent('+100 %');
    expect(screen.getByTestId('figure-fallback_share-value')).toHaveTextContent('12.5 %');
    expect(within(screen.getByTestId('top-unclassified')).getByText('do you sell shoes')).toBeInTheDocument();
    expect(screen.getByTestId('campaign-calls')).toHaveTextContent('3 completed · 1 busy · 2 failed');
    expect(screen.getByTestId('stats-period')).toHaveTextContent(env === 'prod' ? 'Production' : 'Testing');
    expect(screen.getByTestId('stats-period')).toHaveTextContent(period.from);
    expect(radio(env === 'prod' ? 'Production' : 'Testing')).toBeChecked();
  },
  failed: () => {
    expect(screen.getByText('Cannot load the statistics.')).toBeInTheDocument();
    expect(screen.queryByTestId('figure-conversations')).not.toBeInTheDocument();
  },
};

describeModel({
  name: 'dashboard',
  machine,
  input,
  render: (m) => renderView(m),
  executors,
  states,
  invokes: { loadStats },
  events: [
    { type: 'period.preset', kind: '30d' },
    { type: 'period.custom', from: '2026-11-02', to: '2026-11-05' },
    { type: 'env.set', env: 'dev' },
  ],
  serializeContext: (c) => ({ env: c.env, period: c.period.kind, loaded: c.stats !== null }),
  paths: 'perTransition',
});

describe('dashboard statistics details', () => {
  it('starts on production when permitted, else on testing without a switch (spec 2)', () => {
    expect(createActor(machine, { input }).getSnapshot().context.env).toBe('prod');
    renderView(machine, ['dev']);
    const { from, to } = presetPeriod('7d', TODAY);
    expect(loadStats.calls.at(-1)).toEqual({ env: 'dev', from, to, tz: 'UTC' });
    expect(screen.queryByRole('radio', { name: 'Production' })).not.toBeInTheDocument();
  });

  it('refuses a custom period that ends before it starts or spans more than a year', () => {
    const actor = createActor(machine, { input }).start();
    actor.send({ type: 'period.custom', from: '2026-11-10', to: '2026-11-01' });
    actor.send({ type: 'period.custom', from: '2024-01-01', to: '2026-11-01' });
    expect(actor.getSnapshot().context.period.kind).toBe('7d');
    actor.stop();
  });

  it('issue 34: legends, the containment definition, today not drawn, an unapplied custom range, the phrase to the queue', async () => {
    renderView(machine);
    const underWay: Stats = {
      ...stats,
      series: stats.series.map((p, i) => (i === 6 ? { ...p, partial: true as const } : p)),
    };
    loadStats.resolve(underWay);
    // Every donut has a legend: each outcome (8 ended, 1 transferred, 1 abandoned, 2 still active) and channel.
    const outcomes = await screen.findByTestId('outcomes-legend');
    expect(outcomes).toHaveTextContent('Ended: 8Transferred: 1Abandoned: 1Still active: 2');
    expect(screen.getByTestId('channels-legend')).toHaveTextContent('Test window: 4Widget: 8');
    // The containment card says what it counts.
    expect(screen.getByRole('img', { name: `Containment: ${CONTAINMENT_DEFINITION}` })).toBeInTheDocument();
    // Today (partial) is not drawn but said; the change compares the same hours.
    expect(screen.getByTestId('partial-note')).toHaveTextContent(
      'Today is not over and not drawn: 6 conversations, 24 user messages so far.',
    );
    expect(screen.getByTestId('stats-period')).toHaveTextContent('compared with the same hours of the period before');
    expect(within(screen.getByTestId('figure-conversations')).getByText('+100 %').closest('[title]')).toHaveAttribute(
      'title',
      'Against the same hours of the period before',
    );
    // The phrase opens the queue on its fallback.
    within(screen.getByTestId('top-unclassified')).getByRole('button', { name: 'do you sell shoes' }).click();
    expect(openFallbacks).toHaveBeenLastCalledWith(7);
    // Custom: until both days are chosen the picker says the range is not applied, and what is shown.
    screen.getByRole('radio', { name: 'Custom' }).click();
    expect(await screen.findByTestId('custom-not-applied')).toHaveTextContent(
      'Not applied yet: choose the first and the last day.',
    );
    expect(screen.getByTestId('stats-period')).toHaveTextContent(/^Shown: Production, 2026-11-19 to 2026-11-25/);
  });

  it('says what to do when there is no traffic, and links the unclassified phrases to the fallbacks', async () => {
    renderView(machine);
    loadStats.resolve(quiet);
    expect(await screen.findByTestId('stats-empty')).toHaveTextContent('No conversations in this period');
    screen.getByRole('button', { name: 'Talk to the bot' }).click();
    expect(talk).toHaveBeenCalled();
  });
});
