import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import { Card, Group, Loader, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconMessages } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { ENV_LABELS } from '../../api/contract/deployments.ts';
import type { dashboardMachine } from '../../machines/dashboard/machine.ts';
import type { PeriodKind, PresetPeriod } from '../../machines/dashboard/period.ts';
import { GuidedEmpty } from '../../ui/GuidedEmpty.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { StatsCharts, type StatsLinks } from './StatsCharts.tsx';
import { StatsFigures } from './StatsFigures.tsx';

const PERIODS: Array<{ value: PeriodKind; label: string }> = [
  { value: 'today', label: 'Today' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: 'custom', label: 'Custom' },
];

/** One placeholder per headline figure. */
const SKELETON_FIGURES = ['conversations', 'messages', 'average', 'fallbacks', 'confidence', 'containment'];

function StatsSkeleton() {
  return (
    <Stack gap="md" aria-label="Loading statistics">
      <SimpleGrid cols={{ base: 2, sm: 3, xl: 6 }} spacing="md">
        {SKELETON_FIGURES.map((key) => (
          <Skeleton key={key} h={84} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={300} radius="md" />
    </Stack>
  );
}

/** The statistics part of the dashboard: period, environment, figures and charts, driven by its machine. */
export function DashboardStatsView({
  actor,
  links,
  onTalkToBot,
}: {
  actor: ActorRefFrom<typeof dashboardMachine>;
  links: StatsLinks;
  /** Opens the test window (absent when the user may not chat). */
  onTalkToBot?: () => void;
}) {
  const state = useSelector(actor, (s) => s);
  const { period, env, envs, stats } = state.context;
  // The custom range is picker input until both ends are chosen; then the machine gets it.
  const [customOpen, setCustomOpen] = useState(period.kind === 'custom');
  const [range, setRange] = useState<[string | null, string | null]>([period.from, period.to]);
  const loading = state.hasTag('loading');
  const underWay = stats?.series.some((p) => p.partial) ?? false;
  // Issue 34: the picker shows a range the figures are not of until both days are chosen; it says so.
  const [pickFrom, pickTo] = range;
  const notApplied =
    customOpen && (period.kind !== 'custom' || pickFrom !== period.from || pickTo !== period.to)
      ? pickFrom && !pickTo
        ? 'Not applied yet: choose the last day.'
        : 'Not applied yet: choose the first and the last day.'
      : null;

  return (
    <Stack gap="md" data-testid="dashboard-stats">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <SegmentedControl
            aria-label="Period"
            value={customOpen ? 'custom' : period.kind}
            data={PERIODS}
            onChange={(value) => {
              if (value === 'custom') {
                setCustomOpen(true);
                // The picker starts empty: what it shows is what will be applied.
                if (period.kind !== 'custom') setRange([null, null]);
              } else {
                setCustomOpen(false);
                actor.send({ type: 'period.preset', kind: value as PresetPeriod });
              }
            }}
          />
          {customOpen && (
            <DatePickerInput
              type="range"
              aria-label="Custom period"
              placeholder="Pick the first and last day"
              valueFormat="YYYY-MM-DD"
              value={range}
              maxDate={state.context.today}
              allowSingleDateInRange
              w={240}
              onChange={(value) => {
                setRange(value);
                const [from, to] = value;
                if (from && to) actor.send({ type: 'period.custom', from, to });
              }}
            />
          )}
          {notApplied && (
            <Text size="xs" c="orange.8" data-testid="custom-not-applied">
              {notApplied}
            </Text>
          )}
          {loading && stats && <Loader size="xs" aria-label="Updating statistics" />}
        </Group>
        {envs.length > 1 && (
          <SegmentedControl
            aria-label="Environment"
            value={env}
            data={[
              { value: 'prod', label: ENV_LABELS.prod },
              { value: 'dev', label: ENV_LABELS.dev },
            ]}
            onChange={(value) => actor.send({ type: 'env.set', env: value as 'dev' | 'prod' })}
          />
        )}
      </Group>
      <Text size="xs" c="dimmed" data-testid="stats-period">
        {notApplied ? 'Shown: ' : ''}
        {ENV_LABELS[env]}, {period.from === period.to ? period.from : `${period.from} to ${period.to}`} (
        {state.context.tz}){underWay ? ', so far: compared with the same hours of the period before' : ''}
      </Text>

      {state.matches('failed') ? (
        <RetryAlert title="Cannot load the statistics." onRetry={() => actor.send({ type: 'stats.retry' })} />
      ) : !stats ? (
        <StatsSkeleton />
      ) : stats.totals.conversations === 0 && stats.previous.conversations === 0 ? (
        <Card withBorder>
          <GuidedEmpty
            testId="stats-empty"
            icon={<IconMessages size={28} />}
            title="No conversations in this period"
            sentence="Talk to the bot in the test window or put the chat widget on a page: what people say shows here."
            action="Talk to the bot"
            onAction={onTalkToBot}
          />
        </Card>
      ) : (
        <Stack gap="md" style={{ opacity: loading ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <StatsFigures totals={stats.totals} previous={stats.previous} underWay={underWay} />
          <StatsCharts stats={stats} links={links} />
        </Stack>
      )}
    </Stack>
  );
}
