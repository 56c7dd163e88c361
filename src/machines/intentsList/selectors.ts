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

/** The 'model updated but not retrained' warning: no evaluation yet, or data changed since training. */
export const modelNotRetrained = (state: ListSnapshot): boolean => {
  const answer = state.context.evaluation;
  return !answer || answer.evaluation === null || answer.status.stale || state.context.changed;
};

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

export type Row =
  | { kind: 'intent'; intent: Intent; expanded: boolean }
  | { kind: 'addTemplate'; intent: Intent }
  | { kind: 'addBoth'; intent: Intent; twin: Intent }
  | { kind: 'template'; intent: Intent; template: string };

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
  const byName = new Map(intents.map((i) => [i.name, i]));
  const rows: Row[] = [];
  for (const intent of matchingIntents(intents, query)) {
    const evaluation = options.evaluation?.[String(intent.id)];
    if (options.onlyFlaws && !hasFlaw(intent, evaluation, options.clashing)) continue;
    const folded = foldedIntent(intent);
    // When the name matched, every template shows; otherwise the matching templates show, unfolded.
    const nameMatches = query === '' || folded.name.includes(query);
    const open = expanded.has(intent.id) || !nameMatches;
    rows.push({ kind: 'intent', intent, expanded: open });
    if (!open) continue;
    if (options.canEdit && nameMatches) {
      rows.push({ kind: 'addTemplate', intent });
      const twin = intent.name.endsWith(NEGATIVE_INTENT_SUFFIX)
        ? undefined
        : byName.get(`${intent.name}${NEGATIVE_INTENT_SUFFIX}`);
      if (twin) rows.push({ kind: 'addBoth', intent, twin });
    }
    const { templates } = intent;
    for (let index = 0; index < templates.length; index++) {
      if (!nameMatches && !(folded.templates[index] as string).includes(query)) continue;
      const template = templates[index] as string;
      if (options.onlyFlaws && !isFlawedTemplate(intent, template, evaluation, options.clashing)) continue;
      rows.push({ kind: 'template', intent, template });
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
