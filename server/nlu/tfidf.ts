import type { FeatureCounts } from './document-frequency.ts';
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
 * The share of a sentence's word-block TF-IDF mass (squared) that the vocabulary knows: each feature never seen
 * in training counts with `unknownIdf` (the idf of a feature seen once). Out-of-scope sentences use words the
 * project never taught (CLINC150: 0.44–0.49 against 0.82 in scope), which the row's L2 normalisation hides from
 * the scores.
 */
export function wordCoverage(
  words: readonly number[],
  lookup: (hash: number) => number,
  idf: Float32Array,
  unknownIdf: number,
): number {
  let known = 0;
  let unknown = 0;
  for (let i = 0; i < words.length; i++) {
    const column = lookup(words[i]!);
    if (column >= 0) known += idf[column]! * idf[column]!;
    else unknown += unknownIdf * unknownIdf;
  }
  return known + unknown > 0 ? known / (known + unknown) : 0;
}

/** The features seen in at least `minDf` documents, in the table's order; smooth idf as scikit-learn does. */
export function vocabularyOf(
  frequency: FeatureCounts,
  minDf = 1,
  order: Int32Array = columnOrder(frequency, minDf),
): Vocabulary {
  const size = order.length;
  const n = frequency.documents;
  const hashes = new Uint32Array(size);
  const idf = new Float32Array(size);
  for (let kept = 0; kept < size; kept++) {
    const column = order[kept]!;
    hashes[kept] = frequency.hashes[column]!;
    idf[kept] = Math.log((1 + n) / (1 + frequency.counts[column]!)) + 1;
  }
  const table = buildHashTable(hashes);
  return { size, lookup: (hash) => lookupColumn(table, hash), idf, hashes, table };
}

/** The counting table's columns seen in at least minDf documents, most frequent first (ties in table order). */
export function columnOrder(frequency: FeatureCounts, minDf: number): Int32Array {
  const { counts, size } = frequency;
  let most = 0;
  for (let column = 0; column < size; column++) if (counts[column]! > most) most = counts[column]!;
  // Counting sort, descending: start[count] is where the columns of that count begin.
  const start = new Int32Array(most + 2);
  for (let column = 0; column < size; column++) if (counts[column]! >= minDf) start[most - counts[column]! + 1]!++;
  for (let c = 1; c <= most + 1; c++) start[c]! += start[c - 1]!;
  const out = new Int32Array(start[most + 1]!);
  for (let column = 0; column < size; column++) {
    const count = counts[column]!;
    if (count >= minDf) out[start[most - count]!++] = column;
  }
  return out;
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
  const capacity = doc.word.length + doc.char.length;
  const index = new Int32Array(capacity);
  const value = new Float32Array(capacity);
  const words = blockWeights(doc.word, lookup, idf, index, value, 0);
  const size = blockWeights(doc.char, lookup, idf, index, value, words.count);
  normaliseRow(value, 0, words.count, size.count, words.squaredNorm, size.squaredNorm, charWeight);
  return { index: index.subarray(0, size.count), value: value.subarray(0, size.count) };
}

/**
 * Writes one block's sublinear TF-IDF weights at `offset` (columns sorted, repeats merged) and returns
 * the new end and the block's squared norm.
 */
function blockWeights(
  hashes: readonly number[],
  lookup: (hash: number) => number,
  idf: Float32Array,
  index: Int32Array,
  value: Float32Array,
  offset: number,
): { count: number; squaredNorm: number } {
  let count = offset;
  for (let i = 0; i < hashes.length; i++) {
    const column = lookup(hashes[i]!);
    if (column >= 0) index[count++] = column;
  }
  const sorted = index.subarray(offset, count).sort();
  let out = offset;
  let norm = 0;
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j < sorted.length && sorted[j] === sorted[i]) j++;
    const column = sorted[i]!;
    const weight = sublinearTf(j - i) * idf[column]!;
    index[out] = column;
    value[out++] = weight;
    norm += weight * weight;
    i = j;
  }
  return { count: out, squaredNorm: norm };
}

/** Sublinear term frequency: 1 + ln(count). */
export function sublinearTf(count: number): number {
  return count === 1 ? 1 : 1 + Math.log(count);
}

/**
 * Scales a row in place: the word block value[from..wordEnd) and the character block value[wordEnd..to)
 * each L2-normalised (the character block times `charWeight`), then the whole row L2-normalised.
 */
export function normaliseRow(
  value: Float32Array,
  from: number,
  wordEnd: number,
  to: number,
  wordNorm: number,
  charNorm: number,
  charWeight: number,
): void {
  const wordScale = wordNorm > 0 ? 1 / Math.sqrt(wordNorm) : 0;
  const charScale = charNorm > 0 ? charWeight / Math.sqrt(charNorm) : 0;
  let total = 0;
  for (let k = from; k < to; k++) {
    const v = value[k]! * (k < wordEnd ? wordScale : charScale);
    value[k] = v;
    total += v * v;
  }
  if (total > 0) {
    const scale = 1 / Math.sqrt(total);
    for (let k = from; k < to; k++) value[k] = value[k]! * scale;
  }
}
