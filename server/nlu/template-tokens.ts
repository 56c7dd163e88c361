import { tokenize } from './normalize.ts';
import type { Token } from './normalize.ts';

/** Word tokens of a template, leaving out the names in `#synonym` and `@entity` references. */
export function templateWordTokens(text: string, locale: string): Token[] {
  return tokenize(text, locale).filter((token) => {
    const before = text.charAt(token.start - 1);
    return before !== '#' && before !== '@';
  });
}

/** The `#name` / `@name` references of a template with their offsets. */
export function templateReferences(text: string): { text: string; start: number; end: number }[] {
  return [...text.matchAll(/[#@][\p{L}\p{N}_][\p{L}\p{N}_-]*/gu)].map((m) => ({
    text: m[0],
    start: m.index!,
    end: m.index! + m[0].length,
  }));
}
