/** Thrown when more callers wait than the limit keeps in line. */
export class LimitBusyError extends Error {
  override readonly name = 'LimitBusyError';
}

/** At most `running` tasks at once, at most `waiting` more in line; the rest are refused at once. */
export class ConcurrencyLimit {
  readonly #running: number;
  readonly #waiting: number;
  #active = 0;
  #queue: Array<() => void> = [];

  constructor(options: { running: number; waiting: number }) {
    this.#running = options.running;
    this.#waiting = options.waiting;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active >= this.#running) {
      if (this.#queue.length >= this.#waiting) throw new LimitBusyError('Too many at once.');
      await new Promise<void>((resolve) => this.#queue.push(resolve));
    } else {
      this.#active++;
    }
    try {
      return await task();
    } finally {
      // The slot passes to the next in line, or frees.
      const next = this.#queue.shift();
      if (next) next();
      else this.#active--;
    }
  }
}
