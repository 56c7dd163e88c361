/** The texts of the question, the same on every screen and dialog. */
export const LEAVING_TEXTS = {
  title: 'Unsaved changes',
  message: 'You have unsaved changes. Save them before leaving?',
  save: 'Save',
  discard: 'Discard',
  stay: 'Stay',
} as const;

/**
 * The one "leaving with unsaved changes" state every draft-holding chart shares (the shell's navigation guard and
 * dialogs with typed content): tagged `asking` and `unsaved` (UnsavedChangesModal opens from the tag), answered by
 * `leave.save`, `leave.discard` or `leave.stay`.
 */
export function leavingState<Save, Discard, Stay>(answers: {
  description: string;
  save: Save;
  discard: Discard;
  stay: Stay;
}) {
  return {
    description: answers.description,
    tags: ['asking', 'unsaved'],
    on: { 'leave.save': answers.save, 'leave.discard': answers.discard, 'leave.stay': answers.stay },
  };
}
