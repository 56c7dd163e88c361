import type { FeatureCounts } from './document-frequency.ts';
import type { IntBuffer } from './int-buffer.ts';
import type { SolverMemory } from './solver-memory.ts';
import type { Vocabulary } from './tfidf.ts';

/**
 * Sentences turned into feature columns of their own document-frequency table: what one thread keeps of
 * its share of the training sentences until the vocabulary is known. A sentence's character n-grams (most of its
 * features) are kept as the numbers of its tokens, whose columns are listed once per distinct token: a flat list
 * of every occurrence's columns was 7 MB of fresh memory on SNIPS, each page of it a page fault.
 */
export interface FeaturizedShare {
  frequency: FeatureCounts;
  /** Every sentence's word columns (stems, words, word n-grams, negation, entities), sentence after sentence. */
  words: IntBuffer;
  /** Every sentence's tokens, in order, repeats included (term frequency), as numbers into the token tables. */
  tokens: IntBuffer;
  /** Per sentence, where its words and its tokens end in `words` and `tokens`. */
  wordEnd: Int32Array;
  tokenEnd: Int32Array;
  /** Character n-grams across words (the crossWordChars setting), per sentence, after its tokens' (none then). */
  sentenceChars: IntBuffer;
  sentenceCharEnd: Int32Array;
  /** Per token number, its character columns: tokenColumns[charStart[t]..charEnd[t]). */
  tokenColumns: IntBuffer;
  charStart: IntBuffer;
  charEnd: IntBuffer;
  /** Feature occurrences in all: at least the number of non-zeros of the rows (room to weigh them into). */
  occurrences: number;
  /**
   * Featurised in WebAssembly (wasm-featurizer.ts): the memory the share lives in, from which byte on it is free, and
   * the weighing done there, into a solver memory laid out in it from that byte. The views above stop working once
   * the memory grows (the solver's arrays are added to it): weigh reads the share by its addresses.
   */
  wasm?: {
    memory: WebAssembly.Memory;
    top: number;
    /** The bytes weigh needs after the solver's arrays. */
    weighingRoom(vocabulary: Vocabulary): number;
    weigh(out: SolverMemory, remap: Int32Array, idf: Float32Array, charWeight: number): void;
  };
}
