import { SEED_BIGRAM, SEED_CHAR, SEED_ENTITY, SEED_WORD, hashString, nonZero, stepHash } from './feature-hashing.ts';
import type { LanguageDefinition } from './languages/language-definition.ts';
import { normalizedWords } from './normalize.ts';

/** Which features describe a sentence; stored in the model so classification uses the same ones. */
export interface FeatureSettings {
  /** Word n-grams up to this length (1 to 3), over stems. */
  wordNgrams: number;
  /** Also the unstemmed word as a feature. */
  rawWords: boolean;
  /** Character n-grams inside word boundaries, from charMin to charMax characters (0 turns them off). */
  charMin: number;
  charMax: number;
  /** Weight of the character block relative to the word block (each block is L2-normalised first). */
  charWeight: number;
  /** Character n-grams over the whole sentence (spanning word boundaries) instead of inside each word. */
  crossWordChars: boolean;
  /** Tokens with digits also give their shape ("7pm" -> "0pm"), so unseen numbers still look like numbers. */
  digitShapes: boolean;
  /** A feature for "the sentence is negated" (on when the project has "[NEG]" intents). */
  negation: boolean;
}

export const DEFAULT_FEATURES: FeatureSettings = {
  wordNgrams: 2,
  rawWords: true,
  charMin: 2,
  charMax: 4,
  charWeight: 1,
  crossWordChars: false,
  digitShapes: false,
  negation: false,
};

/** Feature hashes of one sentence in two blocks (words and characters); repeats count as term frequency. */
export interface FeatureHashes {
  word: number[];
  char: number[];
}

/** What one distinct token contributes, worked out once per token (sentences repeat their words). */
export interface TokenFeatures {
  stem: string;
  /** Its word-block features: the stem, the unstemmed word when it differs, the digit shape. */
  words: Uint32Array;
  /** Its character n-grams (empty when they span words or are off). */
  chars: Uint32Array;
  /** FNV state after "<stem> " from the bigram seed: a bigram's hash continues from it with the next stem. */
  bigramPrefix: number;
  /**
   * Scratch for one receiver at a time (training numbers the distinct tokens of its sentences here rather
   * than in a map keyed by token): the receiver's mark and the number it gave the token.
   */
  mark: number;
  index: number;
}

/**
 * Receives a sentence's features. Within a block only which features occur and how often matters, so a
 * receiver may take a token's features as a unit (training maps each distinct token to columns once).
 */
export interface FeatureSink {
  /** One occurrence of a token: its `words` go to the word block, its `chars` to the character block. */
  token(features: TokenFeatures): void;
  word(hash: number): void;
  char(hash: number): void;
}

const MAX_CACHED_TOKENS = 200_000;
const tokenCaches = new Map<string, Map<string, TokenFeatures>>();
/** The entity names of a sentence that has none (shared, so callers allocate nothing). */
export const NO_ENTITIES: readonly string[] = [];

/** FNV-1a over `text` from `state`, without the final non-zero fix (hashString(a + b) = nonZero(fold(fold(seed, a), b))). */
function foldString(state: number, text: string): number {
  let hash = state;
  for (let i = 0; i < text.length; i++) hash = stepHash(hash, text.charCodeAt(i));
  return hash;
}

/** FNV state after "<s> " from the bigram seed: the first word's bigram continues from it. */
export const SENTENCE_START_PREFIX = foldString(SEED_BIGRAM, '<s> ');

/** Turns sentences of one language into features with fixed settings; tokens are cached across sentences. */
export class FeatureExtractor {
  readonly language: LanguageDefinition;
  readonly settings: FeatureSettings;
  private readonly tokens: Map<string, TokenFeatures>;

  constructor(language: LanguageDefinition, settings: FeatureSettings) {
    this.language = language;
    this.settings = settings;
    const key = `${language.code}|${settings.rawWords}|${settings.digitShapes}|${settings.crossWordChars}|${settings.charMin}|${settings.charMax}`;
    let tokens = tokenCaches.get(key);
    if (!tokens) {
      tokens = new Map();
      tokenCaches.set(key, tokens);
    }
    this.tokens = tokens;
  }

  /** Sends a sentence's features to `sink`: tokens (stems, words, characters), word n-grams, negation, entities. */
  emit(text: string, entityNames: readonly string[], sink: FeatureSink): void {
    const { language, settings } = this;
    const words = normalizedWords(text, language.code);
    let previous = '<s>';
    let previousPrefix = SENTENCE_START_PREFIX;
    let beforePrevious = '';
    for (let w = 0; w < words.length; w++) {
      const features = this.token(words[w]!);
      sink.token(features);
      const stem = features.stem;
      if (settings.wordNgrams >= 2) sink.word(nonZero(foldString(previousPrefix, stem)));
      if (settings.wordNgrams >= 3 && beforePrevious)
        sink.word(hashString(`${beforePrevious} ${previous} ${stem}`, SEED_BIGRAM));
      beforePrevious = previous;
      previous = stem;
      previousPrefix = features.bigramPrefix;
    }
    if (settings.charMax > 0 && settings.crossWordChars) {
      for (const hash of charNgrams(words.join(' '), settings.charMin, settings.charMax)) sink.char(hash);
    }
    if (settings.wordNgrams >= 2 && words.length > 0) sink.word(nonZero(foldString(previousPrefix, '</s>')));
    if (settings.negation && language.negation.isNegated(text)) sink.word(hashString('negated', SEED_ENTITY));
    for (const name of entityNames) sink.word(hashString(name.toLowerCase(), SEED_ENTITY));
  }

  /** A sentence's feature hashes in two blocks (classification; training goes straight to columns). */
  hashes(text: string, entityNames: readonly string[] = NO_ENTITIES): FeatureHashes {
    const word: number[] = [];
    const char: number[] = [];
    this.emit(text, entityNames, {
      token(features) {
        for (let i = 0; i < features.words.length; i++) word.push(features.words[i]!);
        for (let i = 0; i < features.chars.length; i++) char.push(features.chars[i]!);
      },
      word: (hash) => word.push(hash),
      char: (hash) => char.push(hash),
    });
    return { word, char };
  }

  /** What one distinct token contributes (cached across sentences and trainings). */
  private token(token: string): TokenFeatures {
    let features = this.tokens.get(token);
    if (features) return features;
    const { language, settings } = this;
    const stem = language.stem(token);
    const raw = settings.rawWords && stem !== token;
    const shape = settings.digitShapes && /\d/.test(token);
    const words = hashSlots(1 + (raw ? 1 : 0) + (shape ? 1 : 0));
    words[0] = hashString(stem, SEED_WORD);
    // Hashes of "=token" and "#shape" folded on from their prefix, without building the strings.
    if (raw) words[1] = nonZero(foldString(RAW_WORD_PREFIX, token));
    if (shape) words[words.length - 1] = hashString(`#${token.replace(/\d/g, '0')}`, SEED_WORD);
    const chars =
      settings.charMax > 0 && !settings.crossWordChars
        ? charNgrams(token, settings.charMin, settings.charMax)
        : NO_HASHES;
    features = { stem, words, chars, bigramPrefix: stepHash(foldString(SEED_BIGRAM, stem), 32), mark: 0, index: 0 };
    if (this.tokens.size >= MAX_CACHED_TOKENS) this.tokens.clear();
    this.tokens.set(token, features);
    return features;
  }
}

const NO_HASHES = new Uint32Array(0);
/**
 * The tokens' hash arrays are cut from shared slabs: a typed array of its own past 64 bytes (most words' character
 * n-grams) gets a buffer outside the heap, allocated and tracked one by one for each of a project's distinct words.
 */
const SLAB_SIZE = 1 << 16;
let slab = new Uint32Array(SLAB_SIZE);
let slabUsed = 0;
function hashSlots(count: number): Uint32Array {
  if (count > SLAB_SIZE >> 4) return new Uint32Array(count);
  if (slabUsed + count > SLAB_SIZE) {
    slab = new Uint32Array(SLAB_SIZE);
    slabUsed = 0;
  }
  const slots = slab.subarray(slabUsed, slabUsed + count);
  slabUsed += count;
  return slots;
}
/** FNV state after "=" from the word seed: the word as written is a feature of its own. */
export const RAW_WORD_PREFIX = stepHash(SEED_WORD, 61);
/**
 * Character n-grams of " text " (padded so word starts and ends are features), hashed incrementally, in a
 * typed array of their exact number: " text " has n + 2 characters, so n + 3 - length n-grams of each length.
 */
function charNgrams(text: string, min: number, max: number): Uint32Array {
  const padded = text.length + 2;
  let count = 0;
  for (let length = min; length <= max; length++) if (padded >= length) count += padded - length + 1;
  const out = hashSlots(count);
  let at = 0;
  for (let start = 0; start < padded; start++) {
    let hash = SEED_CHAR;
    const end = Math.min(padded, start + max);
    for (let i = start; i < end; i++) {
      hash = stepHash(hash, i === 0 || i === padded - 1 ? 32 : text.charCodeAt(i - 1));
      if (i - start + 1 >= min) out[at++] = nonZero(hash);
    }
  }
  return out;
}
