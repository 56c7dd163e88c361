import type { EntityFields } from './draft.ts';

export type EntityEditorEvent =
  | { type: 'entity.add'; name: string }
  | { type: 'entity.change'; key: number; patch: Partial<EntityFields> }
  | { type: 'entity.delete'; key: number }
  | { type: 'entity.deleteConfirm' }
  | { type: 'entity.deleteCancel' }
  /** Save & Train. */
  | { type: 'entities.save' }
  | { type: 'entities.reload' };

/** Saved and the worker reloaded: the screen asks the training machine to train. */
export type EntityEditorEmitted = { type: 'training.request' };
