import { DocumentFrequency } from './document-frequency.ts';
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

/** Assigns columns to the features seen in at least `minDf` documents; smooth idf as scikit-learn does. */
export function buildVocabulary(docs: readonly FeatureHashes[], minDf = 1): Vocabulary {
  const frequency = new DocumentFrequency();
  for (const doc of docs) frequency.addDocument(doc);
  return vocabularyOf(frequency, minDf);
}

export function vocabularyOf(frequency: DocumentFrequency, minDf = 1): Vocabulary {
  const kept: number[] = [];
  for (let column = 0; column < frequency.size; column++) if (frequency.counts[column]! >= minDf) kept.push(column);
  const n = frequency.documents;
  const hashes = Uint32Array.from(kept, (column) => frequency.hashes[column]!);
  const idf = Float32Array.from(kept, (column) => Math.log((1 + n) / (1 + frequency.counts[column]!)) + 1);
  const table = buildHashTable(hashes);
  return { size: kept.length, lookup: (hash) => lookupColumn(table, hash), idf, hashes, table };
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
