import { draftProblems, type FlowDraft } from './draft.ts';
import type { FlowEditorContext } from './types.ts';
import { validationRefs } from './selectors.ts';

export const isDirty = (c: FlowEditorContext): boolean => c.draft !== c.saved;
export const canUndo = (c: FlowEditorContext): boolean => c.past.length > 0;
export const canRedo = (c: FlowEditorContext): boolean => c.future.length > 0;
export const selectionExists = (c: FlowEditorContext): boolean =>
  c.selectedId !== null && c.draft.some((r) => r.id === c.selectedId);
/** A step of the selected reaction at this index (edits of missing steps are not edits). */
export const stepExists = (c: FlowEditorContext, index: number): boolean => {
  const reaction = c.draft.find((r) => r.id === c.selectedId);
  return reaction !== undefined && index >= 0 && index < reaction.actions.length;
};
export const hasProblems = (c: FlowEditorContext): boolean => draftProblems(c.draft, validationRefs(c)).length > 0;

/** Search: names, intents and action texts, case-insensitive. */
export function matchingIds(draft: FlowDraft, query: string): number[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  return draft
    .filter(
      (r) =>
        r.name.toLowerCase().includes(q) ||
        r.intents.some((i) => i.toLowerCase().includes(q)) ||
        r.actions.some((a) => typeof a.args.text === 'string' && a.args.text.toLowerCase().includes(q)),
    )
    .map((r) => r.id);
}

export const hasMatches = (c: FlowEditorContext): boolean => matchingIds(c.draft, c.search).length > 0;

/** A scope can go only when no reaction of the draft (or the saved list) belongs to it or moves to it. */
export function scopeInUse(c: FlowEditorContext, id: number): boolean {
  const scope = c.scopes.find((s) => s.id === id);
  return [...c.draft, ...c.saved].some(
    (r) =>
      r.reactions_scopes_id === id ||
      r.actions.some((a) => a.name === 'change_scope' && scope !== undefined && a.args.scope === scope.name),
  );
}

export function scopeNameTaken(c: FlowEditorContext, name: string, exceptId: number | null): boolean {
  const n = name.trim().toLowerCase();
  return c.scopes.some((s) => s.id !== exceptId && s.name.toLowerCase() === n);
}

/** A 409 (someone saved after this editor loaded) or the scope save's check that found foreign changes. */
export const isConflictError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 409;
/** A 400: the server refused the list, its message names the reaction. */
export const isInvalidError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 400;
