import { describe, expect, it } from 'vitest';
import type { Intent } from '../../src/api/contract/intents.ts';
import type { Row } from '../../src/machines/intentsList/selectors.ts';
import { rowAt, rowOffsets } from '../../src/screens/intents/rowLayout.ts';

const intent = { id: 1, name: 'greeting', templates: ['hi', 'hello'] } as Intent;
const rows: Row[] = [
  { kind: 'intent', key: 'i1', intent, expanded: true },
  { kind: 'template', key: 't1', intent, template: 'hi' } as Row,
  { kind: 'template', key: 't2', intent, template: 'hello' } as Row,
  { kind: 'intent', key: 'i2', intent, expanded: false },
];

describe('intent list layout (fixed row heights)', () => {
  it('places rows by prefix sums of their heights', () => {
    expect([...rowOffsets(rows)]).toEqual([0, 52, 92, 132, 184]);
    expect([...rowOffsets([])]).toEqual([0]);
  });

  it('finds the row under a point, the first row at and before the top, the last past the end', () => {
    const offsets = rowOffsets(rows);
    expect(rowAt(offsets, 0)).toBe(0);
    expect(rowAt(offsets, 51.9)).toBe(0);
    expect(rowAt(offsets, 52)).toBe(1);
    expect(rowAt(offsets, 131)).toBe(2);
    expect(rowAt(offsets, 10_000)).toBe(3);
    expect(rowAt(rowOffsets([]), 100)).toBe(0);
  });
});
