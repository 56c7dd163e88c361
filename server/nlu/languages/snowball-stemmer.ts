import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const snowball = require('snowball-stemmers') as {
  newStemmer(algorithm: string): { stem(word: string): string };
  algorithms(): string[];
};

/** A memoised Snowball stemmer: the same words recur constantly in training data. */
export function snowballStemmer(algorithm: string): (token: string) => string {
  const stemmer = snowball.newStemmer(algorithm);
  const cache = new Map<string, string>();
  return (token: string) => {
    let stem = cache.get(token);
    if (stem === undefined) {
      // Numbers and very short tokens are left alone; the stemmer would only damage them.
      stem = token.length <= 2 || /\d/.test(token) ? token : stemmer.stem(token);
      if (cache.size > 200_000) cache.clear();
      cache.set(token, stem);
    }
    return stem;
  };
}
