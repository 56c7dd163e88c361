import type { FeatureHashes } from './features.ts';

/** Feature indices and TF-IDF statistics learnt from the training sentences. */
export interface Vocabulary {
  size: number;
  /** Feature hash -> column, or -1 when the feature was never seen in training. */
  lookup(hash: number): number;
  idf: Float32Array;
  /** The hashes by column (to build the model's hash table). */
  hashes: Uint32Array;
}

export interface SparseRow {
  index: Int32Array;
  value: Float32Array;
}

/** Assigns columns to the features seen in at least `minDf` documents; smooth idf as scikit-learn does. */
export function buildVocabulary(docs: readonly FeatureHashes[], minDf = 1): Vocabulary {
  const documentFrequency = new Map<number, number>();
  for (const doc of docs) {
    for (const hashes of [doc.word, doc.char]) {
      // Distinct hashes of this document only: a Set is cheaper than sorting for short sentences.
      for (const hash of new Set(hashes)) {
        documentFrequency.set(hash, (documentFrequency.get(hash) ?? 0) + 1);
      }
    }
  }
  const columns = new Map<number, number>();
  const hashes: number[] = [];
  const idfValues: number[] = [];
  const n = docs.length;
  for (const [hash, df] of documentFrequency) {
    if (df < minDf) continue;
    columns.set(hash, hashes.length);
    hashes.push(hash);
    idfValues.push(Math.log((1 + n) / (1 + df)) + 1);
  }
  return {
    size: hashes.length,
    lookup: (hash) => columns.get(hash) ?? -1,
    idf: Float32Array.from(idfValues),
    hashes: Uint32Array.from(hashes),
  };
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
  const columns: number[] = [];
  for (const hash of hashes) {
    const column = lookup(hash);
    if (column >= 0) columns.push(column);
  }
  columns.sort((a, b) => a - b);
  const index: number[] = [];
  const value: number[] = [];
  let norm = 0;
  for (let i = 0; i < columns.length; ) {
    let j = i;
    while (j < columns.length && columns[j] === columns[i]) j++;
    const column = columns[i]!;
    const weight = (1 + Math.log(j - i)) * idf[column]!;
    index.push(column);
    value.push(weight);
    norm += weight * weight;
    i = j;
  }
  return { index, value, norm: Math.sqrt(norm) };
}
