import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const snowball = require('snowball-stemmers') as {
  newStemmer(algorithm: string): { stem(word: string): string };
  algorithms(): string[];
};

/**
 * Whether the token has an ASCII digit (what /\d/ without the u flag matches), in a loop: the regular expression
 * ran once per distinct word of a training, in a fresh process mostly before V8 compiled it to machine code.
 */
function hasDigit(token: string): boolean {
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c >= 48 && c <= 57) return true;
  }
  return false;
}

/** A memoised stemmer: the same words recur constantly in training data. */
export function memoisedStemmer(stem: (word: string) => string): (token: string) => string {
  const cache = new Map<string, string>();
  return (token: string) => {
    let stemmed = cache.get(token);
    if (stemmed === undefined) {
      // Numbers and very short tokens are left alone; the stemmer would only damage them.
      stemmed = token.length <= 2 || hasDigit(token) ? token : stem(token);
      if (cache.size > 200_000) cache.clear();
      cache.set(token, stemmed);
    }
    return stemmed;
  };
}

/** A Snowball stemmer from snowball-stemmers (every Snowball language; a Java port, ~25 µs a word). */
export function snowballStemmer(algorithm: string): (token: string) => string {
  const stemmer = snowball.newStemmer(algorithm);
  return memoisedStemmer((word) => stemmer.stem(word));
}
