import type { SnapshotFrom } from 'xstate';
import { fieldErrorsOf } from './draft.ts';
import type { settingsFormMachine } from './machine.ts';

type Snapshot = SnapshotFrom<typeof settingsFormMachine>;

export const selectFieldErrors = (s: Snapshot): Record<string, string> =>
  s.context.saved && s.context.draft ? fieldErrorsOf(s.context.saved, s.context.draft) : {};
export const selectDirty = (s: Snapshot): boolean => s.matches({ editing: 'dirty' });
export const selectSaving = (s: Snapshot): boolean => s.hasTag('saving');
