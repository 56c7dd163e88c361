import type { Intent } from '../../api/contract/intents.ts';

/** Lower case without diacritics: 'Žluťoučký' and 'zlutoucky' match (spec 2 §2). */
export const foldText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

interface FoldedIntent {
  /** Name and templates in one text; '\n' never occurs in a folded query, so a match stays inside one line. */
  all: string;
  name: string;
  templates: string[];
}

// Folded texts per intent object: the list is immutable, so an unchanged intent is folded once per session
// and a keystroke costs only substring searches (issue 6: 50 ms per keystroke with 40,000 templates).
const folded = new WeakMap<Intent, FoldedIntent>();

export function foldedIntent(intent: Intent): FoldedIntent {
  let entry = folded.get(intent);
  if (entry === undefined) {
    const name = foldText(intent.name);
    const templates = intent.templates.map(foldText);
    entry = { all: [name, ...templates].join('\n'), name, templates };
    folded.set(intent, entry);
  }
  return entry;
}

export const matchesQuery = (intent: Intent, foldedQuery: string): boolean =>
  foldedQuery === '' || foldedIntent(intent).all.includes(foldedQuery);

export const nameMatchesQuery = (intent: Intent, foldedQuery: string): boolean =>
  foldedQuery === '' || foldedIntent(intent).name.includes(foldedQuery);

/** Whether the intent's template at `index` matches. */
export const templateMatches = (intent: Intent, index: number, foldedQuery: string): boolean =>
  foldedQuery === '' || (foldedIntent(intent).templates[index] ?? '').includes(foldedQuery);

// The last search: typing extends the query, so the next keystroke only rescans what matched before.
let last: { intents: Intent[]; query: string; matched: Intent[] } | null = null;

/** Intents whose name or a template contains the folded query, in list order. */
export function matchingIntents(intents: Intent[], foldedQuery: string): Intent[] {
  if (foldedQuery === '') return intents;
  const pool = last && last.intents === intents && foldedQuery.startsWith(last.query) ? last.matched : intents;
  const matched = pool.filter((intent) => foldedIntent(intent).all.includes(foldedQuery));
  last = { intents, query: foldedQuery, matched };
  return matched;
}

/** Folds every intent ahead of the first keystroke (after loading). */
export function prepareSearch(intents: Intent[]): void {
  for (const intent of intents) foldedIntent(intent);
}
