import type { Synonym } from '../../api/contract/synonyms.ts';
import { loadSynonyms, saveSynonyms } from '../../api/synonyms.ts';
import { fromPromise } from 'xstate';
import { synonymsDraftMachine } from './machine.ts';
import { noticeActions } from '../../console/notices.ts';

export const providedSynonymsDraftMachine = synonymsDraftMachine.provide({
  actors: {
    loadSynonyms: fromPromise<Synonym[]>(() => loadSynonyms()),
    saveSynonyms: fromPromise(({ input }) => saveSynonyms(input.synonyms)),
  },
  actions: noticeActions,
});
