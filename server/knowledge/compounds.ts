import type { KnowledgeAnalyzer } from './language.ts';
import type { Vocabulary } from './vocabulary.ts';

/** Words shorter than this are not split; each part keeps at least MIN_PART letters. */
const MIN_COMPOUND = 8;
const MIN_PART = 4;

/**
 * A question word the index never saw, read as a compound of two words it does know ("wikingersiedl" →
 * "wiking" + "siedl"): German, Dutch and the Nordic languages write as one word what a passage may say in
 * several ("Siedler der Wikinger"). The longest known head wins; a linking "s" is dropped ("bevolkerungs").
 * The tail is already a stem (the whole word was stemmed); the head is stemmed as a word of its own.
 */
export function compoundParts(
  term: string,
  vocabulary: Vocabulary,
  analyzer: KnowledgeAnalyzer,
): [string, string] | undefined {
  if (term.length < MIN_COMPOUND || vocabulary.frequency(term) > 0) return undefined;
  for (let split = term.length - MIN_PART; split >= MIN_PART; split--) {
    const tail = term.slice(split);
    if (vocabulary.frequency(tail) === 0) continue;
    const head = term.slice(0, split);
    const candidates = [head, analyzer.term(head), head.endsWith('s') ? head.slice(0, -1) : undefined];
    const known = candidates.find((c) => c !== undefined && c.length >= MIN_PART && vocabulary.frequency(c) > 0);
    if (known) return [known, tail];
  }
  return undefined;
}
