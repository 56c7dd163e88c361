/** Small helpers shared by the negation rules: keep the writer's capitalisation when words move. */

export function isCapitalized(word: string): boolean {
  const first = word.charAt(0);
  return first !== first.toLowerCase() && first === first.toUpperCase();
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function decapitalize(word: string): string {
  // "I" stays upper-case in English; all-caps words (acronyms) stay as they are.
  if (word === 'I' || word.startsWith("I'") || (word.length > 1 && word === word.toUpperCase())) return word;
  return word.charAt(0).toLowerCase() + word.slice(1);
}

/** Same case pattern as `model` (lower, Capitalised or UPPER). */
export function matchCase(word: string, model: string): string {
  if (model.length > 1 && model === model.toUpperCase() && model !== model.toLowerCase()) return word.toUpperCase();
  if (isCapitalized(model)) return capitalize(word);
  return word;
}

export function replaceRange(text: string, start: number, end: number, replacement: string): string {
  return text.slice(0, start) + replacement + text.slice(end);
}
