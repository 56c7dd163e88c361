import { loadIntents, withoutStopwords } from '../../api/intents.ts';
import { classifyFallbacks, loadUnclassifiedIntents, classifyFallback } from '../../api/unclassified.ts';
import { fromPromise } from 'xstate';
import { fallbackClassificationMachine } from './machine.ts';
import { noticeActions } from '../../console/notices.ts';
import { FALLBACKS_PAGE_LIMIT } from './actors.ts';

export const providedFallbackClassificationMachine = fallbackClassificationMachine.provide({
  actors: {
    loadFallbacks: fromPromise(async () => {
      const [page, intents] = await Promise.all([
        loadUnclassifiedIntents({ limit: FALLBACKS_PAGE_LIMIT }),
        loadIntents(),
      ]);
      return { items: page.items, total: page.total, intents: intents.map(({ id, name }) => ({ id, name })) };
    }),
    suggestPhrase: fromPromise(async ({ input }) => (await withoutStopwords(input.template)).preprocessed),
    classify: fromPromise(({ input }) => classifyFallback(input.id, input.intentId, input.template, input.keepAsTest)),
    classifyMany: fromPromise(({ input }) => classifyFallbacks(input.ids, input.intentId, input.keepAsTest)),
  },
  actions: noticeActions,
});
