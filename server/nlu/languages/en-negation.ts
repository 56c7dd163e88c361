import { templateWordTokens as tokenize } from '../template-tokens.ts';
import type { Token } from '../normalize.ts';
import type { Negation } from './language-definition.ts';
import { capitalize, decapitalize, isCapitalized, matchCase, replaceRange } from './text-edit.ts';

/** Auxiliaries and modals with their negative form. */
const NEGATIVE_AUX: Record<string, string> = {
  is: "isn't",
  are: "aren't",
  was: "wasn't",
  were: "weren't",
  can: "can't",
  could: "couldn't",
  will: "won't",
  would: "wouldn't",
  should: "shouldn't",
  must: "mustn't",
  do: "don't",
  does: "doesn't",
  did: "didn't",
};
/** Auxiliaries negated with a separate "not". */
const NOT_AUX = new Set([
  'am',
  'may',
  'might',
  'shall',
  "i'm",
  "you're",
  "we're",
  "they're",
  "it's",
  "he's",
  "she's",
  "that's",
  "there's",
]);
const POSITIVE_OF: Record<string, string> = {
  ...Object.fromEntries(Object.entries(NEGATIVE_AUX).map(([pos, neg]) => [neg, pos])),
  "haven't": 'have',
  "hasn't": 'has',
  "hadn't": 'had',
  "shan't": 'shall',
  cannot: 'can',
};
/** Contracted auxiliaries: "I'll" -> "I won't", "I'd" -> "I wouldn't", "I've" -> "I haven't". */
const CONTRACTED: Record<string, string> = { "'ll": "won't", "'d": "wouldn't", "'ve": "haven't" };
const PLURAL_SUBJECTS = new Set(['i', 'you', 'we', 'they']);
const SINGULAR_SUBJECTS = new Set(['he', 'she', 'it']);

function thirdPersonToBase(verb: string): string {
  if (verb === 'has') return 'have';
  if (verb === 'does') return 'do';
  if (/[^aeiou]ies$/.test(verb)) return `${verb.slice(0, -3)}y`;
  if (/(ss|sh|ch|x|z|o)es$/.test(verb)) return verb.slice(0, -2);
  if (verb.endsWith('s') && !verb.endsWith('ss')) return verb.slice(0, -1);
  return verb;
}

function baseToThirdPerson(verb: string): string {
  if (verb === 'have') return 'has';
  if (verb === 'do') return 'does';
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  if (/(ss|sh|ch|x|z|o)$/.test(verb)) return `${verb}es`;
  return `${verb}s`;
}

function isNegativeToken(norm: string): boolean {
  return norm === 'not' || norm === 'never' || norm === 'cannot' || norm.endsWith("n't");
}

function negate(text: string): string {
  const tokens = tokenize(text, 'en');
  if (tokens.length === 0 || tokens.some((t) => isNegativeToken(t.norm))) return text;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const norm = token.norm;
    if (NEGATIVE_AUX[norm])
      return replaceRange(text, token.start, token.end, matchCase(NEGATIVE_AUX[norm], token.text));
    if (NOT_AUX.has(norm)) return replaceRange(text, token.end, token.end, ' not');
    const contraction = Object.keys(CONTRACTED).find((suffix) => norm.endsWith(suffix));
    if (contraction) {
      const subject = token.text.slice(0, token.text.length - contraction.length);
      return replaceRange(text, token.start, token.end, `${subject} ${CONTRACTED[contraction]}`);
    }
    if (norm === 'have' || norm === 'has' || norm === 'had') return negateHave(text, tokens, i);
    if (PLURAL_SUBJECTS.has(norm) || SINGULAR_SUBJECTS.has(norm)) {
      const verb = tokens[i + 1];
      if (!verb) break;
      if (NEGATIVE_AUX[verb.norm] || NOT_AUX.has(verb.norm) || /^ha(ve|s|d)$/.test(verb.norm)) continue;
      if (SINGULAR_SUBJECTS.has(norm)) {
        const base = thirdPersonToBase(verb.text);
        return replaceRange(text, verb.start, verb.end, `doesn't ${base}`);
      }
      return replaceRange(text, verb.start, verb.start, "don't ");
    }
  }
  // No subject or auxiliary: an imperative ("call me" -> "don't call me", "please call me" -> "please don't call me").
  const first = tokens[0]!.norm === 'please' && tokens.length > 1 ? tokens[1]! : tokens[0]!;
  const dont = isCapitalized(first.text) && first === tokens[0] ? "Don't " : "don't ";
  const rest = first === tokens[0] ? decapitalize(first.text) : first.text;
  return replaceRange(text, first.start, first.end, dont + rest);
}

/** "have" as an auxiliary ("I have been") takes "n't"; as a main verb ("I have a question") takes "don't". */
function negateHave(text: string, tokens: Token[], i: number): string {
  const token = tokens[i]!;
  const next = tokens[i + 1]?.norm ?? '';
  if (next === 'been' || next === 'got' || /(ed|en)$/.test(next)) {
    return replaceRange(text, token.start, token.end, matchCase(`${token.norm}n't`, token.text));
  }
  const support = token.norm === 'has' ? "doesn't" : token.norm === 'had' ? "didn't" : "don't";
  const subject = tokens[i - 1];
  const verb = token.norm === 'has' || token.norm === 'had' ? 'have' : token.text;
  if (!subject && isCapitalized(token.text))
    return replaceRange(text, token.start, token.end, `${capitalize(support)} ${decapitalize(verb)}`);
  return replaceRange(text, token.start, token.end, `${support} ${verb}`);
}

function unnegate(text: string): string {
  const tokens = tokenize(text, 'en');
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const norm = token.norm;
    const next = tokens[i + 1];
    if (norm === 'not' || norm === 'never') {
      // "am not" / "I'm not" / "do not want" / "never want": drop the word and the space before it.
      const previous = tokens[i - 1];
      if (previous && (previous.norm === 'do' || previous.norm === 'does') && next) {
        return dropDoSupport(text, tokens, i - 1, i + 1);
      }
      const from = previous ? previous.end : token.start;
      const to = previous ? token.end : (next?.start ?? token.end);
      return replaceRange(text, from, to, '');
    }
    if ((norm === "don't" || norm === "doesn't") && next) return dropDoSupport(text, tokens, i, i + 1);
    const contracted = Object.entries(CONTRACTED).find(([, negative]) => negative === norm);
    const previous = tokens[i - 1];
    if (contracted && previous && (PLURAL_SUBJECTS.has(previous.norm) || SINGULAR_SUBJECTS.has(previous.norm))) {
      // "I won't" goes back to "I will" (not "I'll"): both are correct and the full form is clearer.
      return replaceRange(text, token.start, token.end, matchCase(POSITIVE_OF[norm] ?? 'will', token.text));
    }
    if (POSITIVE_OF[norm]) return replaceRange(text, token.start, token.end, matchCase(POSITIVE_OF[norm], token.text));
  }
  return text;
}

/** Removes "don't"/"doesn't" (or "do not") and restores the verb's person: "he doesn't want" -> "he wants". */
function dropDoSupport(text: string, tokens: Token[], auxIndex: number, verbIndex: number): string {
  const aux = tokens[auxIndex]!;
  const verb = tokens[verbIndex]!;
  const thirdPerson = aux.norm.startsWith('does');
  let verbText = thirdPerson ? baseToThirdPerson(verb.text) : verb.text;
  if (isCapitalized(aux.text) && auxIndex === 0) verbText = capitalize(verbText);
  return replaceRange(text, aux.start, verb.end, verbText);
}

export const englishNegation: Negation = {
  negate,
  unnegate,
  isNegated: (text) => tokenize(text, 'en').some((t) => isNegativeToken(t.norm)),
};
