import {
  deleteIntent as deleteIntentCall,
  deleteIntentTemplate as deleteIntentTemplateCall,
  getIntents as getIntentsCall,
  getIntentsExport as getIntentsExportCall,
  importIntents as importIntentsCall,
  insertIntentTemplate as insertIntentTemplateCall,
  putIntent as putIntentCall,
  putNegatedTemplate as putNegatedTemplateCall,
  stripStopwords as stripStopwordsCall,
} from './contract/intents.ts';
import { callApi } from './client.ts';

/** Validation refusals (400) carry a readable message the screens show themselves, so the client stays quiet. */
const quiet400 = { expectedStatuses: [400] };

export const getIntents = () => callApi(getIntentsCall);
/** insertIntent: PUT /intent/-1, answers the new id. */
export const insertIntent = (name: string) => callApi(putIntentCall, { params: { id: -1 }, body: { name }, ...quiet400 });
/** updateIntent: renames (a positive intent's '[NEG]' twin and reaction references too, on the server). */
export const renameIntent = (id: number, name: string) =>
  callApi(putIntentCall, { params: { id }, body: { name }, ...quiet400 });
export const deleteIntent = (id: number) => callApi(deleteIntentCall, { params: { id } });
/** One template only: saving a template never resends the whole list. `replaces` makes it an edit. */
export const insertIntentTemplate = (id: number, template: string, replaces?: string) =>
  callApi(insertIntentTemplateCall, { params: { id }, body: { template, replaces }, ...quiet400 });
export const deleteIntentTemplate = (id: number, template: string) =>
  callApi(deleteIntentTemplateCall, { params: { id }, query: { template } });
export const putNegatedTemplate = (templates: string[]) => callApi(putNegatedTemplateCall, { body: { templates } });
export const stripStopwords = (template: string) => callApi(stripStopwordsCall, { body: { template } });
export const getIntentsExport = () => callApi(getIntentsExportCall, { query: { format: 'csv' } });
/** PUT /intents/import, multipart field `file`, all or nothing. */
export const importIntents = (file: Blob, mode: 'merge' | 'replace' = 'merge') => {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'intents.csv');
  return callApi(importIntentsCall, {
    query: { mode },
    body: form as unknown as undefined,
    ...quiet400,
  });
};
