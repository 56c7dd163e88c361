import { callApi } from './client.ts';
import {
  getUnclassifiedIntents as getUnclassifiedIntentsCall,
  markClassified as markClassifiedCall,
  setUnclassifiedClass as setUnclassifiedClassCall,
} from './contract/unclassified.ts';

export const getUnclassifiedIntents = (page: { offset?: number; limit?: number; search?: string } = {}) =>
  callApi(getUnclassifiedIntentsCall, { query: page });

/** The phrase joins intent `intentId`'s templates and the fallback leaves the list (null: it just leaves). */
export const markClassified = (id: number, intentId: number | null, template?: string) =>
  callApi(markClassifiedCall, { params: { id }, body: { intent_id: intentId, template } });

export const setUnclassifiedClass = (id: number, cls: string | null) =>
  callApi(setUnclassifiedClassCall, { params: { id }, body: { class: cls } });
