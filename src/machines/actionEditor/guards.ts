import { draftErrors, draftOf, emptyDraft } from './draft.ts';
import type { ActionEditorContext } from './types.ts';

export const formErrors = (c: ActionEditorContext) =>
  c.draft
    ? draftErrors(
        c.draft,
        c.actions,
        c.catalogue.builtin.map((b) => b.name),
      )
    : {};

export const formValid = (c: ActionEditorContext): boolean =>
  c.draft !== null && Object.keys(formErrors(c)).length === 0;

/** Has anything been typed since the form opened (on the action as saved, or on an empty one)? */
export const draftChanged = (c: ActionEditorContext): boolean => {
  if (c.draft === null) return false;
  const saved = c.actions.find((a) => a.id === c.draft?.id);
  return JSON.stringify(c.draft) !== JSON.stringify(saved ? draftOf(saved) : emptyDraft());
};
