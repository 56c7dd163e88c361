import { createRequire } from 'node:module';
import { foldDiacritics } from '../normalize.ts';

const require = createRequire(import.meta.url);
const lists = require('stopwords-iso') as Record<string, string[]>;

/** Stop words from stopwords-iso for a language, with and without diacritics. */
export function stopwordSet(code: string, extra: readonly string[] = []): ReadonlySet<string> {
  const words = new Set<string>();
  for (const word of [...(lists[code] ?? []), ...extra]) {
    const lower = word.normalize('NFKC').toLocaleLowerCase(code);
    words.add(lower);
    words.add(foldDiacritics(lower));
  }
  return words;
}
