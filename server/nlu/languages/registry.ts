import { czech } from './cs.ts';
import { english } from './en.ts';
import type { LanguageDefinition } from './language-definition.ts';

/** Every supported language; adding one is a file in this folder plus its line here. */
const languages = new Map<string, LanguageDefinition>([
  [english.code, english],
  [czech.code, czech],
]);

export const DEFAULT_LANGUAGE = 'en';

/** The language for a code such as "cs", "cs-CZ" or "CS"; unknown codes fall back to English. */
export function getLanguage(code: string | undefined): LanguageDefinition {
  const base = (code ?? DEFAULT_LANGUAGE).toLowerCase().split(/[-_]/)[0]!;
  return languages.get(base) ?? languages.get(DEFAULT_LANGUAGE)!;
}

export function supportedLanguages(): string[] {
  return [...languages.keys()];
}
