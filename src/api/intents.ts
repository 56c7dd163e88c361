import type { z } from 'zod';
import { callApi } from './client.ts';
import { downloadCsv } from './csvDownload.ts';
import {
  deleteIntent as deleteIntentCall,
  deleteIntentTemplate as deleteIntentTemplateCall,
  getIntents as getIntentsCall,
  importIntents as importIntentsCall,
  insertIntentTemplate as insertIntentTemplateCall,
  type intentsListBody,
  putIntent,
  putNegatedTemplate as putNegatedTemplateCall,
  stripStopwords as stripStopwordsCall,
  updateIntents as updateIntentsCall,
} from './contract/intents.ts';

/** Typed calls of the intents screen (spec 2 §7), named as there. */

/** `mtime` (microseconds) asks for the intents as they were then (history). */
export const getIntents = (mtime?: number) => callApi(getIntentsCall, { query: { mtime } });

export const insertIntent = (name: string) => callApi(putIntent, { params: { id: -1 }, body: { name } });

export const updateIntent = (id: number, name: string) => callApi(putIntent, { params: { id }, body: { name } });

export const deleteIntent = (id: number) => callApi(deleteIntentCall, { params: { id } });

export const updateIntents = (list: z.input<typeof intentsListBody>) => callApi(updateIntentsCall, { body: list });

/** With `replaces`, an edit: the old text is deleted in the same transaction. */
export const insertIntentTemplate = (id: number, template: string, replaces?: string) =>
  callApi(insertIntentTemplateCall, { params: { id }, body: { template, replaces } });

export const deleteIntentTemplate = (id: number, template: string) =>
  callApi(deleteIntentTemplateCall, { params: { id }, query: { template } });

export const putNegatedTemplate = (templates: string[], language?: string) =>
  callApi(putNegatedTemplateCall, { body: { templates }, query: { language } });

export const stripStopwords = (template: string, language?: string) =>
  callApi(stripStopwordsCall, { body: { template }, query: { language } });

/** The CSV text; the screen saves it as `intentsExportFileName(projectId)`. */
export const getIntentsExport = async (): Promise<string> => {
  const { blob } = await downloadCsv('/intents', {}, 'intents.csv');
  return blob.text();
};

/** Multipart upload of the CSV in the field `file` (uploads carry no atime). */
export function importIntents(file: Blob, mode: 'merge' | 'replace' = 'merge') {
  const form = new FormData();
  form.append('file', file, 'intents.csv');
  return callApi(importIntentsCall, { body: form as never, query: { mode } });
}
