import type { DoneActorEvent, OutputFrom } from 'xstate';
import { assign, setup } from 'xstate';
import type { Notice } from '../../api/contract/notice.ts';
import { INTENT_TOASTS } from '../../api/contract/intents.ts';
import { keptTestNotice, type UnclassifiedIntent } from '../../api/contract/unclassified.ts';
import { fallbackClassificationActors } from './actors.ts';
import type { FallbackClassificationEvent } from './events.ts';

export interface FallbackClassificationContext {
  items: UnclassifiedIntent[];
  total: number;
  intents: { id: number; name: string }[];
  /** The fallback being classified. */
  current: number | null;
  phrase: string;
  intentId: number | null;
  /** Classified since the screen loaded: the model is not retrained until Train NLU. */
  classified: number;
  /** "Keep as test" (issue 19): classifying also adds the phrase as a step of the intent's test. */
  keepAsTest: boolean;
  /** Bulk: the checked rows and their one class. */
  selected: number[];
  bulkIntentId: number | null;
}

/** Spec 1 §4 "Fallbacks": shown after classifying. */
export const NOT_RETRAINED_NOTE = 'The model is not retrained until you use Train NLU.';
export const FALLBACK_DISMISSED = 'Fallback removed';

const currentItem = (context: FallbackClassificationContext) => context.items.find((i) => i.id === context.current);
/** The class the fallback already carries, when it names an intent. */
const classOf = (context: FallbackClassificationContext, item: UnclassifiedIntent | undefined) =>
  context.intents.find((i) => i.name === item?.class)?.id ?? null;

/**
 * The fallbacks screen (spec 1 §2, §4 "Fallbacks"): each unrecognised message can be classified inline with a
 * suggested stripped phrase and a class; Set Class adds the phrase to the intent's templates and removes the
 * item.
 */
export const fallbackClassificationMachine = setup({
  types: {
    context: {} as FallbackClassificationContext,
    events: {} as FallbackClassificationEvent,
  },
  actors: fallbackClassificationActors,
  guards: {
    phraseBlank: ({ context }) => context.intentId !== null && context.phrase.trim() === '',
    dismisses: ({ context }) => context.intentId === null,
    hasSelection: ({ context }) => context.selected.length > 0,
  },
  actions: {
    notify: (_, _params: Notice) => {},
    notifyFailure: (_, _params: { error: unknown }) => {},
    open: assign(({ context, event }) => {
      const id = event.type === 'fallback.open' ? event.id : null;
      const item = context.items.find((i) => i.id === id);
      return { current: id, phrase: item?.intent ?? '', intentId: classOf(context, item) };
    }),
    removeCurrent: assign(({ context }) => ({
      items: context.items.filter((i) => i.id !== context.current),
      total: Math.max(0, context.total - 1),
      current: null,
      phrase: '',
      intentId: null,
      classified: context.classified + 1,
      selected: context.selected.filter((id) => id !== context.current),
    })),
    removeSelected: assign(({ context }) => ({
      items: context.items.filter((i) => !context.selected.includes(i.id)),
      total: Math.max(0, context.total - context.selected.length),
      classified: context.classified + context.selected.length,
      selected: [],
    })),
    setKeepAsTest: assign({
      keepAsTest: ({ context, event }) => (event.type === 'fallback.keepAsTest' ? event.on : context.keepAsTest),
    }),
    storeCurrentAndPhraseEtc: assign(
      (_, event: DoneActorEvent<OutputFrom<(typeof fallbackClassificationActors)['loadFallbacks']>>) => ({
        ...event.output,
        current: null,
        phrase: '',
        intentId: null,
        selected: [],
      }),
    ),
    rememberSelected: assign({
      selected: ({ context }, event: Extract<FallbackClassificationEvent, { type: 'fallback.select' }>) =>
        event.on ? [...new Set([...context.selected, event.id])] : context.selected.filter((id) => id !== event.id),
    }),
    rememberBulkIntentId: assign({
      bulkIntentId: (_, event: Extract<FallbackClassificationEvent, { type: 'fallbacks.bulkClass' }>) => event.intentId,
    }),
    storePhrase: assign({
      phrase: (
        { context },
        event: DoneActorEvent<OutputFrom<(typeof fallbackClassificationActors)['suggestPhrase']>>,
      ) => event.output.trim() || context.phrase,
    }),
    rememberPhrase: assign({
      phrase: (_, event: Extract<FallbackClassificationEvent, { type: 'fallback.phrase' }>) => event.value,
    }),
    rememberIntentId: assign({
      intentId: (_, event: Extract<FallbackClassificationEvent, { type: 'fallback.class' }>) => event.intentId,
    }),
    clearCurrentAndPhraseEtc: assign({ current: null, phrase: '', intentId: null }),
  },
}).createMachine({
  id: 'fallbackClassification',
  description: 'Fallbacks screen: unrecognised phrases one by one, each classified into an intent or skipped.',
  context: {
    items: [],
    total: 0,
    intents: [],
    current: null,
    phrase: '',
    intentId: null,
    classified: 0,
    keepAsTest: false,
    selected: [],
    bulkIntentId: null,
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading unclassified intents (most issued first) and the intents to classify into.',
      tags: ['loading'],
      invoke: {
        id: 'loadFallbacks',
        src: 'loadFallbacks',
        input: () => undefined,
        onDone: {
          target: 'browsing',
          actions: { type: 'storeCurrentAndPhraseEtc', params: ({ event }) => event },
        },
        onError: {
          target: 'failed',
          actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: 'The fallbacks could not be loaded.',
      on: { 'fallbacks.reload': 'loading' },
    },
    browsing: {
      description: 'The list; a row opens its inline classification; checked rows get one class in one click.',
      on: {
        'fallback.open': { target: 'suggesting', actions: 'open' },
        'fallbacks.reload': 'loading',
        'fallback.keepAsTest': { actions: 'setKeepAsTest' },
        'fallback.select': {
          actions: { type: 'rememberSelected', params: ({ event }) => event },
        },
        'fallbacks.bulkClass': { actions: { type: 'rememberBulkIntentId', params: ({ event }) => event } },
        'fallbacks.bulkApply': { guard: 'hasSelection', target: 'bulkSaving' },
      },
    },
    bulkSaving: {
      description: 'POST /intents/unclassified/classify: the checked phrases join the class (kept as tests if asked).',
      tags: ['busy'],
      invoke: {
        id: 'classifyMany',
        src: 'classifyMany',
        input: ({ context }) => ({
          ids: context.selected,
          intentId: context.bulkIntentId,
          keepAsTest: context.keepAsTest && context.bulkIntentId !== null,
        }),
        onDone: {
          target: 'browsing',
          actions: [
            'removeSelected',
            {
              type: 'notify',
              params: ({ event }) => ({
                title: event.output.test ? keptTestNotice(event.output.test) : `${event.output.classified} classified`,
                message: NOT_RETRAINED_NOTE,
                color: 'green',
              }),
            },
          ],
        },
        onError: {
          target: 'browsing',
          actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    suggesting: {
      description: 'POST /intents/strip-stopwords suggests the phrase without stop words.',
      tags: ['busy'],
      invoke: {
        id: 'suggestPhrase',
        src: 'suggestPhrase',
        input: ({ context }) => ({ template: currentItem(context)?.intent ?? '' }),
        // An empty suggestion (only stop words) keeps the message as it was.
        onDone: {
          target: 'classifying',
          actions: { type: 'storePhrase', params: ({ event }) => event },
        },
        onError: 'classifying',
      },
    },
    classifying: {
      description: 'The phrase and the class are chosen inline.',
      on: {
        'fallback.phrase': { actions: { type: 'rememberPhrase', params: ({ event }) => event } },
        'fallback.class': { actions: { type: 'rememberIntentId', params: ({ event }) => event } },
        'fallback.setClass': [{ guard: 'phraseBlank' }, { target: 'saving' }],
        'fallback.keepAsTest': { actions: 'setKeepAsTest' },
        'fallback.cancel': { target: 'browsing', actions: 'clearCurrentAndPhraseEtc' },
        'fallback.open': { target: 'suggesting', actions: 'open' },
      },
    },
    saving: {
      description: 'POST /intents/{id}/mark-classified: the phrase joins the intent, the fallback goes.',
      tags: ['busy'],
      invoke: {
        id: 'classify',
        src: 'classify',
        input: ({ context }) => ({
          id: context.current ?? -1,
          intentId: context.intentId,
          template: context.phrase.trim(),
          keepAsTest: context.keepAsTest && context.intentId !== null,
        }),
        onDone: [
          {
            guard: 'dismisses',
            target: 'browsing',
            actions: ['removeCurrent', { type: 'notify', params: { title: FALLBACK_DISMISSED, color: 'green' } }],
          },
          {
            target: 'browsing',
            actions: [
              'removeCurrent',
              {
                type: 'notify',
                params: ({ event }) => ({
                  title: event.output.test ? keptTestNotice(event.output.test) : INTENT_TOASTS.templateAdded,
                  message: NOT_RETRAINED_NOTE,
                  color: 'green',
                }),
              },
            ],
          },
        ],
        onError: {
          target: 'classifying',
          actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
