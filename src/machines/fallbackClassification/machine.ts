import type { DoneActorEvent, OutputFrom } from 'xstate';
import { assign, setup } from 'xstate';
import type { Notice } from '../../api/contract/notice.ts';
import { INTENT_TOASTS } from '../../api/contract/intents.ts';
import { type ClassificationUndo, keptTestNotice, type UnclassifiedIntent } from '../../api/contract/unclassified.ts';
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
  /** The suggested shortening of the open fallback's phrase, shown beside it; null when none differs (issue 34). */
  suggestion: string | null;
  /** What undoes the last classification while its window lasts; null once it is confirmed. */
  undo: ClassificationUndo | null;
  /** A fallback a link asked to open (the dashboard's "Not understood" list), opened once the list is loaded. */
  focus: number | null;
}

export interface FallbackClassificationInput {
  focus?: number | null;
}

/** Spec 1 §4 "Fallbacks": shown after classifying. */
export const NOT_RETRAINED_NOTE = 'The model is not retrained until you use Train NLU.';
export const FALLBACK_DISMISSED = 'Fallback removed';
/** How long a classification can be undone (the notification's Undo). */
export const UNDO_WINDOW_MS = 8000;
export const FALLBACK_TEXTS = {
  undo: 'Undo',
  undone: 'Classification undone: the message waits in the queue again',
  chooseClass: 'Choose a class to set',
  suggested: 'Suggested:',
  useSuggestion: 'Use',
  dismiss: 'Dismiss',
};

/** "Where can I park my car?" and "where can i park my car" are the same phrase: no suggestion then. */
const samePhrase = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

const currentItem = (context: FallbackClassificationContext) => context.items.find((i) => i.id === context.current);
/** The class the fallback already carries, when it names an intent. */
const classOf = (context: FallbackClassificationContext, item: UnclassifiedIntent | undefined) =>
  context.intents.find((i) => i.name === item?.class)?.id ?? null;

/**
 * The fallbacks screen (spec 1 §2, §4 "Fallbacks"): each unrecognised message can be classified inline with a
 * class; the phrase stays as the user wrote it, a suggested stripped phrase beside it applied only when chosen
 * (issue 34). Set Class needs a class, adds the phrase to the intent's templates and removes the item; a
 * classification (or a dismissal) can be undone for a few seconds.
 */
export const fallbackClassificationMachine = setup({
  types: {
    context: {} as FallbackClassificationContext,
    events: {} as FallbackClassificationEvent,
    input: {} as FallbackClassificationInput | undefined,
  },
  actors: fallbackClassificationActors,
  delays: { UNDO_WINDOW: UNDO_WINDOW_MS },
  guards: {
    /** Set Class needs a class and a phrase (issue 34: no class no longer discards the message). */
    cannotSetClass: ({ context }) => context.intentId === null || context.phrase.trim() === '',
    dismisses: ({ context }) => context.intentId === null,
    canApplyBulk: ({ context }) => context.selected.length > 0 && context.bulkIntentId !== null,
    hasSuggestion: ({ context }) => context.suggestion !== null,
    hasUndo: ({ context }) => context.undo !== null,
    /** The row is in the list (a classified one is gone: nothing to open or tick). */
    isListed: ({ context }, params: { id: number }) => context.items.some((i) => i.id === params.id),
    focusLoaded: ({ context }, params: { items: UnclassifiedIntent[] }) =>
      context.focus !== null && params.items.some((i) => i.id === context.focus),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    /** A notice with an Undo that sends `fallback.undo` (the provide.ts shows it with the button). */
    notifyUndoable: (_, _params: Notice) => {},
    notifyFailure: (_, _params: { error: unknown }) => {},
    open: assign(({ context, event }) => {
      const id = event.type === 'fallback.open' ? event.id : null;
      const item = context.items.find((i) => i.id === id);
      return { current: id, phrase: item?.intent ?? '', intentId: classOf(context, item), suggestion: null };
    }),
    openFocus: assign(({ context }) => {
      const item = context.items.find((i) => i.id === context.focus);
      return {
        current: context.focus,
        phrase: item?.intent ?? '',
        intentId: classOf(context, item),
        suggestion: null,
        focus: null,
      };
    }),
    forgetFocus: assign({ focus: null }),
    rememberUndo: assign({
      undo: (
        _,
        event: DoneActorEvent<OutputFrom<(typeof fallbackClassificationActors)['classify']>>,
      ): ClassificationUndo | null => event.output.undo ?? null,
    }),
    /** The window passed (or another fallback was opened): the classification stays. */
    confirmUndo: assign({ undo: null }),
    forgetUndone: assign(({ context }) => ({ undo: null, classified: Math.max(0, context.classified - 1) })),
    chooseNoClass: assign({ intentId: null }),
    useSuggestion: assign({ phrase: ({ context }) => context.suggestion ?? context.phrase }),
    removeCurrent: assign(({ context }) => ({
      items: context.items.filter((i) => i.id !== context.current),
      total: Math.max(0, context.total - 1),
      current: null,
      phrase: '',
      intentId: null,
      suggestion: null,
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
    storeSuggestion: assign({
      suggestion: (
        { context },
        event: DoneActorEvent<OutputFrom<(typeof fallbackClassificationActors)['suggestPhrase']>>,
      ) => {
        const suggested = event.output.trim();
        return suggested && !samePhrase(suggested, context.phrase) ? suggested : null;
      },
    }),
    rememberPhrase: assign({
      phrase: (_, event: Extract<FallbackClassificationEvent, { type: 'fallback.phrase' }>) => event.value,
    }),
    rememberIntentId: assign({
      intentId: (_, event: Extract<FallbackClassificationEvent, { type: 'fallback.class' }>) => event.intentId,
    }),
    clearCurrentAndPhraseEtc: assign({ current: null, phrase: '', intentId: null, suggestion: null }),
  },
}).createMachine({
  id: 'fallbackClassification',
  description: 'Fallbacks screen: unrecognised phrases one by one, each classified into an intent or skipped.',
  context: ({ input }) => ({
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
    suggestion: null,
    undo: null,
    focus: input?.focus ?? null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading unclassified intents (most issued first) and the intents to classify into.',
      tags: ['loading'],
      invoke: {
        id: 'loadFallbacks',
        src: 'loadFallbacks',
        input: () => undefined,
        onDone: [
          {
            // A link asked for this fallback: its classification opens at once.
            guard: { type: 'focusLoaded', params: ({ event }) => ({ items: event.output.items }) },
            target: 'suggesting',
            actions: [{ type: 'storeCurrentAndPhraseEtc', params: ({ event }) => event }, 'openFocus'],
          },
          {
            target: 'browsing',
            actions: [{ type: 'storeCurrentAndPhraseEtc', params: ({ event }) => event }, 'forgetFocus'],
          },
        ],
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
      initial: 'idle',
      states: {
        idle: { description: 'Nothing to undo.' },
        undoable: {
          description:
            "The last classification can be undone (the notification's Undo) until the window passes; opening another fallback confirms it.",
          after: { UNDO_WINDOW: { target: 'idle', actions: 'confirmUndo' } },
          on: { 'fallback.undo': { guard: 'hasUndo', target: '#fallbackClassification.undoing' } },
        },
      },
      on: {
        'fallback.open': {
          guard: { type: 'isListed', params: ({ event }) => event },
          target: 'suggesting',
          actions: ['confirmUndo', 'open'],
        },
        'fallbacks.reload': 'loading',
        'fallback.keepAsTest': { actions: 'setKeepAsTest' },
        'fallback.select': {
          guard: { type: 'isListed', params: ({ event }) => event },
          actions: { type: 'rememberSelected', params: ({ event }) => event },
        },
        'fallbacks.bulkClass': { actions: { type: 'rememberBulkIntentId', params: ({ event }) => event } },
        'fallbacks.bulkApply': { guard: 'canApplyBulk', target: 'bulkSaving' },
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
      description: 'POST /intents/strip-stopwords suggests a shortening, shown beside the phrase as written.',
      tags: ['busy'],
      invoke: {
        id: 'suggestPhrase',
        src: 'suggestPhrase',
        input: ({ context }) => ({ template: currentItem(context)?.intent ?? '' }),
        // The phrase stays as written; a shortening that differs is shown beside it (issue 34).
        onDone: {
          target: 'classifying',
          actions: { type: 'storeSuggestion', params: ({ event }) => event },
        },
        onError: 'classifying',
      },
    },
    classifying: {
      description:
        'The phrase (as written, or the suggestion when chosen) and the class are chosen inline; Set Class needs a class.',
      on: {
        'fallback.phrase': { actions: { type: 'rememberPhrase', params: ({ event }) => event } },
        'fallback.useSuggestion': { guard: 'hasSuggestion', actions: 'useSuggestion' },
        'fallback.class': { actions: { type: 'rememberIntentId', params: ({ event }) => event } },
        'fallback.setClass': [{ guard: 'cannotSetClass' }, { target: 'saving' }],
        'fallback.dismiss': { target: 'saving', actions: 'chooseNoClass' },
        'fallback.keepAsTest': { actions: 'setKeepAsTest' },
        'fallback.cancel': { target: 'browsing', actions: 'clearCurrentAndPhraseEtc' },
        'fallback.open': {
          guard: { type: 'isListed', params: ({ event }) => event },
          target: 'suggesting',
          actions: 'open',
        },
      },
    },
    undoing: {
      description:
        'POST /intents/unclassified/restore: the fallback waits again, the template (and kept test step) goes; then the list reloads.',
      tags: ['busy'],
      invoke: {
        id: 'restore',
        src: 'restore',
        input: ({ context }) => context.undo as ClassificationUndo,
        onDone: {
          target: 'loading',
          actions: ['forgetUndone', { type: 'notify', params: { title: FALLBACK_TEXTS.undone, color: 'blue' } }],
        },
        onError: {
          target: 'browsing',
          actions: ['confirmUndo', { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    saving: {
      description:
        'POST /intents/{id}/mark-classified: the phrase joins the intent (or, dismissed, nothing), the fallback goes; undoable for a while.',
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
            target: 'browsing.undoable',
            actions: [
              'removeCurrent',
              { type: 'rememberUndo', params: ({ event }) => event },
              {
                type: 'notifyUndoable',
                params: { title: FALLBACK_DISMISSED, color: 'green', autoClose: UNDO_WINDOW_MS },
              },
            ],
          },
          {
            target: 'browsing.undoable',
            actions: [
              'removeCurrent',
              { type: 'rememberUndo', params: ({ event }) => event },
              {
                type: 'notifyUndoable',
                params: ({ event }) => ({
                  title: event.output.test ? keptTestNotice(event.output.test) : INTENT_TOASTS.templateAdded,
                  message: NOT_RETRAINED_NOTE,
                  color: 'green',
                  autoClose: UNDO_WINDOW_MS,
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
