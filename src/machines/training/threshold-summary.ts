import type { Notice } from '../../api/contract/notice.ts';
import { TRAIN_DONE } from '../../api/contract/training.ts';
import type { EvaluationAnswer } from './actors.ts';

/**
 * What the latest training's confidence threshold is and what it means (issue 34 item 6): the training's
 * notification shows the first two sentences, the intents screen all of them. The figures of the rule (1 % of the
 * templates, 40 templates, 0.8) are server/nlu/threshold.ts's; test/unit/threshold-summary.test.ts holds them equal.
 */
export interface ThresholdSummary {
  /** "Confidence threshold 0.52, chosen by this training." */
  title: string;
  /** What the threshold does to a message. */
  meaning: string;
  /** Why it is this value. */
  why: string;
  /** How the project's own templates fared at it in cross-validation. */
  figures: string;
}

const decimal = (value: number) => String(Number(value.toFixed(3)));
const percent = (share: number) => `${(share * 100).toFixed(0)} %`;

export function thresholdSummary(answer: EvaluationAnswer): ThresholdSummary | null {
  const choice = answer.threshold_choice;
  if (!choice || answer.threshold === null) return null;
  const threshold = decimal(answer.threshold);
  const chosen = decimal(choice.chosen);
  const title = choice.set_in_settings
    ? `Confidence threshold ${threshold}, set in Settings.`
    : `Confidence threshold ${threshold}, chosen by this training.`;
  const meaning = `A message whose best intent is less sure than ${threshold} gets the fallback reaction.`;
  const why = choice.set_in_settings
    ? `The project’s cross-validation chose ${chosen}; empty the field in Settings to use it.`
    : choice.basis === 'recall-cost'
      ? 'It is the highest at which the project’s cross-validation still recognises all but 1 % of its templates: the higher the threshold, the more off-topic messages it keeps out.'
      : choice.basis === 'ceiling'
        ? 'The project’s cross-validation allowed more; 0.8 is the highest a training chooses.'
        : choice.basis === 'default-floor'
          ? 'The default: the project’s own templates are recognised with little confidence in its cross-validation, and a lower threshold would let off-topic messages through. More templates per intent raise their confidence.'
          : 'The default: fewer than 40 templates are too few to choose one from.';
  const accuracy = answer.accuracy ?? 0;
  const figures = `In cross-validation ${percent(accuracy)} of the templates were recognised at it; ${percent(choice.accuracy_without_confidence)} had their intent ranked first.`;
  return { title, meaning, why, figures };
}

/** The finished training's notice: 'Successfully trained' (spec 2 §4) and the threshold it leaves the project with. */
export function trainedNotice(answer: EvaluationAnswer): Notice {
  const summary = thresholdSummary(answer);
  return {
    title: TRAIN_DONE,
    ...(summary ? { message: `${summary.title} ${summary.meaning}`, autoClose: TRAINED_NOTICE_MS } : {}),
    color: 'green',
  };
}

/** Two sentences to read: longer than a plain notice (6 s). */
export const TRAINED_NOTICE_MS = 10_000;
