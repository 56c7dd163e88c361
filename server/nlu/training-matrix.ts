import { DocumentFrequency } from './document-frequency.ts';
import { FeatureExtractor } from './features.ts';
import type { FeatureSink } from './features.ts';
import { entityNamesOf } from './featurize-job.ts';
import type { FeaturizeJob } from './featurize-job.ts';
import { IntBuffer } from './int-buffer.ts';
import { getLanguage } from './languages/registry.ts';
import { SolverMemory } from './solver-memory.ts';
import type { SparseMatrix } from './sparse-matrix.ts';
import { normaliseRow, sublinearTf, vocabularyOf } from './tfidf.ts';
import type { Vocabulary } from './tfidf.ts';

/**
 * Sentences turned into feature columns of their own document-frequency table: what one thread keeps of
 * its share of the training sentences until the vocabulary is known.
 */
export interface FeaturizedShare {
  frequency: DocumentFrequency;
  /**
   * Every sentence's character columns, then its word columns, sentence after sentence (the characters, most of a
   * sentence's features, go straight here; its few word features wait in a buffer until the sentence ends).
   */
  columns: IntBuffer;
  /** Per sentence, where its word block starts and where it ends in `columns`. */
  wordStart: Int32Array;
  end: Int32Array;
}

/** Rows of TF-IDF weights in compressed form (what `weighRows` writes). */
export interface WeightedRows {
  rowStart: Int32Array;
  columnIndex: Int32Array;
  value: Float32Array;
}

/** Marks the tokens one featurisation has numbered (TokenFeatures.mark), so that each numbers afresh. */
let featurizations = 0;

/**
 * Featurises sentences straight into columns: counting document frequencies gives every feature its
 * column, and each distinct token's features are looked up once, not at every occurrence. Columns are
 * numbered in order of first occurrence, so tables of consecutive shares merge into the numbering one
 * thread would give all the sentences.
 */
export function featurizeShare(job: FeaturizeJob): FeaturizedShare {
  const extractor = new FeatureExtractor(getLanguage(job.language), job.features);
  // Room for what intent datasets show (about 6 distinct features and 125 feature occurrences a sentence),
  // so that neither table nor buffer has to grow and copy on the way.
  const frequency = new DocumentFrequency(job.texts.length * 8);
  const columns = new IntBuffer(job.texts.length * 160);
  const wordStart = new Int32Array(job.texts.length);
  const end = new Int32Array(job.texts.length);
  const word = new IntBuffer();
  // The columns of each distinct token: its word columns, then its character columns.
  const tokenColumns = new IntBuffer();
  const tokenStart = new IntBuffer();
  const tokenChars = new IntBuffer();
  const mark = ++featurizations;
  const sink: FeatureSink = {
    token(features) {
      if (features.mark !== mark) {
        features.mark = mark;
        features.index = tokenStart.length;
        tokenStart.push(tokenColumns.length);
        for (let i = 0; i < features.words.length; i++) tokenColumns.push(frequency.columnOf(features.words[i]!));
        tokenChars.push(tokenColumns.length);
        for (let i = 0; i < features.chars.length; i++) tokenColumns.push(frequency.columnOf(features.chars[i]!));
      }
      const t = features.index;
      const charsFrom = tokenChars.data[t]!;
      word.pushRange(tokenColumns.data, tokenStart.data[t]!, charsFrom);
      columns.pushRange(tokenColumns.data, charsFrom, charsFrom + features.chars.length);
    },
    word: (hash) => word.push(frequency.columnOf(hash)),
    char: (hash) => columns.push(frequency.columnOf(hash)),
  };
  for (let d = 0; d < job.texts.length; d++) {
    const text = job.texts[d]!;
    const from = columns.length;
    word.length = 0;
    extractor.emit(text, entityNamesOf(text, job), sink);
    wordStart[d] = columns.length;
    columns.append(word);
    end[d] = columns.length;
    frequency.countDocument(columns.data, from, columns.length);
  }
  return { frequency, columns, wordStart, end };
}

/**
 * The share's sentences as rows of sublinear TF-IDF weights over the vocabulary (`remap`: the share's
 * columns to the vocabulary's, -1 for dropped features), each block L2-normalised and weighted, then the
 * row L2-normalised: the weights `vectorize` gives. Columns within a row are in order of first occurrence.
 */
export function weighRows(
  share: FeaturizedShare,
  remap: Int32Array,
  idf: Float32Array,
  charWeight: number,
  out: WeightedRows = allocateRows(share, false),
): WeightedRows {
  const { columns, wordStart, end } = share;
  const rows = end.length;
  const { rowStart, value } = out;
  const weigher = new BlockWeigher(idf, out.columnIndex, value);
  let start = 0;
  for (let d = 0; d < rows; d++) {
    rowStart[d] = weigher.end;
    const wordNorm = weigher.weigh(columns.data, wordStart[d]!, end[d]!, remap);
    const wordEnd = weigher.end;
    const charNorm = weigher.weigh(columns.data, start, wordStart[d]!, remap);
    normaliseRow(value, rowStart[d]!, wordEnd, weigher.end, wordNorm, charNorm, charWeight);
    start = end[d]!;
  }
  rowStart[rows] = weigher.end;
  return out;
}

/** Room for the share's rows (at most one entry per feature occurrence), in shared memory for the workers. */
function allocateRows(share: FeaturizedShare, shared: boolean): WeightedRows {
  const buffer = (bytes: number) => (shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
  const entries = Math.max(1, share.columns.length);
  return {
    rowStart: new Int32Array(buffer(4 * (share.end.length + 1))),
    columnIndex: new Int32Array(buffer(4 * entries)),
    value: new Float32Array(buffer(4 * entries)),
  };
}

/** The vocabulary of the features seen in at least `minDf` sentences, and the map from counting columns to it. */
export function vocabularyWithRemap(
  frequency: DocumentFrequency,
  minDf: number,
): { vocabulary: Vocabulary; remap: Int32Array } {
  const vocabulary = vocabularyOf(frequency, minDf);
  // The vocabulary keeps the counting order, without the rare features.
  const remap = new Int32Array(frequency.size).fill(-1);
  for (let column = 0, kept = 0; column < frequency.size; column++)
    if (frequency.counts[column]! >= minDf) remap[column] = kept++;
  return { vocabulary, remap };
}

/**
 * The training sentences as TF-IDF rows, all in the calling thread (small and middle-sized projects, and
 * each evaluation fold); the training pool splits the same steps across its threads for large ones. With
 * `classes` (a Crammer–Singer fit in this thread) the rows are written straight into the solver's memory.
 */
export function trainingMatrix(
  job: FeaturizeJob,
  minDf: number,
  classes?: number,
): { vocabulary: Vocabulary; matrix: SparseMatrix; memory?: SolverMemory } {
  const share = featurizeShare(job);
  const { vocabulary, remap } = vocabularyWithRemap(share.frequency, minDf);
  const rows = share.end.length;
  const memory =
    classes === undefined ? undefined : new SolverMemory(vocabulary.size, classes, rows, share.columns.length);
  const out = memory ?? allocateRows(share, true);
  const weighted = weighRows(share, remap, vocabulary.idf, job.features.charWeight, out);
  return { vocabulary, matrix: { rows, columns: vocabulary.size, ...weighted }, memory };
}

/** Sublinear TF-IDF weights of one block of a row, repeats merged by a stamp per column (no sorting). */
class BlockWeigher {
  end = 0;
  private block = 0;
  private readonly stamp: Int32Array;
  /** Where the column's entry of the current block sits in the output. */
  private readonly slot: Int32Array;
  private readonly idf: Float32Array;
  private readonly columnIndex: Int32Array;
  private readonly value: Float32Array;

  constructor(idf: Float32Array, columnIndex: Int32Array, value: Float32Array) {
    this.stamp = new Int32Array(idf.length);
    this.slot = new Int32Array(idf.length);
    this.idf = idf;
    this.columnIndex = columnIndex;
    this.value = value;
  }

  /** Appends the block's columns with their weights and returns its squared norm. */
  weigh(featureColumns: Int32Array, from: number, to: number, remap: Int32Array): number {
    const block = ++this.block;
    const { stamp, slot, columnIndex, value, idf } = this;
    const first = this.end;
    let end = first;
    for (let i = from; i < to; i++) {
      const column = remap[featureColumns[i]!]!;
      if (column < 0) continue;
      if (stamp[column] === block) {
        value[slot[column]!]!++;
      } else {
        stamp[column] = block;
        slot[column] = end;
        columnIndex[end] = column;
        value[end++] = 1;
      }
    }
    let norm = 0;
    for (let k = first; k < end; k++) {
      const count = value[k]!;
      const weight = sublinearTf(count) * idf[columnIndex[k]!]!;
      value[k] = weight;
      norm += weight * weight;
    }
    this.end = end;
    return norm;
  }
}
