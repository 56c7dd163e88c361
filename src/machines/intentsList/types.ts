import type { Intent } from '../../api/contract/intents.ts';
import type { EvaluationAnswer } from '../training/actors.ts';

export interface IntentsListContext {
  intents: Intent[];
  evaluation: EvaluationAnswer | null;
  /** Ids of the intents some reaction lists (issue 33: the others are marked "No reaction"); null: unknown. */
  reacted: number[] | null;
  search: string;
  onlyFlaws: boolean;
  /** Ids of expanded rows. */
  expanded: number[];
  pendingDelete: number | null;
  pendingImport: File | null;
  /** The name being added. */
  pendingAdd: string | null;
  /** The rename being saved (to apply the twin's new name and decide on retraining). */
  pendingRename: { id: number; name: string; retrain: boolean } | null;
  /** Intents changed here since the evaluation was loaded: the model is not retrained. */
  changed: boolean;
  /** The intent a link opened (`?intent_id`, the command palette): a new object per request, so the list scrolls to it each time. */
  focused: { id: number } | null;
}
