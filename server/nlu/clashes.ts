import { distance } from 'fastest-levenshtein';
import { getLanguage } from './languages/registry.ts';
import { normalizedWords } from './normalize.ts';
import type { TrainingData } from './types.ts';

export interface ClashTemplate {
  intent_id: number;
  intent: string;
  template: string;
}

export interface Clash {
  /**
   * identical: the same words under two intents; near-identical: almost the same (similarity at least the
   * bound); negation: a "[NEG]" template no more negated than a template of its positive twin, or the reverse.
   */
  kind: 'identical' | 'near-identical' | 'negation';
  similarity: number;
  a: ClashTemplate;
  b: ClashTemplate;
}

export interface ClashOptions {
  /** Character-level similarity (1 - edit distance / length) from which templates are near-identical. */
  similarity?: number;
  /** At most this many clashes are reported (the closest first). */
  limit?: number;
}

export const NEGATIVE_SUFFIX = ' [NEG]';

interface Entry extends ClashTemplate {
  key: string;
  stems: string[];
  negated: boolean;
}

/** The positive twin's name of a "[NEG]" intent, or undefined for other intents. */
export function positiveTwin(intentName: string): string | undefined {
  return intentName.endsWith(NEGATIVE_SUFFIX) ? intentName.slice(0, -NEGATIVE_SUFFIX.length) : undefined;
}

/**
 * Finds templates that make intents compete. Candidate pairs come from prefix filtering on stem sets
 * (rare stems first), so large projects are not compared pair by pair.
 */
export function detectClashes(data: TrainingData, options: ClashOptions = {}): Clash[] {
  const bound = options.similarity ?? 0.9;
  const language = getLanguage(data.language);
  const entries: Entry[] = [];
  for (const intent of data.intents) {
    const seen = new Set<string>();
    for (const template of intent.templates) {
      const words = normalizedWords(template, language.code);
      const key = words.join(' ');
      if (!key || seen.has(key)) continue;
      seen.add(key);
      entries.push({
        intent_id: intent.id,
        intent: intent.name,
        template,
        key,
        stems: [...new Set(words.map((w) => language.stem(w)))],
        negated: language.negation.isNegated(template),
      });
    }
  }
  const frequency = new Map<string, number>();
  for (const entry of entries) for (const stem of entry.stems) frequency.set(stem, (frequency.get(stem) ?? 0) + 1);
  const byRarity = (a: string, b: string) => frequency.get(a)! - frequency.get(b)! || (a < b ? -1 : 1);
  const jaccardBound = 0.5;
  const index = new Map<string, number[]>();
  const clashes: Clash[] = [];
  entries.forEach((entry, e) => {
    const sorted = [...entry.stems].sort(byRarity);
    const prefix = sorted.length - Math.ceil(jaccardBound * sorted.length) + 1;
    const candidates = new Set<number>();
    for (const stem of sorted.slice(0, prefix)) for (const other of index.get(stem) ?? []) candidates.add(other);
    for (const stem of sorted.slice(0, prefix)) {
      const list = index.get(stem) ?? [];
      list.push(e);
      index.set(stem, list);
    }
    for (const o of candidates) {
      const other = entries[o]!;
      if (other.intent_id === entry.intent_id) continue;
      const clash = compare(other, entry, bound);
      if (clash) clashes.push(clash);
    }
  });
  return clashes.sort((a, b) => b.similarity - a.similarity).slice(0, options.limit ?? 500);
}

function compare(a: Entry, b: Entry, bound: number): Clash | undefined {
  const strip = ({ key: _k, stems: _s, negated: _n, ...template }: Entry): ClashTemplate => template;
  const twins = positiveTwin(a.intent) === b.intent || positiveTwin(b.intent) === a.intent;
  if (a.key === b.key) return { kind: 'identical', similarity: 1, a: strip(a), b: strip(b) };
  const length = Math.max(a.key.length, b.key.length);
  const similarity = 1 - distance(a.key, b.key) / length;
  const sameStems = a.stems.length === b.stems.length && a.stems.every((s) => b.stems.includes(s));
  if (similarity < bound && !sameStems) return undefined;
  // Templates that differ by their negation are meant to differ, except a [NEG] template that is no more
  // negated than its positive twin (then nothing tells the two intents apart).
  if (twins) return a.negated === b.negated ? { kind: 'negation', similarity, a: strip(a), b: strip(b) } : undefined;
  if (a.negated !== b.negated) return undefined;
  return {
    kind: 'near-identical',
    similarity: sameStems ? Math.max(similarity, bound) : similarity,
    a: strip(a),
    b: strip(b),
  };
}
