import type { SnapshotFrom } from 'xstate';
import type { Clash, IntentEvaluation, TemplateEvaluation } from '../../api/contract/training.ts';
import { type Intent, NEGATIVE_INTENT_SUFFIX } from '../../api/contract/intents.ts';
import type { intentsListMachine } from './machine.ts';
import { foldedIntent, foldText, matchingIntents } from './search.ts';

type ListSnapshot = SnapshotFrom<typeof intentsListMachine>;

/** Displayed precision and recall are rounded to 3 decimals (spec 2 §9). */
export const formatScore = (value: number): string => value.toFixed(3);

/** Perfect: precision and recall both 1 and no unrecognized template (spec 2 §9). */
export const isPerfect = (evaluation: IntentEvaluation | undefined): boolean =>
  evaluation !== undefined &&
  evaluation.precision === 1 &&
  evaluation.recall === 1 &&
  Object.values(evaluation.data).every((t) => t.is_recognized);

export type TemplateHint =
  | { kind: 'recognized'; confidence: number }
  | { kind: 'belowThreshold'; confidence: number }
  | { kind: 'mispredicted'; prediction: string | null; confidence: number }
  | { kind: 'unknown' };

/** Per-template evaluation hint (spec 2 §2): recognized, recognized below threshold, or the predicted intent. */
export function templateHint(data: TemplateEvaluation | undefined): TemplateHint {
  if (!data) return { kind: 'unknown' };
  if (data.is_recognized) return { kind: 'recognized', confidence: data.confidence };
  if (data.is_recognized_without_confidence) return { kind: 'belowThreshold', confidence: data.confidence };
  return { kind: 'mispredicted', prediction: data.prediction_name, confidence: data.confidence };
}

export const evaluationOf = (state: ListSnapshot, id: number): IntentEvaluation | undefined =>
  state.context.evaluation?.evaluation?.[String(id)];

/** Which of the screen's top-level views shows (a primitive, so a view selecting it ignores other changes). */
export const listPhase = (state: ListSnapshot): 'loading' | 'failed' | 'ready' =>
  state.matches('loading') ? 'loading' : state.matches('failed') ? 'failed' : 'ready';

/** The 'model updated but not retrained' warning: no evaluation yet, or data changed since training. */
export const modelNotRetrained = (state: ListSnapshot): boolean => {
  const answer = state.context.evaluation;
  return !answer || answer.evaluation === null || answer.status.stale || state.context.changed;
};

/** Issue 33: what the "No reaction" badge's tooltip says. */
export const NO_REACTION = 'No reaction';
export const NO_REACTION_HINT =
  'No reaction lists this intent: when it is recognised, the bot answers from the knowledge base (when Settings allow it) or with the fallback reaction.';

/** Ids of the intents no reaction uses (negative twins are never a reaction's intent); none when unknown. */
export function intentsWithoutReaction(intents: readonly Intent[], reacted: readonly number[] | null): Set<number> {
  if (reacted === null) return new Set();
  const used = new Set(reacted);
  return new Set(intents.filter((i) => !used.has(i.id) && !i.name.endsWith(NEGATIVE_INTENT_SUFFIX)).map((i) => i.id));
}

/** Names a reaction lists → the ids of those intents (a rename keeps the id, so the badge survives it). */
export function reactedIntentIds(intents: readonly Intent[], reactions: readonly { intents: string[] }[]): number[] {
  const names = new Set(reactions.flatMap((r) => r.intents));
  return intents.filter((i) => names.has(i.name)).map((i) => i.id);
}

/** Templates that clash, by intent id, from the latest evaluation. */
export function clashesByIntent(clashes: Clash[]): Map<number, Set<string>> {
  const map = new Map<number, Set<string>>();
  const add = (id: number, template: string) => {
    const set = map.get(id) ?? new Set<string>();
    set.add(template);
    map.set(id, set);
  };
  for (const clash of clashes) {
    add(clash.a.intent_id, clash.a.template);
    add(clash.b.intent_id, clash.b.template);
  }
  return map;
}

/** An intent has a flaw when one of its templates clashes or is not recognized. */
export function hasFlaw(
  intent: Intent,
  evaluation: IntentEvaluation | undefined,
  clashing: Map<number, Set<string>>,
): boolean {
  if (clashing.has(intent.id)) return true;
  if (!evaluation) return false;
  return intent.templates.some((t) => evaluation.data[t] !== undefined && !evaluation.data[t].is_recognized);
}

/** A row of the virtual list; `key` is stable for the same intent or template (React key, measured size). */
export type Row =
  | { kind: 'intent'; key: string; intent: Intent; expanded: boolean }
  | { kind: 'addTemplate'; key: string; intent: Intent }
  | { kind: 'addBoth'; key: string; intent: Intent; twin: Intent }
  | { kind: 'template'; key: string; intent: Intent; template: string };

// Per list (immutable): a keystroke looks twins up without rebuilding the map for 2,000 intents.
const byNameCache = new WeakMap<Intent[], Map<string, Intent>>();
function intentsByName(intents: Intent[]): Map<string, Intent> {
  let map = byNameCache.get(intents);
  if (map === undefined) {
    map = new Map(intents.map((i) => [i.name, i]));
    byNameCache.set(intents, map);
  }
  return map;
}

interface IntentRows {
  open: Row;
  closed: Row;
  addTemplate: Row;
  addBoth?: Extract<Row, { kind: 'addBoth' }>;
  /** By template index, made when first shown. */
  templates: (Row | undefined)[];
}

// Row objects per intent object (immutable), reused by every keystroke: no 30,000 row objects and key strings
// allocated per letter (the virtual list looks each key up in its size cache).
const rowCache = new WeakMap<Intent, IntentRows>();
function rowsOf(intent: Intent): IntentRows {
  let rows = rowCache.get(intent);
  if (rows === undefined) {
    rows = {
      open: { kind: 'intent', key: `i:${intent.id}`, intent, expanded: true },
      closed: { kind: 'intent', key: `i:${intent.id}`, intent, expanded: false },
      addTemplate: { kind: 'addTemplate', key: `a:${intent.id}`, intent },
      templates: [],
    };
    rowCache.set(intent, rows);
  }
  return rows;
}

/**
 * The rows the virtual list shows: intents matching the search (and the flaws filter), each expanded one
 * followed by its add-template row(s) and the templates matching the search.
 */
export function visibleRows(
  intents: Intent[],
  options: {
    search: string;
    onlyFlaws: boolean;
    expanded: number[];
    evaluation: Record<string, IntentEvaluation> | null;
    clashing: Map<number, Set<string>>;
    canEdit: boolean;
  },
): Row[] {
  const query = foldText(options.search.trim());
  const expanded = new Set(options.expanded);
  const byName = intentsByName(intents);
  const rows: Row[] = [];
  for (const intent of matchingIntents(intents, query)) {
    const evaluation = options.evaluation?.[String(intent.id)];
    if (options.onlyFlaws && !hasFlaw(intent, evaluation, options.clashing)) continue;
    const folded = foldedIntent(intent);
    // When the name matched, every template shows; otherwise the matching templates show, unfolded.
    const nameMatches = query === '' || folded.name.includes(query);
    const open = expanded.has(intent.id) || !nameMatches;
    const cached = rowsOf(intent);
    rows.push(open ? cached.open : cached.closed);
    if (!open) continue;
    if (options.canEdit && nameMatches) {
      rows.push(cached.addTemplate);
      const twin = intent.name.endsWith(NEGATIVE_INTENT_SUFFIX)
        ? undefined
        : byName.get(`${intent.name}${NEGATIVE_INTENT_SUFFIX}`);
      if (twin) {
        if (cached.addBoth?.twin !== twin) cached.addBoth = { kind: 'addBoth', key: `b:${intent.id}`, intent, twin };
        rows.push(cached.addBoth);
      }
    }
    const { templates } = intent;
    for (let index = 0; index < templates.length; index++) {
      if (!nameMatches && !(folded.templates[index] as string).includes(query)) continue;
      const template = templates[index] as string;
      if (options.onlyFlaws && !isFlawedTemplate(intent, template, evaluation, options.clashing)) continue;
      let row = cached.templates[index];
      if (row === undefined) {
        row = { kind: 'template', key: `t:${intent.id}:${template}`, intent, template };
        cached.templates[index] = row;
      }
      rows.push(row);
    }
  }
  return rows;
}

export function isFlawedTemplate(
  intent: Intent,
  template: string,
  evaluation: IntentEvaluation | undefined,
  clashing: Map<number, Set<string>>,
): boolean {
  if (clashing.get(intent.id)?.has(template)) return true;
  const data = evaluation?.data[template];
  return data !== undefined && !data.is_recognized;
}
