import { callApi } from './client.ts';
import {
  deleteQaTraining as deleteQaTrainingCall,
  exportQaTrainings as exportQaTrainingsCall,
  getQaEvaluation as getQaEvaluationCall,
  getQaTrainings as getQaTrainingsCall,
  importQaTrainings as importQaTrainingsCall,
  putQaTraining,
  type QaTrainingBody,
  runQaEvaluation as runQaEvaluationCall,
} from './contract/qa-trainings.ts';

/** Typed calls of the QA trainings screen. */

export const getQaTrainings = () => callApi(getQaTrainingsCall);

/** `id` null creates (PUT /qa-trainings/-1). */
export const saveQaTraining = (id: number | null, body: QaTrainingBody) =>
  callApi(putQaTraining, { params: { id: id ?? -1 }, body, expectedStatuses: [400] });

export const deleteQaTraining = (id: number) => callApi(deleteQaTrainingCall, { params: { id } });

/** The CSV `question,knowledge_id,link` as text. */
export const exportQaTrainings = () => callApi(exportQaTrainingsCall);

/** Multipart upload in the field `file`; a bad row's "Line N: ..." is the screen's to show. */
export function importQaTrainings(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return callApi(importQaTrainingsCall, { body: form as never, expectedStatuses: [400, 413, 415] });
}

export const runQaEvaluation = () => callApi(runQaEvaluationCall);

export const getQaEvaluation = () => callApi(getQaEvaluationCall);
