import { DocumentFrequency } from './document-frequency.ts';
import type { FeatureCounts } from './document-frequency.ts';
import { FeatureExtractor } from './features.ts';
import type { FeatureSink } from './features.ts';
import { entityNamesOf } from './featurize-job.ts';
import type { FeaturizeJob } from './featurize-job.ts';
import type { FeaturizedShare } from './featurized-share.ts';
import { IntBuffer } from './int-buffer.ts';
import { getLanguage } from './languages/registry.ts';
import { SolverMemory, squaredNormWithBias } from './solver-memory.ts';
import type { SparseMatrix } from './sparse-matrix.ts';
import { columnOrder, normaliseRow, sublinearTf, vocabularyOf } from './tfidf.ts';
import type { Vocabulary } from './tfidf.ts';
import { featurizeInWasm } from './wasm-featurizer.ts';

export type { FeaturizedShare } from './featurized-share.ts';

/** Rows of TF-IDF weights in compressed form (what `weighRows` writes). */
export interface WeightedRows {
  rowStart: Int32Array;
  columnIndex: Int32Array;
  value: Float32Array;
  /**
   * When present (the solver's memory), each row's squared norm plus the bias feature's 1, the Crammer–Singer
   * solver's diagonal: summed right after the row is weighed, while it is in the cache, instead of in a pass of its
   * own over every row later (SNIPS: 13 MB read back cold, 10–20 ms of a fresh process).
   */
  qd?: Float64Array;
}

/** Marks the tokens one featurisation has numbered (TokenFeatures.mark), so that each numbers afresh. */
let featurizations = 0;

/**
 * Featurises sentences straight into columns: counting document frequencies gives every feature its
 * column, and each distinct token's features are looked up once, not at every occurrence. Columns are
 * numbered in order of first occurrence, so tables of consecutive shares merge into the numbering one
 * thread would give all the sentences.
 */
export function featurizeShare(job: FeaturizeJob, engine: 'wasm' | 'js' = 'wasm'): FeaturizedShare {
  const compiled = engine === 'wasm' ? featurizeInWasm(job) : undefined;
  if (compiled) return compiled;
  const extractor = new FeatureExtractor(getLanguage(job.language), job.features);
  const sentences = job.texts.length;
  // Room for what intent datasets show (about 6 distinct features, 10 tokens and 15 word features a sentence),
  // so that neither table nor buffer has to grow and copy on the way.
  const frequency = new DocumentFrequency(sentences * 8);
  const words = new IntBuffer(sentences * 16);
  const tokens = new IntBuffer(sentences * 12);
  const wordEnd = new Int32Array(sentences);
  const tokenEnd = new Int32Array(sentences);
  const sentenceChars = new IntBuffer(16);
  const sentenceCharEnd = new Int32Array(sentences);
  // The columns of each distinct token: its word columns, then its character columns.
  const tokenColumns = new IntBuffer();
  const tokenStart = new IntBuffer();
  const charStart = new IntBuffer();
  const charEnd = new IntBuffer();
  let occurrences = 0;
  const mark = ++featurizations;
  const sink: FeatureSink = {
    token(features) {
      if (features.mark !== mark) {
        features.mark = mark;
        features.index = tokenStart.length;
        tokenStart.push(tokenColumns.length);
        for (let i = 0; i < features.words.length; i++) tokenColumns.push(frequency.columnOf(features.words[i]!));
        charStart.push(tokenColumns.length);
        for (let i = 0; i < features.chars.length; i++) tokenColumns.push(frequency.columnOf(features.chars[i]!));
        charEnd.push(tokenColumns.length);
      }
      const t = features.index;
      words.pushRange(tokenColumns.data, tokenStart.data[t]!, charStart.data[t]!);
      tokens.push(t);
      occurrences += features.chars.length;
    },
    word: (hash) => words.push(frequency.columnOf(hash)),
    char: (hash) => sentenceChars.push(frequency.columnOf(hash)),
  };
  let wordFrom = 0;
  let tokenFrom = 0;
  let charFrom = 0;
  for (let d = 0; d < sentences; d++) {
    const text = job.texts[d]!;
    extractor.emit(text, entityNamesOf(text, job), sink);
    wordEnd[d] = words.length;
    tokenEnd[d] = tokens.length;
    sentenceCharEnd[d] = sentenceChars.length;
    frequency.startDocument();
    frequency.countColumns(words.data, wordFrom, words.length);
    for (let k = tokenFrom; k < tokens.length; k++) {
      const t = tokens.data[k]!;
      frequency.countColumns(tokenColumns.data, charStart.data[t]!, charEnd.data[t]!);
    }
    frequency.countColumns(sentenceChars.data, charFrom, sentenceChars.length);
    wordFrom = words.length;
    tokenFrom = tokens.length;
    charFrom = sentenceChars.length;
  }
  occurrences += words.length + sentenceChars.length;
  return {
    frequency,
    words,
    tokens,
    wordEnd,
    tokenEnd,
    sentenceChars,
    sentenceCharEnd,
    tokenColumns,
    charStart,
    charEnd,
    occurrences,
  };
}

/**
 * The share's sentences as rows of sublinear TF-IDF weights over the vocabulary (`remap`: the share's
 * columns to the vocabulary's, -1 for dropped features), each block L2-normalised and weighted, then the
 * row L2-normalised: the weights `vectorize` gives. Columns within a row are in order of first occurrence. The share's
 * columns are renumbered in place: a share is weighed once.
 */
export function weighRows(
  share: FeaturizedShare,
  remap: Int32Array,
  idf: Float32Array,
  charWeight: number,
  out: WeightedRows = allocateRows(share, false),
): WeightedRows {
  const { words, tokens, wordEnd, tokenEnd, sentenceChars, sentenceCharEnd, tokenColumns, charStart, charEnd } = share;
  const rows = wordEnd.length;
  // The share's columns renumbered in place (the share is spent here): each distinct token's once, not at every
  // occurrence (SNIPS's 1.6 million character n-gram occurrences come from 0.2 million columns of distinct tokens).
  for (const buffer of [words, sentenceChars, tokenColumns]) {
    const columns = buffer.data;
    for (let i = 0; i < buffer.length; i++) columns[i] = remap[columns[i]!]!;
  }
  const { rowStart, value, qd } = out;
  const weigher = new BlockWeigher(idf, out.columnIndex, value);
  let wordFrom = 0;
  let tokenFrom = 0;
  let charFrom = 0;
  for (let d = 0; d < rows; d++) {
    rowStart[d] = weigher.end;
    weigher.start();
    weigher.add(words.data, wordFrom, wordEnd[d]!);
    const wordNorm = weigher.finish();
    const wordsEnd = weigher.end;
    // The character block: each token occurrence's n-grams in sentence order, as one list of them would be.
    weigher.start();
    for (let k = tokenFrom; k < tokenEnd[d]!; k++) {
      const t = tokens.data[k]!;
      weigher.add(tokenColumns.data, charStart.data[t]!, charEnd.data[t]!);
    }
    weigher.add(sentenceChars.data, charFrom, sentenceCharEnd[d]!);
    const charNorm = weigher.finish();
    normaliseRow(value, rowStart[d]!, wordsEnd, weigher.end, wordNorm, charNorm, charWeight);
    if (qd) qd[d] = squaredNormWithBias(value, rowStart[d]!, weigher.end);
    wordFrom = wordEnd[d]!;
    tokenFrom = tokenEnd[d]!;
    charFrom = sentenceCharEnd[d]!;
  }
  rowStart[rows] = weigher.end;
  return out;
}

/** Room for the share's rows (at most one entry per feature occurrence), in shared memory for the workers. */
function allocateRows(share: FeaturizedShare, shared: boolean): WeightedRows {
  const buffer = (bytes: number) => (shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
  const entries = Math.max(1, share.occurrences);
  return {
    rowStart: new Int32Array(buffer(4 * (share.wordEnd.length + 1))),
    columnIndex: new Int32Array(buffer(4 * entries)),
    value: new Float32Array(buffer(4 * entries)),
  };
}

/** The vocabulary of the features seen in at least `minDf` sentences, and the map from counting columns to it. */
export function vocabularyWithRemap(
  frequency: FeatureCounts,
  minDf: number,
): { vocabulary: Vocabulary; remap: Int32Array } {
  const order = columnOrder(frequency, minDf);
  const vocabulary = vocabularyOf(frequency, minDf, order);
  const remap = new Int32Array(frequency.size).fill(-1);
  for (let kept = 0; kept < order.length; kept++) remap[order[kept]!] = kept;
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
  const rows = share.wordEnd.length;
  const { charWeight } = job.features;
  if (classes !== undefined && share.wasm) {
    // The solver's arrays after the share's, in its memory, and the rows weighed there in WebAssembly.
    const host = { memory: share.wasm.memory, base: share.wasm.top, after: share.wasm.weighingRoom(vocabulary) };
    const memory = new SolverMemory(vocabulary.size, classes, rows, share.occurrences, host);
    if (memory.kernel) {
      share.wasm.weigh(memory, remap, vocabulary.idf, charWeight);
      const { rowStart, columnIndex, value } = memory;
      return { vocabulary, matrix: { rows, columns: vocabulary.size, rowStart, columnIndex, value }, memory };
    }
  }
  const memory =
    classes === undefined ? undefined : new SolverMemory(vocabulary.size, classes, rows, share.occurrences);
  const out = memory ?? allocateRows(share, true);
  const weighted = weighRows(share, remap, vocabulary.idf, charWeight, out);
  return { vocabulary, matrix: { rows, columns: vocabulary.size, ...weighted }, memory };
}

/**
 * Sublinear TF-IDF weights of one block of a row, repeats merged by a stamp per column (no sorting): start(), the
 * block's columns in one or more add() calls, then finish().
 */
class BlockWeigher {
  end = 0;
  block = 0;
  first = 0;
  readonly stamp: Int32Array;
  /** Where the column's entry of the current block sits in the output. */
  readonly slot: Int32Array;
  readonly idf: Float32Array;
  readonly columnIndex: Int32Array;
  readonly value: Float32Array;

  constructor(idf: Float32Array, columnIndex: Int32Array, value: Float32Array) {
    this.stamp = new Int32Array(idf.length).fill(0); // written before read: a fresh page read first faults twice
    this.slot = new Int32Array(idf.length);
    this.idf = idf;
    this.columnIndex = columnIndex;
    this.value = value;
  }

  start(): void {
    this.block++;
    this.first = this.end;
  }

  /** Counts the block's columns columns[from..to), numbered as the vocabulary numbers them (-1: dropped). */
  add(columns: Int32Array, from: number, to: number): void {
    const { block, stamp, slot, columnIndex, value } = this;
    let end = this.end;
    for (let i = from; i < to; i++) {
      const column = columns[i]!;
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
    this.end = end;
  }

  /** Turns the block's counts into weights; returns its squared norm. */
  finish(): number {
    const { columnIndex, value, idf } = this;
    let norm = 0;
    for (let k = this.first; k < this.end; k++) {
      const weight = sublinearTf(value[k]!) * idf[columnIndex[k]!]!;
      value[k] = weight;
      norm += weight * weight;
    }
    return norm;
  }
}
