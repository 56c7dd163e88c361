import { getLanguage } from './languages/registry.ts';
import { templateReferences, templateWordTokens } from './template-tokens.ts';

/**
 * Removes stop words (stopwords-iso) from a template, keeping its other words as written and its
 * `#synonym` / `@entity` references, joined by single spaces.
 */
export function stripStopwords(text: string, language: string): string {
  const definition = getLanguage(language);
  const kept: { text: string; start: number }[] = templateReferences(text);
  for (const token of templateWordTokens(text, definition.code)) {
    if (
      !definition.stopwords.has(token.norm) &&
      !definition.stopwords.has(token.text.toLocaleLowerCase(definition.code))
    ) {
      kept.push({ text: token.text, start: token.start });
    }
  }
  return kept
    .sort((a, b) => a.start - b.start)
    .map((k) => k.text)
    .join(' ');
}
