import { callApi } from './client.ts';
import {
  deleteQaTraining,
  exportQaTrainings,
  getQaEvaluation,
  getQaTrainings,
  importQaTrainings,
  putQaTraining,
  type QaTrainingBody,
  runQaEvaluation,
} from './contract/qa-trainings.ts';

/** Typed calls of the QA trainings screen. */

export const loadQaTrainings = () => callApi(getQaTrainings);

/** `id` null creates (PUT /qa-trainings/-1). */
export const saveQaTraining = (id: number | null, body: QaTrainingBody) =>
  callApi(putQaTraining, { params: { id: id ?? -1 }, body, expectedStatuses: [400] });

export const removeQaTraining = (id: number) => callApi(deleteQaTraining, { params: { id } });

/** The CSV `question,knowledge_id,link` as text. */
/** The screen's one toast on failure is 'Cannot download file!'; an expired session still shows the login. */
export const loadQaTrainingsCsv = () => callApi(exportQaTrainings, { ownsFailure: true });

/** Multipart upload in the field `file`; a bad row's "Line N: ..." is the screen's to show. */
export function importQaTrainingsFromFile(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return callApi(importQaTrainings, { body: form as never, ownsFailure: true });
}

export const startQaEvaluation = () => callApi(runQaEvaluation);

export const loadQaEvaluation = () => callApi(getQaEvaluation);
