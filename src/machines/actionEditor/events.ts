import type { ActionDraft } from './draft.ts';

export type ActionEditorEvent =
  | { type: 'actions.retry' }
  /** 'New action': an empty webhook form. */
  | { type: 'action.new' }
  /** 'Edit' on a project action. */
  | { type: 'action.open'; id: number }
  /** 'Delete' on a project action: asks first. */
  | { type: 'action.delete'; id: number }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'form.change'; patch: Partial<Omit<ActionDraft, 'id'>> }
  | { type: 'form.cancel' }
  /** 'Test call': one call of the action as edited, nothing stored. */
  | { type: 'form.test' }
  | { type: 'form.save' }
  /** The answers of the shared "unsaved changes" question (navigationGuard/leaving.ts). */
  | { type: 'leave.save' }
  | { type: 'leave.discard' }
  | { type: 'leave.stay' };
