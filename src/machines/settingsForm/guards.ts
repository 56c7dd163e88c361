import type { SettingsFormContext } from './types.ts';
import { fieldErrorsOf, hasChanges } from './draft.ts';

export const isUnchanged = ({ context }: { context: SettingsFormContext }): boolean =>
  !context.saved || !context.draft || !hasChanges(context.saved, context.draft);

/** Save only when something changed and the contract accepts it (the server checks again). */
export const canSave = ({ context }: { context: SettingsFormContext }): boolean =>
  !!context.saved &&
  !!context.draft &&
  hasChanges(context.saved, context.draft) &&
  Object.keys(fieldErrorsOf(context.saved, context.draft)).length === 0;

/** A 409: someone saved after this form loaded; nothing was written. */
export const isConflict = ({ event }: { event: object }): boolean => {
  const error = (event as { error?: unknown }).error;
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 409;
};
