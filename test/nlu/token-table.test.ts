import { describe, expect, it } from 'vitest';
import type { TokenFeatures } from '../../server/nlu/features.ts';
import { TokenTable } from '../../server/nlu/token-table.ts';

const featuresOf = (token: string): TokenFeatures => ({
  token,
  stem: token,
  words: new Uint32Array(0),
  chars: new Uint32Array(0),
  bigramPrefix: 0,
  mark: 0,
  index: 0,
});

describe('token table', () => {
  it('finds a token by its string and as a range of a sentence read in lower case', () => {
    const table = new TokenTable(4);
    const invoice = featuresOf('invoice');
    table.add(invoice);
    expect(table.find('invoice', 0, 7, false)).toBe(invoice);
    expect(table.find('Pay my INVOICE now', 7, 14, true)).toBe(invoice);
    // Read as written, capitals are other characters; a prefix or a longer range is another token.
    expect(table.find('Pay my INVOICE now', 7, 14, false)).toBeUndefined();
    expect(table.find('invoices', 0, 8, false)).toBeUndefined();
    expect(table.find('invoice', 0, 6, false)).toBeUndefined();
    // Only ASCII capitals are folded: the table's tokens are normalised already.
    table.add(featuresOf('čaj'));
    expect(table.find('ČAJ', 0, 3, true)).toBeUndefined();
    expect(table.find('čaj', 0, 3, true)?.token).toBe('čaj');
  });

  it('keeps every token through its growth, and forgets them all when cleared', () => {
    const table = new TokenTable(4);
    const tokens = Array.from({ length: 5000 }, (_, i) => `w${i.toString(36)}`);
    for (const token of tokens) table.add(featuresOf(token));
    expect(table.size).toBe(tokens.length);
    for (const token of tokens)
      expect(table.find(` ${token.toUpperCase()} `, 1, token.length + 1, true)?.token).toBe(token);
    table.clear();
    expect(table.size).toBe(0);
    expect(table.find('w0', 0, 2, false)).toBeUndefined();
    table.add(featuresOf('w0'));
    expect(table.find('W0', 0, 2, true)?.token).toBe('w0');
  });
});
