import { distance } from 'fastest-levenshtein';
import { parseEntityValues } from './entity-values.ts';
import { getLanguage } from './languages/registry.ts';
import type { LanguageDefinition } from './languages/language-definition.ts';
import { lowerCase, tokenize } from './normalize.ts';
import type { Token } from './normalize.ts';
import { findNumbers } from './numbers.ts';
import type { EntityDefinition, ExtractedEntity } from './types.ts';

/** One way of writing a dictionary value, pre-tokenised for the entity's match mode. */
interface Form {
  value: string;
  keys: string[];
  /** For fuzzy matching: the form as one string. */
  joined: string;
}

const compiled = new Map<string, Form[]>();

/** Compares tokens the way the entity's match mode and case setting ask. */
function tokenKey(token: Token, entity: EntityDefinition, language: LanguageDefinition): string {
  switch (entity.match) {
    case 'lemmatized':
      return language.stem(token.norm);
    case 'fuzzy':
      return entity.case_insensitive ? token.norm : token.text.normalize('NFKC');
    default:
      return entity.case_insensitive ? lowerCase(token.text, language.code) : token.text.normalize('NFKC');
  }
}

function formsOf(entity: EntityDefinition, language: LanguageDefinition): Form[] {
  const cacheKey = `${language.code}\u0000${entity.match}\u0000${entity.case_insensitive}\u0000${entity.values}`;
  let forms = compiled.get(cacheKey);
  if (!forms) {
    forms = [];
    for (const { value, aliases } of parseEntityValues(entity.values)) {
      for (const written of [value, ...aliases]) {
        const tokens = tokenize(written, language.code);
        if (tokens.length === 0) continue;
        const keys = tokens.map((t) => tokenKey(t, entity, language));
        forms.push({ value, keys, joined: keys.join(' ') });
      }
    }
    if (compiled.size > 1000) compiled.clear();
    compiled.set(cacheKey, forms);
  }
  return forms;
}

/** Edits allowed for a fuzzy match: none for short words, one up to 6 characters, then two. */
export function fuzzyBound(length: number): number {
  if (length <= 3) return 0;
  if (length <= 6) return 1;
  return 2;
}

interface Candidate {
  value: string;
  first: number;
  last: number;
  cost: number;
}

function matchDictionary(
  tokens: readonly Token[],
  entity: EntityDefinition,
  language: LanguageDefinition,
): Candidate[] {
  const forms = formsOf(entity, language);
  if (forms.length === 0) return [];
  const keys = tokens.map((t) => tokenKey(t, entity, language));
  const candidates: Candidate[] = [];
  for (let start = 0; start < tokens.length; start++) {
    let best: Candidate | undefined;
    for (const form of forms) {
      const end = start + form.keys.length - 1;
      if (end >= tokens.length) continue;
      let cost = 0;
      if (entity.match === 'fuzzy') {
        const window = keys.slice(start, end + 1).join(' ');
        if (Math.abs(window.length - form.joined.length) > fuzzyBound(form.joined.length)) continue;
        cost = window === form.joined ? 0 : distance(window, form.joined);
        if (cost > fuzzyBound(form.joined.length)) continue;
      } else {
        let same = true;
        for (let k = 0; k < form.keys.length && same; k++) same = keys[start + k] === form.keys[k];
        if (!same) continue;
        // Lemmatized but case-sensitive: the first letter's case must agree too ("Praha" vs "praha").
        if (entity.match === 'lemmatized' && !entity.case_insensitive && !sameInitialCase(tokens[start]!, form.value))
          continue;
      }
      // Prefer the longest match at this position, then the closest.
      if (!best || end > best.last || (end === best.last && cost < best.cost))
        best = { value: form.value, first: start, last: end, cost };
    }
    if (best) candidates.push(best);
  }
  return candidates;
}

function sameInitialCase(token: Token, value: string): boolean {
  const a = token.text.charAt(0);
  const b = value.charAt(0);
  return (a === a.toUpperCase()) === (b === b.toUpperCase());
}

/** Greedy left to right: longer matches win, matches never overlap. */
function nonOverlapping(candidates: Candidate[]): Candidate[] {
  const sorted = [...candidates].sort((a, b) => a.first - b.first || b.last - a.last || a.cost - b.cost);
  const kept: Candidate[] = [];
  let freeFrom = 0;
  for (const candidate of sorted) {
    if (candidate.first < freeFrom) continue;
    kept.push(candidate);
    freeFrom = candidate.last + 1;
  }
  return kept;
}

/** Finds the entities of the given definitions in a text (dictionary and number entities). */
export function extractEntities(
  text: string,
  entities: readonly EntityDefinition[],
  languageCode: string,
): ExtractedEntity[] {
  if (entities.length === 0 || text.length === 0) return [];
  const language = getLanguage(languageCode);
  const tokens = tokenize(text, language.code);
  const found: ExtractedEntity[] = [];
  for (const entity of entities) {
    let candidates: Candidate[];
    if (entity.type === 'number') {
      candidates = findNumbers(tokens, language).map((n) => ({
        value: String(n.value),
        first: n.first,
        last: n.last,
        cost: 0,
      }));
    } else {
      candidates = nonOverlapping(matchDictionary(tokens, entity, language));
    }
    if (entity.occurrence === 'single') candidates = candidates.slice(0, 1);
    for (const candidate of candidates) {
      const start = tokens[candidate.first]!.start;
      const end = tokens[candidate.last]!.end;
      found.push({
        name: entity.name,
        value: entity.type === 'number' ? Number(candidate.value) : candidate.value,
        text: text.slice(start, end),
        start,
        end,
      });
    }
  }
  return found.sort((a, b) => a.start - b.start || b.end - a.end);
}
