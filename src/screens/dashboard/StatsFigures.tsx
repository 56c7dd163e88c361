import { Badge, Card, Group, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { CONTAINMENT_DEFINITION, type StatsTotals } from '../../api/contract/stats.ts';

type FigureKey =
  | 'conversations'
  | 'user_messages'
  | 'avg_messages'
  | 'fallback_share'
  | 'avg_confidence'
  | 'containment';

/** The headline figures, each with how it moved against the period before; `better` says which way is good. */
const FIGURES: Array<{
  key: FigureKey;
  label: string;
  format: (v: number) => string;
  better: 'up' | 'down';
  /** What the figure counts, in its tooltip. */
  definition?: string;
}> = [
  { key: 'conversations', label: 'Conversations', format: (v) => v.toLocaleString('en-US'), better: 'up' },
  { key: 'user_messages', label: 'User messages', format: (v) => v.toLocaleString('en-US'), better: 'up' },
  { key: 'avg_messages', label: 'Messages per conversation', format: (v) => v.toFixed(1), better: 'up' },
  { key: 'fallback_share', label: 'Not understood', format: (v) => `${(v * 100).toFixed(1)} %`, better: 'down' },
  { key: 'avg_confidence', label: 'Average confidence', format: (v) => v.toFixed(2), better: 'up' },
  {
    key: 'containment',
    label: 'Containment',
    format: (v) => `${(v * 100).toFixed(1)} %`,
    better: 'up',
    definition: CONTAINMENT_DEFINITION,
  },
];

/** The change against the previous period: relative for counts, in points for shares. */
function change(key: FigureKey, now: number | null, before: number | null): { text: string; dir: -1 | 0 | 1 } | null {
  if (now === null || before === null) return null;
  const share = key === 'fallback_share' || key === 'containment';
  if (share) {
    const points = (now - before) * 100;
    return {
      text: `${points >= 0 ? '+' : ''}${points.toFixed(1)} pt`,
      dir: Math.sign(Math.round(points * 10)) as -1 | 0 | 1,
    };
  }
  if (before === 0) return now === 0 ? { text: '±0 %', dir: 0 } : { text: 'new', dir: 1 };
  const pct = ((now - before) / before) * 100;
  return { text: `${pct >= 0 ? '+' : ''}${pct.toFixed(0)} %`, dir: Math.sign(Math.round(pct)) as -1 | 0 | 1 };
}

export function StatsFigures({
  totals,
  previous,
  underWay = false,
}: {
  totals: StatsTotals;
  previous: StatsTotals;
  /** The period is not over: the change compares with the same hours of the period before. */
  underWay?: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, xl: 6 }} spacing="md">
      {FIGURES.map((f) => {
        const value = totals[f.key];
        const moved = change(f.key, value, previous[f.key]);
        const good = moved && moved.dir !== 0 && moved.dir > 0 === (f.better === 'up');
        return (
          <Card key={f.key} withBorder padding="md" data-testid={`figure-${f.key}`}>
            <Group gap={4} wrap="nowrap">
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {f.label}
              </Text>
              {f.definition && (
                <Tooltip label={f.definition} multiline w={280} withArrow>
                  <IconInfoCircle
                    size={14}
                    aria-label={`${f.label}: ${f.definition}`}
                    role="img"
                    style={{ color: 'var(--mantine-color-dimmed)' }}
                  />
                </Tooltip>
              )}
            </Group>
            <Group justify="space-between" align="flex-end" mt={4} gap={6} wrap="wrap">
              <Text fz={26} fw={700} lh={1.1} style={{ whiteSpace: 'nowrap' }} data-testid={`figure-${f.key}-value`}>
                {value === null ? '–' : f.format(value)}
              </Text>
              {moved && (
                <Badge
                  variant="light"
                  color={moved.dir === 0 ? 'gray' : good ? 'teal' : 'red'}
                  title={underWay ? 'Against the same hours of the period before' : 'Against the period before'}
                  style={{ flexShrink: 0 }}
                >
                  {moved.text}
                </Badge>
              )}
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
