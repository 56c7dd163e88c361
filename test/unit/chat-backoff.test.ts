import { describe, expect, it } from 'vitest';
import { reconnectDelay } from '../../src/machines/chat/backoff.ts';

describe('the chat reconnect backoff (issue 35)', () => {
  it('waits one to two steps: 1 s doubling up to 8 s, never before Retry-After: 1', () => {
    expect([1, 2, 3, 4, 5, 9].map((attempt) => reconnectDelay(attempt, 0))).toEqual([
      1000, 2000, 4000, 8000, 8000, 8000,
    ]);
    expect([1, 2, 3, 4, 5].map((attempt) => reconnectDelay(attempt, 0.999999))).toEqual([
      2000, 4000, 8000, 16000, 16000,
    ]);
  });

  it('spreads clients refused together (jitter)', () => {
    const delays = new Set(Array.from({ length: 200 }, () => reconnectDelay(1, Math.random())));
    expect(delays.size).toBeGreaterThan(50);
    for (const d of delays) expect(d >= 1000 && d <= 2000).toBe(true);
  });
});
