import type { SnapshotFrom } from 'xstate';
import { FUZZY_HINT_VALUES } from '../../api/contract/entities.ts';
import { changedDrafts, type EntityDraft, valueCount } from './draft.ts';
import { mayEdit } from './guards.ts';
import type { entityEditorMachine } from './machine.ts';

type Snapshot = SnapshotFrom<typeof entityEditorMachine>;

export const isDirty = (state: Snapshot): boolean =>
  changedDrafts(state.context.drafts, state.context.saved).length > 0;
export const isEditable = (state: Snapshot, draft: EntityDraft): boolean => mayEdit(draft, state.context.canSystem);
/** The fuzzy hint shows under 30 values (spec 2 §9). */
export const needsFuzzyHint = (draft: EntityDraft): boolean =>
  draft.type === 'dictionary' && draft.match === 'fuzzy' && valueCount(draft.values) < FUZZY_HINT_VALUES;
/** Unmarking a saved system entity warns that other projects lose it. */
export const unmarksSystem = (state: Snapshot, draft: EntityDraft): boolean =>
  !draft.__is_system__ && state.context.saved.some((e) => e.id === draft.id && e.__is_system__);
