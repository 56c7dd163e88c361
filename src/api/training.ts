import { callApi } from './client.ts';
import {
  getEvaluation as getEvaluationCall,
  reloadWorker as reloadWorkerCall,
  runTrain as runTrainCall,
} from './contract/training.ts';

/** Queues training of the draft model; poll getEvaluation until its status is done or failed. */
export const runTrain = () => callApi(runTrainCall);

export const getEvaluation = () => callApi(getEvaluationCall);

export const reloadWorker = () => callApi(reloadWorkerCall);
