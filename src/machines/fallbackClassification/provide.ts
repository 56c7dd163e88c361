import { getIntents, stripStopwords } from '../../api/intents.ts';
import { classifyUnclassified, getUnclassifiedIntents, markClassified } from '../../api/unclassified.ts';
import { fromPromise } from 'xstate';
import { fallbackClassificationMachine } from './machine.ts';
import { noticeActions } from '../../console/notices.ts';
import { FALLBACKS_PAGE_LIMIT } from './actors.ts';

export const providedFallbackClassificationMachine = fallbackClassificationMachine.provide({
  actors: {
    loadFallbacks: fromPromise(async () => {
      const [page, intents] = await Promise.all([
        getUnclassifiedIntents({ limit: FALLBACKS_PAGE_LIMIT }),
        getIntents(),
      ]);
      return { items: page.items, total: page.total, intents: intents.map(({ id, name }) => ({ id, name })) };
    }),
    suggestPhrase: fromPromise(async ({ input }) => (await stripStopwords(input.template)).preprocessed),
    classify: fromPromise(({ input }) => markClassified(input.id, input.intentId, input.template, input.keepAsTest)),
    classifyMany: fromPromise(({ input }) => classifyUnclassified(input.ids, input.intentId, input.keepAsTest)),
  },
  actions: noticeActions,
});
