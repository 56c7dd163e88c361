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

export function featureHashes(
  text: string,
  language: LanguageDefinition,
  settings: FeatureSettings,
  entityNames: readonly string[] = [],
): FeatureHashes {
  const words = normalizedWords(text, language.code);
  const word: number[] = [];
  const char: number[] = [];
  let previous = '<s>';
  let beforePrevious = '';
  for (const token of words) {
    const stem = language.stem(token);
    word.push(hashString(stem, SEED_WORD));
    if (settings.rawWords && stem !== token) word.push(hashString(`=${token}`, SEED_WORD));
    if (settings.wordNgrams >= 2) word.push(hashString(`${previous} ${stem}`, SEED_BIGRAM));
    if (settings.wordNgrams >= 3 && beforePrevious)
      word.push(hashString(`${beforePrevious} ${previous} ${stem}`, SEED_BIGRAM));
    beforePrevious = previous;
    previous = stem;
    if (settings.digitShapes && /\d/.test(token)) word.push(hashString(`#${token.replace(/\d/g, '0')}`, SEED_WORD));
    if (settings.charMax > 0 && !settings.crossWordChars) charNgrams(token, settings.charMin, settings.charMax, char);
  }
  if (settings.charMax > 0 && settings.crossWordChars)
    charNgrams(words.join(' '), settings.charMin, settings.charMax, char);
  if (settings.wordNgrams >= 2 && words.length > 0) word.push(hashString(`${previous} </s>`, SEED_BIGRAM));
  if (settings.negation && language.negation.isNegated(text)) word.push(hashString('negated', SEED_ENTITY));
  for (const name of entityNames) word.push(hashString(name.toLowerCase(), SEED_ENTITY));
  return { word, char };
}

/** Character n-grams of " token " (padded so word starts and ends are features), hashed incrementally. */
function charNgrams(token: string, min: number, max: number, out: number[]): void {
  const padded = ` ${token} `;
  const length = padded.length;
  for (let start = 0; start < length; start++) {
    let hash = SEED_CHAR;
    const end = Math.min(length, start + max);
    for (let i = start; i < end; i++) {
      hash = stepHash(hash, padded.charCodeAt(i));
      if (i - start + 1 >= min) out.push(nonZero(hash));
    }
  }
}
