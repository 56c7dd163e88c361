import { Badge, Group, Paper, ScrollArea, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { LOG_LEVELS, type LogLevelName, type TrackerEntry } from '../../api/contract/chat.ts';

/** Spec 1 §9: the tests' output shows every log from fine up by default. */
export const DEFAULT_TEST_LOG_LEVEL: LogLevelName = 'fine';

/**
 * The output tab (spec 1 §2): the run's conversation as a chat transcript with its log lines filtered by
 * the log level selector. The level is a view filter only, so it is the view's own state.
 */
export function TestOutput({ tracker, result }: { tracker: TrackerEntry[]; result: string | null }) {
  const [level, setLevel] = useState<LogLevelName>(DEFAULT_TEST_LOG_LEVEL);
  const threshold = LOG_LEVELS[level];
  const shown = tracker.filter((e) => e.type !== 'log' || (e.level ?? 0) >= threshold);
  return (
    <Stack gap="sm" data-testid="test-output">
      <Group justify="space-between">
        {result !== null ? (
          <Text size="sm" c={result === 'ok' ? 'green' : 'red'} fw={500} data-testid="test-result">
            {result === 'ok' ? 'Passed' : result}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Run the test to see its conversation.
          </Text>
        )}
        <Select
          aria-label="Log level"
          size="xs"
          w={120}
          data={Object.keys(LOG_LEVELS)}
          value={level}
          allowDeselect={false}
          onChange={(v) => v && setLevel(v as LogLevelName)}
        />
      </Group>
      <ScrollArea.Autosize mah={480}>
        <Stack gap={6}>
          {shown.map((e) => (
            <TrackerLine key={e.timestamp} entry={e} />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}

function TrackerLine({ entry: e }: { entry: TrackerEntry }) {
  if (e.type === 'utter') {
    const user = e.args.who === 'user';
    return (
      <Group justify={user ? 'flex-end' : 'flex-start'}>
        <Paper px="sm" py={6} radius="lg" bg={user ? 'blue.6' : 'gray.1'} c={user ? 'white' : undefined} maw="75%">
          <Text size="sm">{e.value}</Text>
          {user && typeof e.args.intent === 'string' && (
            <Text size="xs" opacity={0.85}>
              {e.args.intent} · {Number(e.args.confidence ?? 0).toFixed(2)}
            </Text>
          )}
        </Paper>
      </Group>
    );
  }
  if (e.type === 'log') {
    const name = (Object.entries(LOG_LEVELS).find(([, v]) => v === e.level)?.[0] ?? 'log') as string;
    return (
      <Text size="xs" c={(e.level ?? 0) >= 50 ? 'red' : (e.level ?? 0) >= 40 ? 'orange' : 'dimmed'} ff="monospace">
        [{name}] {e.value}
      </Text>
    );
  }
  return (
    <Group gap={6}>
      <Badge size="xs" variant="light" color={e.type === 'reaction' ? 'violet' : e.type === 'intent' ? 'teal' : 'gray'}>
        {e.type}
      </Badge>
      <Text size="xs" ff="monospace">
        {e.value ?? '—'}
      </Text>
    </Group>
  );
}
