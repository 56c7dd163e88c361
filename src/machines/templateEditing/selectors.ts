import type { SnapshotFrom } from 'xstate';
import type { templateEditingMachine } from './machine.ts';

type Snapshot = SnapshotFrom<typeof templateEditingMachine>;

/** Whether this template's inline input is open (the view shows the draft instead of the text). */
export const isEditing = (state: Snapshot, intentId: number, template: string): boolean =>
  (state.matches({ template: 'editing' }) || state.matches({ template: 'saving' })) &&
  state.context.intentId === intentId &&
  state.context.original === template;

export const isDeleteAsked = (state: Snapshot): boolean => state.matches({ template: 'confirmingDelete' });

/** What this intent's "Add a template" input holds. */
export const typedFor = (state: Snapshot, intentId: number): string => state.context.typed[intentId] ?? '';
