import { callApi } from './client.ts';
import {
  getSynonyms as getSynonymsCall,
  type Synonym,
  updateSynonyms as updateSynonymsCall,
} from './contract/synonyms.ts';

export const getSynonyms = (mtime?: number) => callApi(getSynonymsCall, { query: { mtime } });

/** 'Save Synonyms': the whole list. */
export const updateSynonyms = (list: Synonym[]) => callApi(updateSynonymsCall, { body: list });
