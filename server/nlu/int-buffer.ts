/** A growable list of 32-bit integers on a typed array (no boxed numbers, few reallocations). */
export class IntBuffer {
  data: Int32Array;
  length = 0;

  constructor(capacity = 1024) {
    this.data = new Int32Array(Math.max(16, capacity));
  }

  /** A buffer holding `data` as it is (a view: no copy). */
  static over(data: Int32Array): IntBuffer {
    const buffer = new IntBuffer(0);
    buffer.data = data;
    buffer.length = data.length;
    return buffer;
  }

  push(value: number): void {
    if (this.length === this.data.length) this.grow(this.length + 1);
    this.data[this.length++] = value;
  }

  /** Appends source[from..to). */
  pushRange(source: Int32Array, from: number, to: number): void {
    const needed = this.length + (to - from);
    if (needed > this.data.length) this.grow(needed);
    const data = this.data;
    let at = this.length;
    for (let i = from; i < to; i++) data[at++] = source[i]!;
    this.length = needed;
  }

  private grow(needed: number): void {
    const grown = new Int32Array(Math.max(needed, this.data.length * 2));
    grown.set(this.data.subarray(0, this.length));
    this.data = grown;
  }

  /** Appends another buffer's values. */
  append(other: IntBuffer): void {
    this.pushRange(other.data, 0, other.length);
  }
}
