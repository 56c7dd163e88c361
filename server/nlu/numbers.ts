import type { LanguageDefinition } from './languages/language-definition.ts';
import type { Token } from './normalize.ts';

export interface NumberMatch {
  value: number;
  /** Token range [first, last] the number spans. */
  first: number;
  last: number;
}

const DIGITS = /^[-+]?\d+(?:[.,]\d+)?$/;

function digitValue(token: string): number | undefined {
  if (!DIGITS.test(token)) return undefined;
  return Number(token.replace(',', '.'));
}

/**
 * Numbers written in digits ("42", "3,5") or in words ("twenty one", "a hundred and five", "dvě stě
 * padesát", "pět set", "tři tisíce"), optionally digits followed by a multiplier ("5 thousand").
 */
export function findNumbers(tokens: readonly Token[], language: LanguageDefinition): NumberMatch[] {
  const { values, multipliers, joiners } = language.numberWords;
  const matches: NumberMatch[] = [];
  let i = 0;
  while (i < tokens.length) {
    const norm = tokens[i]!.norm;
    let total = 0;
    let current = 0;
    let last = -1;
    let j = i;
    const digits = digitValue(norm);
    if (digits !== undefined) {
      current = digits;
      last = j;
      j++;
    }
    while (j < tokens.length) {
      const word = tokens[j]!.norm;
      const value = values.get(word);
      const multiplier = multipliers.get(word);
      if (multiplier !== undefined && (last >= 0 || j === i)) {
        if (multiplier >= 1000) {
          total += (current || 1) * multiplier;
          current = 0;
        } else {
          current = (current || 1) * multiplier;
        }
        last = j;
      } else if (value !== undefined && digits === undefined) {
        // Articles count only before a multiplier ("a hundred"), and "one" after a unit does not add up.
        if ((word === 'a' || word === 'an') && multipliers.get(tokens[j + 1]?.norm ?? '') === undefined) break;
        if (last >= 0 && current % 100 !== 0 && current % 10 === 0 && value >= 10) break;
        if (last >= 0 && current % 10 !== 0 && current < 100) break;
        current += value;
        last = j;
      } else if (joiners.has(word) && last >= 0 && j + 1 < tokens.length && values.has(tokens[j + 1]!.norm)) {
        // "one hundred and five": the joiner belongs to the number only if a number word follows.
      } else {
        break;
      }
      j++;
    }
    if (last >= 0) {
      matches.push({ value: total + current, first: i, last });
      i = last + 1;
    } else {
      i++;
    }
  }
  return matches;
}
