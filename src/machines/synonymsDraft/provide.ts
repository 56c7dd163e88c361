import type { Synonym } from '../../api/contract/synonyms.ts';
import { getSynonyms, updateSynonyms } from '../../api/synonyms.ts';
import { fromPromise } from 'xstate';
import { synonymsDraftMachine } from './machine.ts';
import { noticeActions } from '../../console/notices.ts';

export const providedSynonymsDraftMachine = synonymsDraftMachine.provide({
  actors: {
    loadSynonyms: fromPromise<Synonym[]>(() => getSynonyms()),
    saveSynonyms: fromPromise(({ input }) => updateSynonyms(input.synonyms)),
  },
  actions: noticeActions,
});
