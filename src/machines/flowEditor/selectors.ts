import type { SnapshotFrom } from 'xstate';
import type { BuiltinActionDoc } from '../../api/contract/actions.ts';
import { PSEUDO_INTENTS, type Reaction } from '../../api/contract/reactions.ts';
import { conditionProblem } from './conditionSyntax.ts';
import { reactionProblems, type ValidationRefs } from './draft.ts';
import type { flowEditorMachine } from './machine.ts';
import type { FlowEditorContext } from './types.ts';

type Snapshot = SnapshotFrom<typeof flowEditorMachine>;

const refsCache = new WeakMap<object, ValidationRefs>();

/** What a reaction may name, built once per loaded catalogue/scope list. */
export function validationRefs(c: Pick<FlowEditorContext, 'intents' | 'scopes' | 'catalogue' | 'projectActions'>) {
  const key = c.scopes;
  const cached = refsCache.get(key);
  if (cached && cached.builtin.size === c.catalogue.builtin.length) return cached;
  const refs: ValidationRefs = {
    intents: new Set(c.intents),
    scopes: c.scopes,
    builtin: new Map<string, BuiltinActionDoc>(c.catalogue.builtin.map((b) => [b.name, b])),
    projectActions: new Set(c.projectActions),
  };
  refsCache.set(key, refs);
  return refs;
}

export const selectedReaction = (s: Snapshot): Reaction | null =>
  s.context.draft.find((r) => r.id === s.context.selectedId) ?? null;

/** Intent names the intents field offers: pseudo-intents first, then the project's intents. */
export const intentOptions = (c: FlowEditorContext): string[] => [...PSEUDO_INTENTS, ...c.intents];

/** Problems of the selected reaction as it is now (shown live under the form). */
export function liveProblems(c: FlowEditorContext, reaction: Reaction): string[] {
  return reactionProblems(reaction, c.draft, validationRefs(c));
}

export const conditionMessage = (condition: string): string | null => {
  const problem = conditionProblem(condition);
  return problem ? `The condition does not parse: ${problem}` : null;
};

export const isDirtyState = (s: Snapshot): boolean => s.context.draft !== s.context.saved;
export const isSaving = (s: Snapshot): boolean => s.hasTag('saving');

/** The save bar's status line. */
export function saveStatus(s: Snapshot): string {
  if (s.matches('saving')) return 'Saving reactions…';
  if (s.matches('savingScopes')) return 'Saving reaction scopes…';
  if (s.matches({ ready: { draft: 'invalid' } })) return 'Not saved: fix the problems listed above the canvas.';
  if (s.matches({ ready: { draft: 'saved' } })) return 'All changes saved.';
  const n = s.context.draft.length;
  return isDirtyState(s) ? `You have unsaved changes (${n} reactions).` : `${n} reactions, all saved.`;
}
