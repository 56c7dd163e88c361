import { draftErrors } from './draft.ts';
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
