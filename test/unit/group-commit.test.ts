import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../../server/db/group-commit.ts';

/**
 * A writer that records each batch and answers after `ms` (a statement's round trip). `nextBatch()` resolves when
 * the next batch starts being written.
 */
function recorder(ms: number) {
  const batches: number[][] = [];
  let batchStarted = () => {};
  const write = async (items: number[]) => {
    batches.push(items);
    batchStarted();
    await new Promise((resolve) => setTimeout(resolve, ms));
    return items.map((n) => n * 10);
  };
  const nextBatch = () => new Promise<void>((resolve) => (batchStarted = resolve));
  return { batches, write, nextBatch };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('GroupCommit', () => {
  it('answers each item with its own output, items that come together in one batch', async () => {
    const { batches, write } = recorder(1);
    const commits = new GroupCommit(write);
    expect(await Promise.all([1, 2, 3].map((n) => commits.submit(n)))).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('writes items alone when their batch fails, so one bad item fails only itself', async () => {
    const commits = new GroupCommit(async (items: number[]) => {
      if (items.includes(2)) throw new Error('bad item');
      return items;
    });
    const out = await Promise.allSettled([1, 2, 3].map((n) => commits.submit(n)));
    expect(out.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('without a linger, an item that comes during a batch goes in the next one at once', async () => {
    const { batches, write, nextBatch } = recorder(5);
    const commits = new GroupCommit(write);
    // Waits for the first batch itself, not for a timer: from the main module a 1 ms timer and the flush's
    // setImmediate fire in either order, and on a busy machine the timer came first and both items shared a batch.
    const firstBatch = nextBatch();
    const first = commits.submit(1);
    await firstBatch;
    const started = performance.now();
    await Promise.all([first, commits.submit(2)]);
    expect(batches).toEqual([[1], [2]]);
    expect(performance.now() - started).toBeLessThan(40);
  });

  it('under steady load, a batch lingers so that items arriving apart share it', async () => {
    const { batches, write } = recorder(1);
    const commits = new GroupCommit(write, { lingerMs: 60 });
    // A quiet start goes at once: no linger for the first item.
    const started = performance.now();
    await commits.submit(0);
    expect(performance.now() - started).toBeLessThan(25);
    // Items ~8 ms apart right after it: steady load, so they wait for the oldest one's linger and share a batch.
    const pending = [];
    for (let n = 1; n <= 3; n++) {
      pending.push(commits.submit(n));
      await sleep(8);
    }
    await Promise.all(pending);
    expect(batches).toEqual([[0], [1, 2, 3]]);
    // After a quiet spell longer than two lingers, the next item goes at once again.
    await sleep(150);
    const again = performance.now();
    await commits.submit(4);
    expect(performance.now() - again).toBeLessThan(25);
    expect(batches.at(-1)).toEqual([4]);
  });

  it('a full batch does not linger', async () => {
    const { batches, write } = recorder(1);
    const commits = new GroupCommit(write, { lingerMs: 1000, maxBatch: 2 });
    await commits.submit(0);
    const started = performance.now();
    await Promise.all([1, 2].map((n) => commits.submit(n)));
    expect(performance.now() - started).toBeLessThan(500);
    expect(batches).toEqual([[0], [1, 2]]);
  });
});
