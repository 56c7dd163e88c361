import type { QaForm } from './form.ts';

export type QaTrainingsEvent =
  | { type: 'trainings.reload' }
  | { type: 'search.change'; value: string }
  /** `question`: prefilled, e.g. from a conversation in the logs ("add this question"). */
  | { type: 'training.add'; question?: string }
  | { type: 'training.edit'; id: number }
  | { type: 'training.delete'; id: number }
  | { type: 'form.change'; patch: Partial<Omit<QaForm, 'id'>> }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'import.choose'; file: File }
  | { type: 'import.confirm' }
  | { type: 'import.cancel' }
  | { type: 'import.dismiss' }
  | { type: 'trainings.export' };

/** Questions changed: the evaluation shown is stale. */
export type QaTrainingsEmitted = { type: 'qa.changed' };
