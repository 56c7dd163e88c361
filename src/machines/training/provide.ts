import { loadEvaluation, startTraining } from '../../api/training.ts';
import { fromPromise } from 'xstate';
import { trainingMachine } from './machine.ts';
import { noticeActions } from '../../console/notices.ts';

export const providedTrainingMachine = trainingMachine.provide({
  actors: { submitTraining: fromPromise(() => startTraining()), checkTraining: fromPromise(() => loadEvaluation()) },
  actions: noticeActions,
});
