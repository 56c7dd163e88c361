import type { EntityDefinition, SynonymDefinition } from './types.ts';
import { parseEntityValues } from './entity-values.ts';

/** A template with `#synonym` and `@entity` references replaced by concrete words. */
export interface ExpandedTemplate {
  text: string;
  /** Where an `@entity` example was put in, so extraction and features know the slot. */
  slots: { entity: string; value: string; start: number; end: number }[];
}

export interface ExpansionOptions {
  /** Upper bound of expansions per template; beyond it a deterministic spread of combinations is kept. */
  maxExpansions?: number;
}

const REFERENCE = /([#@])([\p{L}\p{N}_][\p{L}\p{N}_.-]*)/gu;
const NUMBER_EXAMPLES = ['1', '2', '5', '10', '25', '100', 'one', 'three'];

interface Part {
  literal?: string;
  choices?: string[];
  entity?: string;
}

/** Splits a template into literal text and references; unknown names stay literal text. */
function parseTemplate(
  template: string,
  synonyms: ReadonlyMap<string, string[]>,
  entities: ReadonlyMap<string, string[]>,
): Part[] {
  const parts: Part[] = [];
  let last = 0;
  for (const match of template.matchAll(REFERENCE)) {
    const [, sigil, rawName] = match;
    // A trailing dot is sentence punctuation, not part of the name.
    const name = rawName!.replace(/[.-]+$/, '');
    const choices = sigil === '#' ? synonyms.get(name.toLowerCase()) : entities.get(name.toLowerCase());
    if (!choices || choices.length === 0) continue;
    const start = match.index!;
    if (start > last) parts.push({ literal: template.slice(last, start) });
    parts.push(sigil === '@' ? { choices, entity: name } : { choices });
    last = start + 1 + name.length;
  }
  if (last < template.length) parts.push({ literal: template.slice(last) });
  return parts;
}

/** Example values an `@entity` reference expands to. */
export function entityExamples(entity: EntityDefinition): string[] {
  if (entity.type === 'number') return NUMBER_EXAMPLES;
  return parseEntityValues(entity.values).flatMap((value) => [value.value, ...value.aliases]);
}

export function templateReferenceMaps(
  synonymList: readonly SynonymDefinition[],
  entityList: readonly EntityDefinition[],
) {
  const synonyms = new Map<string, string[]>();
  for (const synonym of synonymList) {
    const values = synonym.values.map((v) => v.trim()).filter(Boolean);
    // The synonym's own name is one of its words too ("#pay" -> pay, settle, ...), unless it is an id-like name.
    synonyms.set(synonym.name.toLowerCase(), values.length ? values : [synonym.name]);
  }
  const entities = new Map<string, string[]>();
  for (const entity of entityList) entities.set(entity.name.toLowerCase(), entityExamples(entity));
  return { synonyms, entities };
}

/**
 * Expands one template into concrete sentences: the cartesian product of its references' values, capped
 * at `maxExpansions` (a mixed-radix walk with a stride co-prime to the total keeps a spread of combinations).
 */
export function expandTemplate(
  template: string,
  synonyms: ReadonlyMap<string, string[]>,
  entities: ReadonlyMap<string, string[]>,
  options: ExpansionOptions = {},
): ExpandedTemplate[] {
  // Most templates refer to nothing: no need to parse them.
  if (!template.includes('#') && !template.includes('@')) return [{ text: template, slots: [] }];
  const max = options.maxExpansions ?? 50;
  const parts = parseTemplate(template, synonyms, entities);
  const radices = parts.filter((p) => p.choices).map((p) => p.choices!.length);
  if (radices.length === 0) return [{ text: template, slots: [] }];
  const total = radices.reduce((a, b) => a * b, 1);
  const count = Math.min(total, max);
  const stride = total <= max ? 1 : coprimeStride(total);
  const results: ExpandedTemplate[] = [];
  for (let n = 0; n < count; n++) {
    let combination = (n * stride) % total;
    let text = '';
    const slots: ExpandedTemplate['slots'] = [];
    for (const part of parts) {
      if (part.literal !== undefined) {
        text += part.literal;
        continue;
      }
      const choices = part.choices!;
      const value = choices[combination % choices.length]!;
      combination = Math.floor(combination / choices.length);
      if (part.entity) slots.push({ entity: part.entity, value, start: text.length, end: text.length + value.length });
      text += value;
    }
    results.push({ text, slots });
  }
  return results;
}

function coprimeStride(total: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let stride = Math.max(1, Math.floor(total * 0.618_033_99));
  while (gcd(stride, total) !== 1) stride++;
  return stride;
}

/** Whether a template refers to synonyms or entities that exist. */
export function hasReferences(
  template: string,
  synonyms: ReadonlyMap<string, string[]>,
  entities: ReadonlyMap<string, string[]>,
): boolean {
  return parseTemplate(template, synonyms, entities).some((part) => part.choices);
}
