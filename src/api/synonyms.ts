import { callApi } from './client.ts';
import { getSynonyms, type Synonym, updateSynonyms } from './contract/synonyms.ts';

export const loadSynonyms = (mtime?: number) => callApi(getSynonyms, { query: { mtime } });

/** 'Save Synonyms': the whole list. */
export const saveSynonyms = (list: Synonym[]) => callApi(updateSynonyms, { body: list });
