import { FEATURIZE_WASM } from './featurize-wasm.ts';
import { SEED_BIGRAM, SEED_CHAR, SEED_ENTITY, SEED_WORD, hashString } from './feature-hashing.ts';
import { entityNamesOf } from './featurize-job.ts';
import type { FeaturizeJob } from './featurize-job.ts';
import { RAW_WORD_PREFIX, SENTENCE_START_PREFIX } from './features.ts';
import { IntBuffer } from './int-buffer.ts';
import { getLanguage } from './languages/registry.ts';
import { ASCII_CLASS, normalizedWordRanges, usesPlainWords } from './normalize.ts';
import type { SolverMemory } from './solver-memory.ts';
import { sublinearTf } from './tfidf.ts';
import type { FeaturizedShare } from './featurized-share.ts';

/** featurize.wat's exports. */
interface FeaturizeExports {
  setup(...addresses: number[]): void;
  sentence(count: number, extras: number): number;
  plainWords(length: number): number;
  settings(...values: number[]): void;
  weigh(
    remap: number,
    idf: number,
    marks: number,
    tf: number,
    tfSize: number,
    charWeight: number,
    rowStart: number,
    columnIndex: number,
    value: number,
    qd: number,
  ): void;
  top(): number;
  tokenCount(): number;
  tokenColumnCount(): number;
  wordCount(): number;
  occurrenceCount(): number;
  columnCount(): number;
  charOccurrences(): number;
  tokCharStart(): number;
  tokCharEnd(): number;
  dfHash(): number;
  dfCount(): number;
}

let compiled: WebAssembly.Module | undefined;
const utf16 = new TextDecoder('utf-16le');

/** A byte address rounded up to 8. */
const aligned = (bytes: number) => (bytes + 7) & ~7;
/** The power of two at least `n` (and at least `least`). */
function powerOfTwo(n: number, least: number): number {
  let size = least;
  while (size < n) size *= 2;
  return size;
}

/**
 * featurizeShare's work in WebAssembly (featurize.wat): the same share, column for column, as the JavaScript path
 * gives, and its rows weighed there later (`wasm.weigh`). JavaScript still finds the entities and the negation, splits
 * the sentences that are not printable ASCII (normalize.ts: folding, Intl.Segmenter) and stems each distinct token
 * once; the words of the rest, the tokens' feature hashes, the lookups, the columns and the document frequencies are
 * compiled code from the first sentence. Undefined for settings it does not cover (word trigrams, character n-grams
 * across words or shorter than one character) and when a sentence outgrows the room made from the texts' lengths:
 * the caller featurises in JavaScript then.
 */
export function featurizeInWasm(job: FeaturizeJob): FeaturizedShare | undefined {
  const { features, texts } = job;
  const chars = features.charMax > 0;
  if (features.wordNgrams > 2 || (chars && (features.crossWordChars || features.charMin < 1))) return undefined;
  const sentences = texts.length;
  let textChars = 0;
  let longest = 0;
  for (const text of texts) {
    textChars += text.length;
    if (text.length > longest) longest = text.length;
  }
  // Room from the texts' lengths (normalisation rarely lengthens a sentence; one that outgrows it ends this path).
  const charBudget = textChars + 8 * sentences + 64;
  const sentenceCap = 2 * longest + 64;
  const grams = chars ? features.charMax - features.charMin + 1 : 0;
  const tokenCap = ((charBudget + sentences) >> 1) + 1;
  const stemCap = 2 * charBudget;
  const tokenColumnCap = 3 * tokenCap + grams * (charBudget + 3 * tokenCap);
  const extraCap = 1 + 4 * job.entities.length + 16;
  const wordCap = 4 * tokenCap + sentences * (2 + job.entities.length) + 64;
  const stemScratchCap = 2 * sentenceCap + 16;
  // The layout: fixed arrays, then the two hash tables and the features' arrays (featurize.wat moves those up).
  let top = 8;
  const place = (bytes: number) => {
    const at = top;
    top = aligned(top + bytes);
    return at;
  };
  const text = place(2 * sentenceCap);
  const ranges = place(4 * (sentenceCap + 2));
  const extra = place(4 * extraCap);
  const scratch = place(16);
  const asciiClass = place(ASCII_CLASS.length);
  const scratchStem = place(2 * stemScratchCap);
  const tokens0 = place(9 * 4 * tokenCap);
  const tokChars = place(2 * charBudget);
  const stems = place(2 * stemCap);
  const tokenColumns = place(4 * tokenColumnCap);
  const words = place(4 * wordCap);
  const tokens = place(4 * tokenCap);
  const wordEnd = place(4 * sentences);
  const tokenEnd = place(4 * sentences);
  const tokSlots = powerOfTwo(2 * sentences, 1 << 12);
  const dfSlots = powerOfTwo(16 * sentences, 1 << 16);
  const tablesBytes = 4 * tokSlots + 8 * dfSlots + 3 * 2 * dfSlots;
  const memory = new WebAssembly.Memory({ initial: Math.ceil((top + tablesBytes) / 65_536) + 1 });
  compiled ??= new WebAssembly.Module(Buffer.from(FEATURIZE_WASM, 'base64'));

  // Views of the memory, made again when it has grown.
  let buffer = memory.buffer;
  let i32 = new Int32Array(buffer);
  let u16 = new Uint16Array(buffer);
  let bytes = Buffer.from(buffer);
  const current = () => {
    if (memory.buffer !== buffer) {
      buffer = memory.buffer;
      i32 = new Int32Array(buffer);
      u16 = new Uint16Array(buffer);
      bytes = Buffer.from(buffer);
    }
  };
  const language = getLanguage(job.language);
  const plainLocale = usesPlainWords(language.code);
  // The sentence's text when JavaScript split it; undefined when featurize.wat did (its words are in the memory then).
  let sentenceText: string | undefined;
  const newToken = (start: number, end: number) => {
    current();
    const word =
      sentenceText === undefined
        ? utf16.decode(u16.subarray((text >> 1) + start, (text >> 1) + end))
        : sentenceText.slice(start, end);
    const stem = language.stem(word);
    if (stem.length > stemScratchCap) {
      i32[scratch >> 2] = -1;
      return;
    }
    i32[scratch >> 2] = stem.length;
    const stemAt = scratchStem >> 1;
    for (let i = 0; i < stem.length; i++) u16[stemAt + i] = stem.charCodeAt(i);
  };
  const exports = new WebAssembly.Instance(compiled, { m: { memory }, js: { newToken, log: Math.log } })
    .exports as unknown as FeaturizeExports;
  exports.setup(
    text,
    ranges,
    extra,
    scratch,
    scratchStem,
    tokens0,
    tokenCap,
    tokChars,
    charBudget,
    stems,
    stemCap,
    tokenColumns,
    tokenColumnCap,
    words,
    wordCap,
    tokens,
    tokenCap,
    wordEnd,
    tokenEnd,
    sentences,
    top,
    tokSlots,
    dfSlots,
    features.wordNgrams >= 2 ? 1 : 0,
    SENTENCE_START_PREFIX,
  );
  new Uint8Array(buffer, asciiClass, ASCII_CLASS.length).set(ASCII_CLASS);
  exports.settings(
    features.rawWords ? 1 : 0,
    features.digitShapes ? 1 : 0,
    features.charMin,
    features.charMax,
    SEED_WORD,
    SEED_CHAR,
    SEED_BIGRAM,
    RAW_WORD_PREFIX,
    asciiClass,
  );

  const negated = hashString('negated', SEED_ENTITY);
  const negation = features.negation ? language.negation : undefined;
  let written = 0;
  for (let d = 0; d < sentences; d++) {
    const original = texts[d]!;
    // Negation and entities follow the words, as FeatureExtractor.emit sends them. Found first: finding them tokenises
    // too, and normalizedWordRanges' answer lasts only until the next tokenisation.
    const names = entityNamesOf(original, job);
    const extras = (negation?.isNegated(original) ? 1 : 0) + names.length;
    if (extras > extraCap) return undefined;
    current();
    let count = -1;
    if (plainLocale && original.length <= sentenceCap) {
      // featurize.wat splits a sentence of printable ASCII itself (written in as UTF-16, natively).
      bytes.write(original, text, 'utf16le');
      count = exports.plainWords(original.length);
      if (count >= 0) {
        sentenceText = undefined;
        written += original.length;
      }
    }
    if (count < 0) {
      const words = normalizedWordRanges(original, language.code);
      sentenceText = words.text;
      written += sentenceText.length;
      if (sentenceText.length > sentenceCap) return undefined;
      bytes.write(sentenceText, text, 'utf16le');
      const rangesAt = ranges >> 2;
      for (let i = 0; i < 2 * words.count; i++) i32[rangesAt + i] = words.ranges[i]!;
      count = words.count;
    }
    if (written > charBudget) return undefined;
    let e = extra >> 2;
    if (extras > names.length) i32[e++] = negated;
    for (const name of names) i32[e++] = hashString(name.toLowerCase(), SEED_ENTITY);
    if (exports.sentence(count, extras) < 0) return undefined;
  }

  current();
  const view = (at: number, length: number) => new Int32Array(buffer, at, length);
  const size = exports.columnCount();
  const hashes = new Uint32Array(buffer, exports.dfHash(), size);
  const counts = view(exports.dfCount(), size);
  const tokenCount = exports.tokenCount();
  const wordColumns = IntBuffer.over(view(words, exports.wordCount()));
  return {
    frequency: {
      hashes,
      counts,
      size,
      documents: sentences,
      export: () => ({ hashes: hashes.slice(), counts: counts.slice(), documents: sentences }),
    },
    words: wordColumns,
    tokens: IntBuffer.over(view(tokens, exports.occurrenceCount())),
    wordEnd: view(wordEnd, sentences),
    tokenEnd: view(tokenEnd, sentences),
    sentenceChars: new IntBuffer(16),
    sentenceCharEnd: new Int32Array(sentences),
    tokenColumns: IntBuffer.over(view(tokenColumns, exports.tokenColumnCount())),
    charStart: IntBuffer.over(view(exports.tokCharStart(), tokenCount)),
    charEnd: IntBuffer.over(view(exports.tokCharEnd(), tokenCount)),
    occurrences: exports.charOccurrences() + wordColumns.length,
    wasm: {
      memory,
      top: exports.top(),
      weighingRoom: (vocabulary) => weighingLayout(0, size, vocabulary.size).end + 64,
      weigh: (out, remap, idf, charWeight) => weigh(exports, memory, out, remap, idf, charWeight),
    },
  };
}

/** Term frequencies below this have their 1 + ln(count) in a table (the rest call Math.log). */
const TF_TABLE_SIZE = 256;
let tfTable: Float64Array | undefined;

/** Where weigh puts the vocabulary's remap and idf, the table of term frequencies and its marks, from byte `from`. */
function weighingLayout(from: number, columns: number, vocabulary: number) {
  const remapAt = aligned(from);
  const idfAt = aligned(remapAt + 4 * columns);
  const tfAt = aligned(idfAt + 4 * vocabulary);
  const marksAt = aligned(tfAt + 8 * TF_TABLE_SIZE);
  return { remapAt, idfAt, tfAt, marksAt, end: marksAt + 8 * vocabulary };
}

/**
 * featurize.wat's weigh: the share's rows written into `out`'s arrays (laid out in the share's memory), with the
 * vocabulary's `remap` and `idf` and the weighing's scratch put after them (the memory grows to hold them).
 */
function weigh(
  exports: FeaturizeExports,
  memory: WebAssembly.Memory,
  out: SolverMemory,
  remap: Int32Array,
  idf: Float32Array,
  charWeight: number,
): void {
  tfTable ??= Float64Array.from({ length: TF_TABLE_SIZE }, (_, n) => (n === 0 ? 0 : sublinearTf(n)));
  const { remapAt, idfAt, tfAt, marksAt, end } = weighingLayout(out.end, remap.length, idf.length);
  if (memory.buffer.byteLength < end) throw new Error('The solver memory has no room for the weighing');
  const buffer = memory.buffer;
  new Int32Array(buffer, remapAt, remap.length).set(remap);
  new Float32Array(buffer, idfAt, idf.length).set(idf);
  new Float64Array(buffer, tfAt, TF_TABLE_SIZE).set(tfTable);
  // Zeroed by a write: the marks are read before they are written, and a fresh page read first faults twice.
  new Int32Array(buffer, marksAt, 2 * idf.length).fill(0);
  const at = out.address;
  exports.weigh(remapAt, idfAt, marksAt, tfAt, TF_TABLE_SIZE, charWeight, at.rowStart, at.columnIndex, at.value, at.qd);
}
