import type { EvaluationAnswer } from './actors.ts';

export type TrainingEvent =
  /** Train NLU (button, Ctrl+S / Ctrl+Shift+S, or a screen asking after a rename or Save & Train). */
  { type: 'train.start' };

/** Emitted when a training finished and its evaluation is loaded; screens refresh from it. */
export type TrainingEmitted = { type: 'training.done'; answer: EvaluationAnswer };
