import { fromPromise } from 'xstate';
import type { CallResult } from '../../api/contract/call.ts';
import type { getEvaluation, runTrain } from '../../api/contract/training.ts';

export type TrainAnswer = CallResult<typeof runTrain>;
/** GET /intents/evaluation: the training status, the latest evaluation and clashes. */
export type EvaluationAnswer = CallResult<typeof getEvaluation>;

const notProvided = (name: string) => () => Promise.reject(new Error(`training actor ${name} not provided`));

/** Typed placeholders; the chart's provide.ts gives the real ones, tests give fakes. */
export const trainingActors = {
  submitTraining: fromPromise<TrainAnswer>(notProvided('submitTraining')),
  checkTraining: fromPromise<EvaluationAnswer>(notProvided('checkTraining')),
};
