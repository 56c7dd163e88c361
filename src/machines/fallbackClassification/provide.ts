import { loadIntents, withoutStopwords } from '../../api/intents.ts';
import {
  classifyFallbacks,
  loadUnclassifiedIntents,
  classifyFallback,
  restoreFallback,
} from '../../api/unclassified.ts';
import { fromPromise } from 'xstate';
import { FALLBACK_TEXTS, fallbackClassificationMachine } from './machine.ts';
import { noticeActions, showNoticeWithAction } from '../../console/notices.ts';
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
    restore: fromPromise(({ input }) => restoreFallback(input)),
  },
  actions: {
    ...noticeActions,
    notifyUndoable: ({ self }, params) =>
      showNoticeWithAction(params, {
        label: FALLBACK_TEXTS.undo,
        onAction: () => self.send({ type: 'fallback.undo' }),
      }),
  },
});
