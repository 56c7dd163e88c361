import { callApi } from './client.ts';
import {
  classifyUnclassified as classifyUnclassifiedCall,
  getUnclassifiedIntents as getUnclassifiedIntentsCall,
  markClassified as markClassifiedCall,
  setUnclassifiedClass as setUnclassifiedClassCall,
} from './contract/unclassified.ts';

export const getUnclassifiedIntents = (page: { offset?: number; limit?: number; search?: string } = {}) =>
  callApi(getUnclassifiedIntentsCall, { query: page });

/** The phrase joins intent `intentId`'s templates and the fallback leaves the list (null: it just leaves). */
export const markClassified = (id: number, intentId: number | null, template?: string, keepAsTest = false) =>
  callApi(markClassifiedCall, { params: { id }, body: { intent_id: intentId, template, keep_as_test: keepAsTest } });

/** Bulk triage: several fallbacks, one class (null dismisses), optionally kept as steps of the intent's test. */
export const classifyUnclassified = (ids: number[], intentId: number | null, keepAsTest: boolean) =>
  callApi(classifyUnclassifiedCall, { body: { ids, intent_id: intentId, keep_as_test: keepAsTest } });

export const setUnclassifiedClass = (id: number, cls: string | null) =>
  callApi(setUnclassifiedClassCall, { params: { id }, body: { class: cls } });
