import { getSynonyms as getSynonymsCall, type Synonym, updateSynonyms as updateSynonymsCall } from './contract/synonyms.ts';
import { callApi } from './client.ts';

export const getSynonyms = () => callApi(getSynonymsCall);
/** updateSynonyms: the whole list at once ('Save Synonyms'). */
export const updateSynonyms = (list: Synonym[]) => callApi(updateSynonymsCall, { body: list, expectedStatuses: [400] });
