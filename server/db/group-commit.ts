/**
 * Group commit: work items submitted while a batch is being written wait and go together in the next one, so
 * per-item statements (the campaign engine's answered and ended calls, the chat's turn reads and writes) cost one
 * statement per batch rather than one per item when items come fast, and add no delay when they come one by one.
 * The first item of a quiet spell waits one turn of the event loop (setImmediate), so events emitted together (a
 * provider's burst, a claimed batch, requests read from one socket read) share a statement.
 */
export class GroupCommit<I, O> {
  private pending: { item: I; resolve: (out: O) => void; reject: (error: unknown) => void }[] = [];
  private flushing = false;
  private readonly write: (items: I[]) => Promise<O[]>;
  private readonly maxBatch: number;

  /** `write` answers one output per item, in order. */
  constructor(write: (items: I[]) => Promise<O[]>, maxBatch = 500) {
    this.write = write;
    this.maxBatch = maxBatch;
  }

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.pending.length) {
      const batch = this.pending.splice(0, this.maxBatch);
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
