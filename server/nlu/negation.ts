import { getLanguage } from './languages/registry.ts';

/** "I want to pay" -> "I don't want to pay", "chci platit" -> "nechci platit"; already negated: unchanged. */
export function negateTemplate(text: string, language: string): string {
  return getLanguage(language).negation.negate(text);
}

/** "I don't want to pay" -> "I want to pay", "nemůžu" -> "můžu"; not negated: unchanged. */
export function unnegateTemplate(text: string, language: string): string {
  return getLanguage(language).negation.unnegate(text);
}

export function isNegatedTemplate(text: string, language: string): boolean {
  return getLanguage(language).negation.isNegated(text);
}

/** Negates an affirmative template and un-negates a negated one. */
export function toggleTemplateNegation(text: string, language: string): string {
  return isNegatedTemplate(text, language) ? unnegateTemplate(text, language) : negateTemplate(text, language);
}
