/**
 * Group commit: work items submitted while a batch is being written wait and go together in the next one, so
 * per-item statements (the campaign engine's answered and ended calls, the chat's turn reads and writes) cost one
 * statement per batch rather than one per item when items come fast, and add no delay when they come one by one.
 * The first item of a quiet spell waits one turn of the event loop (setImmediate), so events emitted together (a
 * provider's burst, a claimed batch, requests read from one socket read) share a statement.
 *
 * `lingerMs` (0: off): under steady load, a batch waits until its oldest item has waited this long (or the batch
 * is full) before it is written. A statement's cost is mostly fixed (round trip, parse of the reply, commit), so
 * at a thousand chat messages a second batches of two cost about twice the CPU per item of batches of ten, on
 * both sides of the connection; a few milliseconds of waiting buy that back. Load counts as steady when the
 * previous batch started less than two lingers before this item came; after a quiet spell a batch goes at once.
 */
export class GroupCommit<I, O> {
  private pending: { item: I; resolve: (out: O) => void; reject: (error: unknown) => void }[] = [];
  private flushing = false;
  private readonly write: (items: I[]) => Promise<O[]>;
  private readonly maxBatch: number;
  private readonly lingerMs: number;
  /** When the oldest pending item came, and when the latest batch started (performance.now()). */
  private oldestAt = 0;
  private lastBatchAt = Number.NEGATIVE_INFINITY;

  /** `write` answers one output per item, in order. */
  constructor(write: (items: I[]) => Promise<O[]>, options: { maxBatch?: number; lingerMs?: number } = {}) {
    this.write = write;
    this.maxBatch = options.maxBatch ?? 500;
    this.lingerMs = options.lingerMs ?? 0;
  }

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      if (!this.pending.length) this.oldestAt = performance.now();
      this.pending.push({ item, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  /** Under steady load, waits until the oldest pending item has lingered (or the batch is full). */
  private async linger(): Promise<void> {
    if (!this.lingerMs || this.oldestAt - this.lastBatchAt > 2 * this.lingerMs) return;
    const wait = this.oldestAt + this.lingerMs - performance.now();
    if (wait > 0 && this.pending.length < this.maxBatch) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  private async flush(): Promise<void> {
    while (this.pending.length) {
      await this.linger();
      const batch = this.pending.splice(0, this.maxBatch);
      this.lastBatchAt = performance.now();
      try {
        const out = await this.write(batch.map((b) => b.item));
        for (const [i, b] of batch.entries()) b.resolve(out[i] as O);
      } catch (error) {
        if (batch.length === 1) {
          batch[0]!.reject(error);
          continue;
        }
        // One bad item must not fail the others: each is written alone.
        for (const b of batch) {
          try {
            b.resolve((await this.write([b.item]))[0] as O);
          } catch (alone) {
            b.reject(alone);
          }
        }
      }
    }
    this.flushing = false;
  }
}
