import { assign, fromPromise, setup } from 'xstate';
import type { Notice } from '../../api/contract/notice.ts';
import { type KeptTest, keptTestNotice } from '../../api/contract/unclassified.ts';

/** What a user said in one conversation, as the logs' transcript shows it (with the intent it reached). */
export interface SaidPhrase {
  text: string;
  intent: string | null;
}

export interface PhraseTriageContext {
  phrases: SaidPhrase[];
  intents: { id: number; name: string }[];
  selected: string[];
  intentId: number | null;
  keepAsTest: boolean;
  /** Phrases classified since the conversation opened (shown as done). */
  done: string[];
}

export type PhraseTriageEvent =
  | { type: 'triage.select'; text: string; on: boolean }
  | { type: 'triage.class'; intentId: number | null }
  | { type: 'triage.keepAsTest'; on: boolean }
  /** Classify selected. */
  | { type: 'triage.apply' }
  | { type: 'triage.retry' };

export const PHRASE_TRIAGE_TEXTS = {
  loadFailed: 'The intents could not be loaded.',
  classified: (n: number) => `${n} ${n === 1 ? 'phrase' : 'phrases'} added to the intent`,
  notRetrained: 'The model is not retrained until you use Train NLU.',
};

const notProvided = (name: string) => () => Promise.reject(new Error(`phraseTriage actor ${name} not provided`));

/**
 * Triage in the conversation logs (issue 19): the user's messages of the open conversation, several ticked, one
 * class, one click; with "Keep as test" each becomes a step "must reach intent X / reaction Y" of the intent's test.
 */
export const phraseTriageMachine = setup({
  types: {
    context: {} as PhraseTriageContext,
    events: {} as PhraseTriageEvent,
    input: {} as { phrases: SaidPhrase[] },
  },
  actors: {
    loadIntents: fromPromise<{ id: number; name: string }[]>(notProvided('loadIntents')),
    classifyPhrases: fromPromise<
      { classified: number; test: KeptTest | null },
      { phrases: string[]; intentId: number; keepAsTest: boolean }
    >(notProvided('classifyPhrases')),
  },
  guards: {
    canApply: ({ context }) => context.selected.length > 0 && context.intentId !== null,
  },
  actions: {
    notify: (_, _params: Notice) => {},
    notifyFailure: (_, _params: { error: unknown }) => {},
    rememberSelected: assign({
      selected: ({ context }, event: Extract<PhraseTriageEvent, { type: 'triage.select' }>) =>
        event.on ? [...new Set([...context.selected, event.text])] : context.selected.filter((t) => t !== event.text),
    }),
    rememberIntentId: assign({
      intentId: (_, event: Extract<PhraseTriageEvent, { type: 'triage.class' }>) => event.intentId,
    }),
    rememberKeepAsTest: assign({
      keepAsTest: (_, event: Extract<PhraseTriageEvent, { type: 'triage.keepAsTest' }>) => event.on,
    }),
    storeDone: assign(({ context }) => ({ done: [...context.done, ...context.selected], selected: [] })),
  },
}).createMachine({
  id: 'phraseTriage',
  description: 'Triage of the logs: unrecognised phrases ticked, classified into one intent and kept as a test.',
  context: ({ input }) => ({
    phrases: input.phrases,
    intents: [],
    selected: [],
    intentId: null,
    keepAsTest: false,
    done: [],
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /intents: the classes to choose from.',
      tags: ['loading'],
      invoke: {
        id: 'loadIntents',
        src: 'loadIntents',
        input: () => undefined,
        onDone: { target: 'ready', actions: assign({ intents: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
    },
    failed: {
      description: 'The intents could not be loaded: Retry.',
      on: { 'triage.retry': 'loading' },
    },
    ready: {
      description: 'Tick phrases, choose one class, Keep as test, Classify selected.',
      on: {
        'triage.select': {
          actions: { type: 'rememberSelected', params: ({ event }) => event },
        },
        'triage.class': { actions: { type: 'rememberIntentId', params: ({ event }) => event } },
        'triage.keepAsTest': { actions: { type: 'rememberKeepAsTest', params: ({ event }) => event } },
        'triage.apply': { guard: 'canApply', target: 'saving' },
      },
    },
    saving: {
      description: 'POST /intents/classify-phrases: the ticked phrases join the class (and its test).',
      tags: ['busy'],
      invoke: {
        id: 'classifyPhrases',
        src: 'classifyPhrases',
        input: ({ context }) => ({
          phrases: context.selected,
          intentId: context.intentId ?? -1,
          keepAsTest: context.keepAsTest,
        }),
        onDone: {
          target: 'ready',
          actions: [
            'storeDone',
            {
              type: 'notify',
              params: ({ event }) => ({
                title: event.output.test
                  ? keptTestNotice(event.output.test)
                  : PHRASE_TRIAGE_TEXTS.classified(event.output.classified),
                message: PHRASE_TRIAGE_TEXTS.notRetrained,
                color: 'green',
              }),
            },
          ],
        },
        onError: {
          target: 'ready',
          actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
