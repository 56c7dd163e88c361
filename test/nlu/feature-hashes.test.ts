import { describe, expect, it } from 'vitest';
import { SEED_BIGRAM, SEED_CHAR, SEED_WORD, hashString } from '../../server/nlu/feature-hashing.ts';
import { DEFAULT_FEATURES, FeatureExtractor } from '../../server/nlu/features.ts';
import type { FeatureSettings } from '../../server/nlu/features.ts';
import { getLanguage } from '../../server/nlu/languages/registry.ts';
import { normalizedWords } from '../../server/nlu/normalize.ts';

/**
 * The features of a sentence written out as the texts they are named after (the definition a stored model's
 * hashes rely on): the extractor's incremental hashing must give exactly these, or models trained before a
 * change would no longer find their features.
 */
function referenceHashes(text: string, settings: FeatureSettings) {
  const language = getLanguage('en');
  const words = normalizedWords(text, 'en');
  const word: number[] = [];
  const char: number[] = [];
  const ngrams = (padded: string) => {
    for (let start = 0; start < padded.length; start++)
      for (let length = settings.charMin; length <= settings.charMax && start + length <= padded.length; length++)
        char.push(hashString(padded.slice(start, start + length), SEED_CHAR));
  };
  const stems = words.map((w) => language.stem(w));
  words.forEach((token, i) => {
    word.push(hashString(stems[i]!, SEED_WORD));
    if (settings.rawWords && stems[i] !== token) word.push(hashString(`=${token}`, SEED_WORD));
    if (!settings.crossWordChars) ngrams(` ${token} `);
  });
  if (settings.crossWordChars) ngrams(` ${words.join(' ')} `);
  if (settings.wordNgrams >= 2) {
    const padded = ['<s>', ...stems, '</s>'];
    for (let i = 1; i < padded.length; i++) word.push(hashString(`${padded[i - 1]} ${padded[i]}`, SEED_BIGRAM));
  }
  return { word: word.sort(), char: char.sort() };
}

describe('feature hashes', () => {
  const sentences = ["Don't play the Jigs & Reels playlist", 'book a table for 2 at 7pm', 'a', 'Where is it?'];
  const settings: FeatureSettings[] = [
    DEFAULT_FEATURES,
    { ...DEFAULT_FEATURES, rawWords: false, charMin: 3, charMax: 5 },
    { ...DEFAULT_FEATURES, crossWordChars: true, charMin: 1, charMax: 3 },
  ];
  for (const [s, features] of settings.entries()) {
    it(`are the hashes of the features' texts (settings ${s})`, () => {
      const extractor = new FeatureExtractor(getLanguage('en'), features);
      for (const sentence of sentences) {
        // Twice: the second time the tokens come from the extractor's cache.
        for (let pass = 0; pass < 2; pass++) {
          const { word, char } = extractor.hashes(sentence);
          expect({ word: [...word].sort(), char: [...char].sort() }).toEqual(referenceHashes(sentence, features));
        }
      }
    });
  }
});
