import { AreaChart, BarChart, BarsList, DonutChart } from '@mantine/charts';
import { Anchor, Card, ColorSwatch, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Stats } from '../../api/contract/stats.ts';

/** Where a click on a chart leads: the conversation logs of those days, or the fallbacks screen. */
export interface StatsLinks {
  openLogs: (filter: { dateFrom: string; dateTo: string; text?: string }) => void;
  /** The fallbacks queue with this phrase's classification open (issue 34: the list is the queue's). */
  openFallbacks: (fallbackId: number) => void;
}

const dayIn = (iso: string, tz: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );

/** An axis label for a bucket: the hour for hourly periods, the day otherwise, in the dashboard's time zone. */
function bucketLabel(iso: string, bucket: Stats['bucket'], tz: string): string {
  const options: Intl.DateTimeFormatOptions =
    bucket === 'hour'
      ? { timeZone: tz, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
      : { timeZone: tz, month: 'short', day: 'numeric' };
  return new Intl.DateTimeFormat('en-US', options).format(new Date(iso));
}

function ChartCard({ title, hint, children }: { title: string; hint?: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{title}</Title>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </Group>
      {children}
    </Card>
  );
}

/** A donut's legend (issue 34: every chart has one): each part's colour, name and count. */
function Legend({ items, testId }: { items: { name: string; value: number; color: string }[]; testId: string }) {
  return (
    <Group justify="center" gap="md" mt="xs" data-testid={testId}>
      {items.map((item) => (
        <Group key={item.name} gap={6} wrap="nowrap">
          <ColorSwatch color={`var(--mantine-color-${item.color.replace('.', '-')})`} size={10} withShadow={false} />
          <Text size="xs" c="dimmed">
            {item.name}: {item.value}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

export function StatsCharts({ stats, links }: { stats: Stats; links: StatsLinks }) {
  const { tz, bucket } = stats;
  // The bucket under way (this hour, today) is not drawn: its counts so far would dive to zero (issue 34).
  const under = stats.series.find((p) => p.partial);
  const series = stats.series
    .filter((p) => !p.partial)
    .map((p) => ({ ...p, label: bucketLabel(p.t, bucket, tz), day: dayIn(p.t, tz) }));
  // A deployment is marked at the bucket it fell in.
  const bucketOf = (iso: string) => {
    const at = Date.parse(iso);
    let index = -1;
    for (let i = 0; i < series.length; i++) if (Date.parse(series[i]!.t) <= at) index = i;
    return index;
  };
  const deploymentLines = stats.deployments
    .map((d) => ({ d, i: bucketOf(d.created) }))
    .filter(({ i }) => i >= 0)
    .map(({ d, i }) => ({
      x: series[i]!.label,
      color: 'grape.6',
      label: `Deploy #${d.id}`,
      labelPosition: 'insideTopLeft' as const,
    }));
  const histogram = stats.confidence_histogram.map((count, i) => ({
    bin: `${(i / 10).toFixed(1)}–${((i + 1) / 10).toFixed(1)}`,
    messages: count,
  }));
  const t = stats.totals;
  const open = Math.max(0, t.conversations - t.ended - t.transferred - t.abandoned);
  const outcomeKinds = [
    { name: 'Ended', value: t.ended, color: 'teal.6' },
    { name: 'Transferred', value: t.transferred, color: 'orange.6' },
    { name: 'Abandoned', value: t.abandoned, color: 'red.6' },
    { name: 'Still active', value: open, color: 'gray.5' },
  ];
  const outcomes = outcomeKinds.filter((o) => o.value > 0);
  const channelColors = { console: 'indigo.6', widget: 'cyan.6', campaign: 'lime.6' } as const;
  const channelNames = { console: 'Test window', widget: 'Widget', campaign: 'Campaign calls' } as const;
  const channels = stats.channels
    .filter((c) => c.conversations > 0)
    .map((c) => ({ name: channelNames[c.channel], value: c.conversations, color: channelColors[c.channel] }));
  const wholePeriod = { dateFrom: stats.from, dateTo: stats.to };
  const resultNames = {
    completed: 'completed',
    busy: 'busy',
    'no-answer': 'no answer',
    failed: 'failed',
    'do-not-call': 'do not call',
    'no-input': 'no input',
    machine: 'answering machine',
  } as const;
  const campaignCalls = stats.campaign_calls.filter((c) => c.calls > 0);

  return (
    <Stack gap="md">
      <ChartCard title="Activity" hint="Click a point for its conversations">
        {under && (
          <Text size="xs" c="dimmed" mb={4} data-testid="partial-note">
            {bucket === 'hour' ? 'This hour' : 'Today'} is not over and not drawn: {under.conversations}{' '}
            {under.conversations === 1 ? 'conversation' : 'conversations'}, {under.user_messages} user messages so far.
          </Text>
        )}
        <div data-testid="chart-activity">
          <AreaChart
            h={260}
            data={series}
            dataKey="label"
            curveType="monotone"
            withLegend
            series={[
              { name: 'conversations', label: 'Conversations', color: 'indigo.6' },
              { name: 'user_messages', label: 'User messages', color: 'cyan.6' },
              { name: 'fallbacks', label: 'Not understood', color: 'red.6' },
            ]}
            referenceLines={deploymentLines}
            areaChartProps={{
              onClick: (state) => {
                const index = Number(state?.activeIndex);
                const point = Number.isInteger(index) ? series[index] : undefined;
                if (point) links.openLogs({ dateFrom: point.day, dateTo: point.day });
              },
              style: { cursor: 'pointer' },
            }}
          />
        </div>
      </ChartCard>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <ChartCard title="Confidence" hint="Understood messages">
          <BarChart
            h={200}
            data={histogram}
            dataKey="bin"
            series={[{ name: 'messages', label: 'Messages', color: 'indigo.5' }]}
            barChartProps={{ onClick: () => links.openLogs(wholePeriod), style: { cursor: 'pointer' } }}
          />
        </ChartCard>
        <ChartCard title="Outcomes">
          <Group justify="center" data-testid="chart-outcomes">
            <DonutChart
              data={outcomes.length ? outcomes : [{ name: 'None', value: 1, color: 'gray.3' }]}
              withTooltip={outcomes.length > 0}
              chartLabel={t.containment === null ? '–' : `${Math.round(t.containment * 100)} % contained`}
              size={170}
              thickness={22}
              pieProps={{ onClick: () => links.openLogs(wholePeriod), style: { cursor: 'pointer' } }}
            />
          </Group>
          <Legend items={outcomeKinds} testId="outcomes-legend" />
          {(t.knowledge_answers ?? 0) + (t.knowledge_no_answers ?? 0) > 0 && (
            <Text size="xs" ta="center" mt={4} data-testid="knowledge-answers">
              Knowledge base: {t.knowledge_answers ?? 0} answered · {t.knowledge_no_answers ?? 0} without an answer
            </Text>
          )}
        </ChartCard>
        <ChartCard title="Channels">
          <Group justify="center" data-testid="chart-channels">
            <DonutChart
              data={channels.length ? channels : [{ name: 'None', value: 1, color: 'gray.3' }]}
              withTooltip={channels.length > 0}
              chartLabel={t.conversations.toLocaleString('en-US')}
              size={170}
              thickness={22}
              pieProps={{ onClick: () => links.openLogs(wholePeriod), style: { cursor: 'pointer' } }}
            />
          </Group>
          <Legend items={channels} testId="channels-legend" />
          {campaignCalls.length > 0 && (
            <Text size="xs" ta="center" mt={4} data-testid="campaign-calls">
              Campaign calls finished: {campaignCalls.map((c) => `${c.calls} ${resultNames[c.result]}`).join(' · ')}
            </Text>
          )}
        </ChartCard>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard title="Top intents">
          {stats.top_intents.length ? (
            <BarsList
              data-testid="top-intents"
              barsLabel="Intent"
              valueLabel="Messages"
              data={stats.top_intents.map((i) => ({ name: i.intent, value: i.count, color: 'indigo.1' }))}
            />
          ) : (
            <Text size="sm" c="dimmed">
              No message was understood in this period.
            </Text>
          )}
        </ChartCard>
        <ChartCard title="Not understood" hint="Waiting in the fallbacks queue: click one to classify it">
          {stats.top_unclassified.length ? (
            <Table verticalSpacing={4} data-testid="top-unclassified">
              <Table.Tbody>
                {stats.top_unclassified.map((u) => (
                  <Table.Tr key={u.id}>
                    <Table.Td>
                      <Anchor
                        size="sm"
                        component="button"
                        onClick={() => links.openFallbacks(u.id)}
                        title="Classify it in the fallbacks queue"
                      >
                        {u.text}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right" w={60}>
                      <Anchor
                        size="sm"
                        component="button"
                        onClick={() => links.openLogs({ ...wholePeriod, text: u.text })}
                      >
                        {u.count}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm" c="dimmed">
              Every message was understood in this period.
            </Text>
          )}
        </ChartCard>
      </SimpleGrid>
    </Stack>
  );
}
