import { describe, expect, it } from 'vitest';
import { DocumentFrequency } from '../../server/nlu/document-frequency.ts';

describe('document frequency', () => {
  it('keeps every count when merging makes the table grow', () => {
    // Two threads' tables of 40,000 distinct hashes each, half of them shared: more than the default table
    // holds, so the merge grows it while it adds counts.
    const part = (from: number) => {
      const table = new DocumentFrequency();
      const columns = new Int32Array(40_000);
      for (let i = 0; i < columns.length; i++) columns[i] = table.columnOf(from + i + 1);
      table.countDocument(columns, 0, columns.length);
      return table.export();
    };
    const merged = new DocumentFrequency();
    for (const exported of [part(0), part(20_000)]) merged.merge(exported.hashes, exported.counts, exported.documents);
    expect(merged.size).toBe(60_000);
    expect(merged.documents).toBe(2);
    for (let column = 0; column < merged.size; column++) {
      const hash = merged.hashes[column]!;
      expect(merged.counts[column], `hash ${hash}`).toBe(hash > 20_000 && hash <= 40_000 ? 2 : 1);
    }
  });
});
