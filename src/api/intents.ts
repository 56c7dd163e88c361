import type { z } from 'zod';
import { callApi } from './client.ts';
import { downloadCsv } from './csvDownload.ts';
import {
  deleteIntent,
  deleteIntentTemplate,
  getIntents,
  importIntents,
  insertIntentTemplate,
  type intentsListBody,
  putIntent,
  putNegatedTemplate,
  stripStopwords,
  updateIntents,
} from './contract/intents.ts';

/** Typed calls of the intents screen (spec 2 §7), named as there. */

/** `mtime` (microseconds) asks for the intents as they were then (history). */
export const loadIntents = (mtime?: number) => callApi(getIntents, { query: { mtime } });

export const insertIntent = (name: string) => callApi(putIntent, { params: { id: -1 }, body: { name } });

export const updateIntent = (id: number, name: string) => callApi(putIntent, { params: { id }, body: { name } });

export const removeIntent = (id: number) => callApi(deleteIntent, { params: { id } });

export const saveIntents = (list: z.input<typeof intentsListBody>) => callApi(updateIntents, { body: list });

/** With `replaces`, an edit: the old text is deleted in the same transaction. */
export const addIntentTemplate = (id: number, template: string, replaces?: string) =>
  callApi(insertIntentTemplate, { params: { id }, body: { template, replaces } });

export const removeIntentTemplate = (id: number, template: string) =>
  callApi(deleteIntentTemplate, { params: { id }, query: { template } });

export const negateTemplates = (templates: string[], language?: string) =>
  callApi(putNegatedTemplate, { body: { templates }, query: { language } });

export const withoutStopwords = (template: string, language?: string) =>
  callApi(stripStopwords, { body: { template }, query: { language } });

/** The CSV text; the screen saves it as `intentsExportFileName(projectId)`. */
export const loadIntentsCsv = async (): Promise<string> => {
  const { blob } = await downloadCsv('/intents', {}, 'intents.csv');
  return blob.text();
};

/**
 * Multipart upload of the CSV in the field `file` (uploads carry no atime). The screen's one toast, 'Cannot upload
 * files!', carries the server's message ("Line 3: The file is not a valid CSV ...").
 */
export function importIntentsFromFile(file: Blob, mode: 'merge' | 'replace' = 'merge') {
  const form = new FormData();
  form.append('file', file, 'intents.csv');
  return callApi(importIntents, { body: form as never, query: { mode }, ownsFailure: true });
}
