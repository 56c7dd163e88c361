import { ColorSwatch, Tooltip } from '@mantine/core';
import type { TestRunState } from '../../machines/testRun/events.ts';

export const STATUS_DOT: Record<TestRunState, { color: string; label: string }> = {
  unknown: { color: 'var(--mantine-color-gray-5)', label: "Didn't run" },
  pending: { color: 'var(--mantine-color-yellow-5)', label: 'Pending' },
  ok: { color: 'var(--mantine-color-green-6)', label: 'Ok' },
  error: { color: 'var(--mantine-color-red-6)', label: 'Failed' },
};

/** A test card's status dot (spec 1 §2): grey until run, yellow while pending, green ok, red failed. */
export function TestStatusDot({ state }: { state: TestRunState }) {
  return (
    <Tooltip label={STATUS_DOT[state].label}>
      <ColorSwatch color={STATUS_DOT[state].color} size={12} aria-label={`Status ${STATUS_DOT[state].label}`} />
    </Tooltip>
  );
}
