import {
  getUnclassifiedIntents as getUnclassifiedIntentsCall,
  markClassified as markClassifiedCall,
} from './contract/unclassified.ts';
import { callApi } from './client.ts';

export const getUnclassifiedIntents = (query: { offset?: number; limit?: number; search?: string } = {}) =>
  callApi(getUnclassifiedIntentsCall, { query });
/** Adds `template` to intent `intentId` (null: no class) and removes the fallback. */
export const markClassified = (id: number, intentId: number | null, template?: string) =>
  callApi(markClassifiedCall, { params: { id }, body: { intent_id: intentId, template } });
