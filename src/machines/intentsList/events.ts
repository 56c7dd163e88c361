import type { Intent } from '../../api/contract/intents.ts';
import type { EvaluationAnswer } from '../training/actors.ts';

/** A change another intents machine made on the server, applied to the list without reloading it. */
export type IntentsPatch =
  | { kind: 'templateAdded'; intentId: number; template: string }
  | { kind: 'templateReplaced'; intentId: number; from: string; to: string }
  | { kind: 'templateDeleted'; intentId: number; template: string }
  /** A '[NEG]' twin was created: it is added and expanded (spec 2 §4). */
  | { kind: 'intentCreated'; intent: Intent }
  | { kind: 'intentRemoved'; intentId: number };

/**
 * The event the template and polarity machines emit after a change on the server (the intents screen relays it to
 * the list): built here so both say it the same way.
 */
export const intentsPatched = (patch: IntentsPatch): { type: 'intents.patch'; patch: IntentsPatch } => ({
  type: 'intents.patch',
  patch,
});

export type IntentsListEvent =
  | { type: 'search.change'; value: string }
  | { type: 'search.clear' }
  | { type: 'flaws.toggle' }
  | { type: 'intent.toggle'; id: number }
  /** Open one intent by link (`?intent_id=N`, the command palette). */
  | { type: 'intent.focus'; id: number }
  | { type: 'intent.add'; name: string }
  | { type: 'intent.rename'; id: number; name: string }
  | { type: 'intent.delete'; id: number }
  | { type: 'intent.deleteConfirm' }
  | { type: 'intent.deleteCancel' }
  | { type: 'intents.export' }
  | { type: 'intents.import'; file: File }
  | { type: 'intents.importConfirm' }
  | { type: 'intents.importCancel' }
  | { type: 'intents.reload' }
  | { type: 'intents.patch'; patch: IntentsPatch }
  | { type: 'evaluation.loaded'; answer: EvaluationAnswer };

/** Renaming a positive intent with a twin retrains (spec 2 §4); the screen hands this to the training machine. */
export type IntentsListEmitted = { type: 'training.request' };
