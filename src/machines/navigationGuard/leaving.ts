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

/**
 * The inside of a form dialog that must not lose typed content (knowledge entry, action, campaign): Esc or Cancel
 * closes it at once while nothing was typed, and asks (the leaving state) once something was. The chart brings the
 * `isDraftChanged` guard (the fields against what the dialog opened with), where the dialog closes to, its save, and
 * the form's own events (`editing`), taken only while no question is open; a change should target `comparing`.
 */
export function dialogDraftStates<Close, Save, Editing extends object, Cancel extends string = 'form.cancel'>({
  close,
  save,
  editing,
  cancel = 'form.cancel' as Cancel,
}: {
  close: Close;
  save: Save;
  editing: Editing;
  /** The dialog's Esc or Cancel event, when not `form.cancel`. */
  cancel?: Cancel;
}) {
  const onCancel = <T>(target: T) => ({ [cancel]: target }) as Record<Cancel, T>;
  return {
    initial: 'comparing',
    states: {
      comparing: {
        description: 'Compares the fields with what the dialog opened with (empty for a new one).',
        always: [{ guard: 'isDraftChanged', target: 'changed' }, { target: 'unchanged' }],
      },
      unchanged: {
        description: 'Nothing typed yet: Esc or Cancel closes the dialog.',
        on: { ...editing, ...onCancel(close) },
      },
      changed: {
        description: 'Typed content: Esc or Cancel asks before throwing it away; leaving the screen asks too.',
        tags: ['unsaved'],
        on: { ...editing, ...onCancel('leaving' as const) },
      },
      leaving: leavingState({
        description: 'You have unsaved changes: Save them, Discard them and close the dialog, or Stay in it.',
        save,
        discard: close,
        stay: 'changed',
      }),
    },
  } as const;
}
