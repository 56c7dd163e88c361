const mix = (hash: number) => Math.imul(hash ^ (hash >>> 16), 0x45d9f3b) >>> 0;

/** In how many sentences each feature occurs, by column: what the vocabulary is made from. */
export interface FeatureCounts {
  /** Column -> feature hash, and column -> sentences it occurs in (the first `size` entries). */
  readonly hashes: Uint32Array;
  readonly counts: Int32Array;
  readonly size: number;
  readonly documents: number;
  /** The distinct hashes and their counts, trimmed to size (to send to another thread). */
  export(): { hashes: Uint32Array; counts: Int32Array; documents: number };
}

/**
 * In how many sentences each feature hash occurs: a growable open-addressing table on typed arrays
 * (a Map and a Set per sentence were the slowest part of training). Tables of several threads merge.
 */
export class DocumentFrequency implements FeatureCounts {
  private capacity: number;
  private keys: Uint32Array;
  private slots: Int32Array;
  hashes: Uint32Array;
  counts: Int32Array;
  private lastDocument: Int32Array;
  size = 0;
  documents = 0;
  /** The sentence being counted (startDocument). */
  private current = -1;

  /** `expected`: about how many distinct features to make room for (the table grows past it). */
  constructor(expected = 1 << 15) {
    let capacity = 1 << 16;
    while (capacity < 2 * expected) capacity *= 2;
    this.capacity = capacity;
    // Zeroed by a write, as every table read before it is written here: a fresh page read first faults twice.
    this.keys = new Uint32Array(capacity).fill(0);
    this.slots = new Int32Array(capacity);
    this.hashes = new Uint32Array(capacity >> 1);
    this.counts = new Int32Array(capacity >> 1).fill(0);
    this.lastDocument = new Int32Array(capacity >> 1).fill(-1);
  }

  /** The hash's column, given to it the first time it is seen. */
  columnOf(hash: number): number {
    const mask = this.capacity - 1;
    let slot = mix(hash) & mask;
    while (this.keys[slot] !== 0) {
      if (this.keys[slot] === hash) return this.slots[slot]!;
      slot = (slot + 1) & mask;
    }
    const column = this.size++;
    this.keys[slot] = hash;
    this.slots[slot] = column;
    this.hashes[column] = hash;
    if (this.size * 2 >= this.capacity) this.grow();
    return column;
  }

  private grow(): void {
    this.capacity *= 2;
    this.keys = new Uint32Array(this.capacity).fill(0);
    this.slots = new Int32Array(this.capacity);
    const mask = this.capacity - 1;
    for (let column = 0; column < this.size; column++) {
      let slot = mix(this.hashes[column]!) & mask;
      while (this.keys[slot] !== 0) slot = (slot + 1) & mask;
      this.keys[slot] = this.hashes[column]!;
      this.slots[slot] = column;
    }
    const half = this.capacity >> 1;
    const hashes = new Uint32Array(half);
    hashes.set(this.hashes);
    this.hashes = hashes;
    const counts = new Int32Array(half).fill(0);
    counts.set(this.counts);
    this.counts = counts;
    const last = new Int32Array(half).fill(-1);
    last.set(this.lastDocument);
    this.lastDocument = last;
  }

  /** Counts a new sentence whose features have the columns columns[from..to) (repeats count once). */
  countDocument(columns: Int32Array, from: number, to: number): void {
    this.startDocument();
    this.countColumns(columns, from, to);
  }

  /** Starts a new sentence, whose features' columns follow in one or more countColumns calls. */
  startDocument(): void {
    this.current = this.documents++;
  }

  /** Counts columns[from..to) for the current sentence (a feature it already had counts once). */
  countColumns(columns: Int32Array, from: number, to: number): void {
    const d = this.current;
    const { lastDocument, counts } = this;
    for (let i = from; i < to; i++) {
      const column = columns[i]!;
      if (lastDocument[column] !== d) {
        lastDocument[column] = d;
        counts[column]!++;
      }
    }
  }

  /** Adds another table's counts (from a thread that counted other sentences). */
  merge(hashes: Uint32Array, counts: Int32Array, documents: number): void {
    for (let i = 0; i < hashes.length; i++) {
      // Column first: columnOf may grow the table and replace `counts`, and `this.counts[...] +=` would read
      // the old array before the call and add to it (the count was lost, the feature dropped as never seen).
      const column = this.columnOf(hashes[i]!);
      this.counts[column]! += counts[i]!;
    }
    this.documents += documents;
  }

  /** The distinct hashes and their counts, trimmed to size (to send to another thread). */
  export(): { hashes: Uint32Array; counts: Int32Array; documents: number } {
    return {
      hashes: this.hashes.slice(0, this.size),
      counts: this.counts.slice(0, this.size),
      documents: this.documents,
    };
  }
}
