import type { AnyMachineSnapshot } from 'xstate';
import type { DraftStatus } from './types.ts';

/** A draft-holding chart's status from its tags: `unsaved` while it holds a draft, `saving` while it saves one. */
export function draftStatusOf(snapshot: Pick<AnyMachineSnapshot, 'hasTag'>): DraftStatus {
  if (!snapshot.hasTag('unsaved')) return 'clean';
  return snapshot.hasTag('saving') ? 'saving' : 'dirty';
}
