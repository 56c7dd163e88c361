import { callApi } from './client.ts';
import {
  deleteKnowledge,
  getKnowledges,
  getReindexStatus,
  importKnowledgeCsv,
  importKnowledgeFile,
  importKnowledgeUrl,
  type KnowledgeBody,
  putKnowledge,
  runReindex,
  searchKnowledge,
} from './contract/knowledges.ts';

/** Typed calls of the knowledge base screen (spec 2 §7: GET /knowledges, PUT .../-1, PUT/DELETE .../{id}, reindex). */

/** `mtime` (microseconds) asks for the entries as they were then (History). */
export const loadKnowledges = (mtime?: number) => callApi(getKnowledges, { query: { mtime } });

/** A refusal (empty knowledge, a link that is not http(s)) is shown in the dialog, not as a toast. */
export const insertKnowledge = (body: KnowledgeBody) =>
  callApi(putKnowledge, { params: { id: -1 }, body, expectedStatuses: [400] });

export const updateKnowledge = (id: number, body: KnowledgeBody) =>
  callApi(putKnowledge, { params: { id }, body, expectedStatuses: [400] });

export const removeKnowledge = (id: number) => callApi(deleteKnowledge, { params: { id } });

// The import dialog shows a refusal's reason itself (a private address, a corrupt PDF, "Line 4: ..."), and any other
// failure's message: the client's table adds no 'Error!' beside it (`ownsFailure`).

export const importKnowledgeFromUrl = (url: string) =>
  callApi(importKnowledgeUrl, { body: { url }, ownsFailure: true });

export const importKnowledgeFromFile = (file: string) =>
  callApi(importKnowledgeFile, { body: { file }, ownsFailure: true });

/** Multipart upload of a CSV `link,knowledge` in the field `file` (uploads carry no atime). */
export function importKnowledgeFromCsv(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return callApi(importKnowledgeCsv, { body: form as never, ownsFailure: true });
}

export const startReindex = () => callApi(runReindex);

export const loadReindexStatus = () => callApi(getReindexStatus);

/** "Try a question"; an empty or over-long question is the box's own message, not 'Error!'. */
export const askKnowledge = (question: string) =>
  callApi(searchKnowledge, { body: { question, limit: 5 }, expectedStatuses: [400] });
