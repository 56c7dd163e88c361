import type { FeatureHashes } from './features.ts';
import { buildHashTable, lookupColumn } from './hash-table.ts';
import type { HashTable } from './hash-table.ts';

/** Feature indices and TF-IDF statistics learnt from the training sentences. */
export interface Vocabulary {
  size: number;
  /** Feature hash -> column, or -1 when the feature was never seen in training. */
  lookup(hash: number): number;
  idf: Float32Array;
  /** The hashes by column. */
  hashes: Uint32Array;
  /** Hash -> column table, as the model stores it. */
  table: HashTable;
}

export interface SparseRow {
  index: Int32Array;
  value: Float32Array;
}

/**
 * Assigns columns to the features seen in at least `minDf` documents; smooth idf as scikit-learn does.
 * Counting uses a growable open-addressing table on typed arrays (a Map and a Set per sentence were the
 * slowest part of training).
 */
export function buildVocabulary(docs: readonly FeatureHashes[], minDf = 1): Vocabulary {
  let capacity = 1 << 16;
  let keys = new Uint32Array(capacity);
  let slots = new Int32Array(capacity);
  let hashes = new Uint32Array(capacity >> 1);
  let documentFrequency = new Int32Array(capacity >> 1);
  let lastDocument = new Int32Array(capacity >> 1).fill(-1);
  let size = 0;
  const mix = (hash: number) => Math.imul(hash ^ (hash >>> 16), 0x45d9f3b) >>> 0;
  const grow = () => {
    capacity *= 2;
    keys = new Uint32Array(capacity);
    slots = new Int32Array(capacity);
    const mask = capacity - 1;
    for (let column = 0; column < size; column++) {
      let slot = mix(hashes[column]!) & mask;
      while (keys[slot] !== 0) slot = (slot + 1) & mask;
      keys[slot] = hashes[column]!;
      slots[slot] = column;
    }
    const grown = (array: Int32Array, fill: number) => {
      const next = new Int32Array(capacity >> 1).fill(fill);
      next.set(array);
      return next;
    };
    const nextHashes = new Uint32Array(capacity >> 1);
    nextHashes.set(hashes);
    hashes = nextHashes;
    documentFrequency = grown(documentFrequency, 0);
    lastDocument = grown(lastDocument, -1);
  };
  docs.forEach((doc, d) => {
    for (const list of [doc.word, doc.char]) {
      for (let i = 0; i < list.length; i++) {
        const hash = list[i]!;
        const mask = capacity - 1;
        let slot = mix(hash) & mask;
        let column = -1;
        while (keys[slot] !== 0) {
          if (keys[slot] === hash) {
            column = slots[slot]!;
            break;
          }
          slot = (slot + 1) & mask;
        }
        if (column < 0) {
          column = size++;
          keys[slot] = hash;
          slots[slot] = column;
          hashes[column] = hash;
          if (size * 2 >= capacity) grow();
        }
        if (lastDocument[column] !== d) {
          lastDocument[column] = d;
          documentFrequency[column]!++;
        }
      }
    }
  });
  const kept: number[] = [];
  for (let column = 0; column < size; column++) if (documentFrequency[column]! >= minDf) kept.push(column);
  const n = docs.length;
  const keptHashes = Uint32Array.from(kept, (column) => hashes[column]!);
  const idf = Float32Array.from(kept, (column) => Math.log((1 + n) / (1 + documentFrequency[column]!)) + 1);
  const table = buildHashTable(keptHashes);
  return { size: kept.length, lookup: (hash) => lookupColumn(table, hash), idf, hashes: keptHashes, table };
}

/**
 * Sublinear TF-IDF (1 + ln tf) per block, each block L2-normalised and weighted, then the whole row
 * L2-normalised, so sentences of any length score on the same scale.
 */
export function vectorize(
  doc: FeatureHashes,
  lookup: (hash: number) => number,
  idf: Float32Array,
  charWeight: number,
): SparseRow {
  const wordRow = blockWeights(doc.word, lookup, idf);
  const charRow = blockWeights(doc.char, lookup, idf);
  const index = new Int32Array(wordRow.index.length + charRow.index.length);
  const value = new Float32Array(index.length);
  const wordScale = wordRow.norm > 0 ? 1 / wordRow.norm : 0;
  const charScale = charRow.norm > 0 ? charWeight / charRow.norm : 0;
  let total = 0;
  let offset = 0;
  for (const [row, scale] of [
    [wordRow, wordScale],
    [charRow, charScale],
  ] as const) {
    for (let i = 0; i < row.index.length; i++) {
      index[offset] = row.index[i]!;
      const v = row.value[i]! * scale;
      value[offset++] = v;
      total += v * v;
    }
  }
  if (total > 0) {
    const scale = 1 / Math.sqrt(total);
    for (let i = 0; i < value.length; i++) value[i] = value[i]! * scale;
  }
  return { index, value };
}

function blockWeights(hashes: readonly number[], lookup: (hash: number) => number, idf: Float32Array) {
  const columns = new Int32Array(hashes.length);
  let count = 0;
  for (let i = 0; i < hashes.length; i++) {
    const column = lookup(hashes[i]!);
    if (column >= 0) columns[count++] = column;
  }
  const sorted = columns.subarray(0, count).sort();
  const index: number[] = [];
  const value: number[] = [];
  let norm = 0;
  for (let i = 0; i < count; ) {
    let j = i;
    while (j < count && sorted[j] === sorted[i]) j++;
    const column = sorted[i]!;
    const weight = (1 + Math.log(j - i)) * idf[column]!;
    index.push(column);
    value.push(weight);
    norm += weight * weight;
    i = j;
  }
  return { index, value, norm: Math.sqrt(norm) };
}
