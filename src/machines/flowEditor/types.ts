import type { ActionCatalogue } from '../../api/contract/actions.ts';
import type { ReactionScope, ReactionScopeInput } from '../../api/contract/reaction-scopes.ts';
import type { FlowDraft, FlowProblem } from './draft.ts';

export interface FlowEditorContext {
  /** As last loaded or saved (the same object as `draft` while nothing changed). */
  saved: FlowDraft;
  draft: FlowDraft;
  /** Undo and redo stacks of whole lists; cleared by a save (new reactions get their ids then). */
  past: FlowDraft[];
  future: FlowDraft[];
  /** Typing in one field makes one undo step: the key of the last edit (reaction id and field). */
  lastEdit: string | null;
  /** Next id of a new, unsaved reaction (negative). */
  nextId: number;
  selectedId: number | null;
  /** Whether the selected reaction's form was open: kept across saves and undo. */
  panel: 'viewing' | 'editing';
  search: string;
  /** Bumped to ask the canvas to fit the view or to centre the selected reaction. */
  fitRequest: number;
  focusRequest: number;
  problems: FlowProblem[];
  scopes: ReactionScope[];
  /** The scope list a scope change sends, with the renames it makes. */
  pendingScopes: ReactionScopeInput[];
  pendingRenames: { from: string; to: string }[];
  /** What the "New scope name" input holds, not yet added (leaving the screen asks while it holds text). */
  scopeName: string;
  intents: string[];
  entities: string[];
  projectActions: string[];
  projects: { id: number; name: string }[];
  catalogue: ActionCatalogue;
}
