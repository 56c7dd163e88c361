import type { EntryForm } from './form.ts';

export type KnowledgeEntriesEvent =
  | { type: 'entries.reload' }
  | { type: 'search.change'; value: string }
  | { type: 'search.clear' }
  | { type: 'entry.add' }
  | { type: 'entry.edit'; id: number }
  | { type: 'entry.delete'; id: number }
  | { type: 'form.change'; patch: Partial<Omit<EntryForm, 'id'>> }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  /** The answers of the shared "unsaved changes" question (navigationGuard/leaving.ts). */
  | { type: 'leave.save' }
  | { type: 'leave.discard' }
  | { type: 'leave.stay' };

/** An entry was saved or deleted: the index is stale, the reindex panel reads its status again. */
export type KnowledgeEntriesEmitted = { type: 'knowledge.changed' };
