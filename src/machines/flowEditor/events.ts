import type { Reaction } from '../../api/contract/reactions.ts';

/** Events of the flow editor, dot-namespaced. Hotkeys only send these. */
export type FlowEditorEvent =
  /** Load again after a failed load. */
  | { type: 'flow.retry' }
  /** After a conflict: load what the server holds now (the draft is dropped). */
  | { type: 'flow.reload' }
  /** Save (Ctrl+S) through the save bar: PUT /reactions with the whole list. */
  | { type: 'flow.save' }
  /** Ctrl+Z / Ctrl+Shift+Z outside text fields, or the toolbar buttons. */
  | { type: 'flow.undo' }
  | { type: 'flow.redo' }
  /** Fit the whole flow into the canvas. */
  | { type: 'view.fit' }
  /** The search box: matching reactions are highlighted. */
  | { type: 'search.change'; query: string }
  /** Enter in the search box: select and focus the next match. */
  | { type: 'search.next' }
  | { type: 'reaction.select'; id: number }
  | { type: 'reaction.deselect' }
  /** Open the selected reaction's form (double click or 'Edit'). */
  | { type: 'reaction.edit' }
  /** Close the form, back to the summary. */
  | { type: 'reaction.done' }
  | { type: 'reaction.add' }
  | { type: 'reaction.duplicate' }
  /** Ask to delete the selected reaction. */
  | { type: 'reaction.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  /** A field of the selected reaction changed (name, condition, intents, priority, scope). */
  | { type: 'reaction.change'; patch: Partial<Omit<Reaction, 'id' | 'actions'>> }
  /** Ordered actions of the selected reaction. */
  | { type: 'action.add'; name: string }
  | { type: 'action.remove'; index: number }
  | { type: 'action.move'; from: number; to: number }
  | { type: 'action.arg'; index: number; name: string; value: unknown }
  /** Reaction scopes are saved at once (PUT /reaction-scopes). */
  | { type: 'scope.add'; name: string }
  /** Typing in the "New scope name" input. */
  | { type: 'scope.type'; name: string }
  | { type: 'scope.rename'; id: number; name: string }
  | { type: 'scope.delete'; id: number };
