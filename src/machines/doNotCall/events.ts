import type { DoNotCallEntry } from '../../api/contract/do-not-call.ts';

export type DoNotCallEvent =
  | { type: 'doNotCall.open' }
  | { type: 'doNotCall.close' }
  | { type: 'doNotCall.reload' }
  | { type: 'draft.change'; field: 'destination' | 'note'; value: string }
  | { type: 'draft.add' }
  | { type: 'entry.remove'; entry: DoNotCallEntry }
  | { type: 'removal.confirm' }
  | { type: 'removal.cancel' }
  /** A CSV of destinations (and notes) chosen: imported at once, all or nothing. */
  | { type: 'file.choose'; file: File };
