import { stepHash } from './feature-hashing.ts';
import type { TokenFeatures } from './features.ts';

const EMPTY = -1;
const LOWER_CASE_OFFSET = 32;

/**
 * FNV-1a of text[start..end), ASCII capitals read as small letters when `asciiLower` (the one-pass tokeniser's words,
 * which stand in the sentence as written).
 */
function rangeHash(text: string, start: number, end: number, asciiLower: boolean): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) {
    let c = text.charCodeAt(i);
    if (asciiLower && c >= 65 && c <= 90) c += LOWER_CASE_OFFSET;
    hash = stepHash(hash, c);
  }
  return hash;
}

/**
 * The features of every distinct token a feature extractor has seen, found by the token's characters where they stand
 * in the sentence: a word of a plain ASCII sentence is looked up as a range of it, read in lower case, so featurising a
 * sentence makes no string, array or lower-case copy per word (a Map keyed by strings needed all three: a third of
 * SNIPS's 13 MB of garbage in a training, and the young generation's growth faulted fresh pages in). Open
 * addressing over typed arrays; a token's string is kept in its features to confirm a match.
 */
export class TokenTable {
  private slots: Int32Array;
  private slotHashes: Int32Array;
  private entries: TokenFeatures[] = [];

  constructor(capacity = 1 << 12) {
    this.slots = new Int32Array(capacity).fill(EMPTY);
    this.slotHashes = new Int32Array(capacity);
  }

  get size(): number {
    return this.entries.length;
  }

  /** The features of the token text[start..end) (in lower case when `asciiLower`), or undefined. */
  find(text: string, start: number, end: number, asciiLower: boolean): TokenFeatures | undefined {
    const hash = rangeHash(text, start, end, asciiLower);
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot]!;
      if (entry === EMPTY) return undefined;
      if (this.slotHashes[slot] !== hash) continue;
      const features = this.entries[entry]!;
      if (sameToken(features.token, text, start, end, asciiLower)) return features;
    }
  }

  /** Adds the features of a token not in the table (`features.token` is the token). */
  add(features: TokenFeatures): void {
    if (2 * (this.entries.length + 1) > this.slots.length) this.grow();
    this.place(rangeHash(features.token, 0, features.token.length, false), this.entries.length);
    this.entries.push(features);
  }

  clear(): void {
    this.slots.fill(EMPTY);
    this.entries = [];
  }

  private place(hash: number, entry: number): void {
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    while (this.slots[slot] !== EMPTY) slot = (slot + 1) & mask;
    this.slots[slot] = entry;
    this.slotHashes[slot] = hash;
  }

  private grow(): void {
    const { slots, slotHashes } = this;
    this.slots = new Int32Array(2 * slots.length).fill(EMPTY);
    this.slotHashes = new Int32Array(2 * slots.length);
    for (let slot = 0; slot < slots.length; slot++) {
      if (slots[slot] !== EMPTY) this.place(slotHashes[slot]!, slots[slot]!);
    }
  }
}

function sameToken(token: string, text: string, start: number, end: number, asciiLower: boolean): boolean {
  if (token.length !== end - start) return false;
  for (let i = 0; i < token.length; i++) {
    let c = text.charCodeAt(start + i);
    if (asciiLower && c >= 65 && c <= 90) c += LOWER_CASE_OFFSET;
    if (token.charCodeAt(i) !== c) return false;
  }
  return true;
}
