import type { Intent } from '../../api/contract/intents.ts';

/** Lower case without diacritics: 'Žluťoučký' and 'zlutoucky' match (spec 2 §2). */
export const foldText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

// Folded texts per intent object: the list is immutable, so an unchanged intent is folded once per session.
const folded = new WeakMap<Intent, string>();

/** Name and templates folded into one text; '\n' never occurs in a folded query, so matches stay inside one line. */
export function foldedIntent(intent: Intent): string {
  let text = folded.get(intent);
  if (text === undefined) {
    text = [intent.name, ...intent.templates].map(foldText).join('\n');
    folded.set(intent, text);
  }
  return text;
}

export const matchesQuery = (intent: Intent, foldedQuery: string): boolean =>
  foldedQuery === '' || foldedIntent(intent).includes(foldedQuery);

export const templateMatches = (template: string, foldedQuery: string): boolean =>
  foldedQuery === '' || foldText(template).includes(foldedQuery);
