import { getEvaluation as getEvaluationCall, reloadWorker as reloadWorkerCall, runTrain as runTrainCall } from './contract/training.ts';
import { callApi } from './client.ts';

export const runTrain = () => callApi(runTrainCall);
export const getEvaluation = () => callApi(getEvaluationCall);
export const reloadWorker = () => callApi(reloadWorkerCall);
