import type { SnapshotFrom } from 'xstate';
import { formErrors } from './guards.ts';
import type { actionEditorMachine } from './machine.ts';

type Snapshot = SnapshotFrom<typeof actionEditorMachine>;

export const isFormOpen = (s: Snapshot): boolean => s.matches('editing') || s.matches('testing') || s.matches('saving');
export const errorsOf = (s: Snapshot) => formErrors(s.context);
export const actionToDelete = (s: Snapshot) => s.context.actions.find((a) => a.id === s.context.deleteId) ?? null;
