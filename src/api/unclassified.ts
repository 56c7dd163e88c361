import { callApi } from './client.ts';
import {
  type ClassificationUndo,
  classifyUnclassified,
  getUnclassifiedIntents,
  markClassified,
  restoreUnclassified,
  setUnclassifiedClass,
} from './contract/unclassified.ts';

export const loadUnclassifiedIntents = (page: { offset?: number; limit?: number; search?: string } = {}) =>
  callApi(getUnclassifiedIntents, { query: page });

/** The phrase joins intent `intentId`'s templates and the fallback leaves the list (null: it just leaves). */
export const classifyFallback = (id: number, intentId: number | null, template?: string, keepAsTest = false) =>
  callApi(markClassified, { params: { id }, body: { intent_id: intentId, template, keep_as_test: keepAsTest } });

/** Bulk triage: several fallbacks, one class (null dismisses), optionally kept as steps of the intent's test. */
export const classifyFallbacks = (ids: number[], intentId: number | null, keepAsTest: boolean) =>
  callApi(classifyUnclassified, { body: { ids, intent_id: intentId, keep_as_test: keepAsTest } });

export const storeFallbackClass = (id: number, cls: string | null) =>
  callApi(setUnclassifiedClass, { params: { id }, body: { class: cls } });

/** Undo of a classification (issue 34): the fallback waits again, the template (and kept test step) it added goes. */
export const restoreFallback = (undo: ClassificationUndo) => callApi(restoreUnclassified, { body: undo });
