import type { DoneActorEvent, OutputFrom } from 'xstate';
import { assign, emit, setup } from 'xstate';
import type { Notice } from '../../api/contract/notice.ts';
import { INTENT_TOASTS, type Intent } from '../../api/contract/intents.ts';
import { intentById, twinName } from '../intentsList/intentsIndex.ts';
import { intentsPatched } from '../intentsList/events.ts';
import { polarityActors } from './actors.ts';
import type { PolarityEmitted, PolarityEvent } from './events.ts';
import { hasTwin, twinIdOf } from './guards.ts';

export interface PolarityInput {
  /** Reads the current intents (owned by the intents list). */
  lookup: () => Intent[];
}

export interface PolarityContext extends PolarityInput {
  intentId: number | null;
  twinId: number | null;
  /** 'Add Both': the typed negative template and its generated positive variant. */
  negative: string;
  positive: string;
}

/**
 * The polarity switch and 'Add Both' (spec 2 §4 "Polarity", "Add Both", §9): enabling creates the '[NEG]'
 * twin, disabling asks and deletes it; the negative template is typed, its positive variant is generated
 * after a 50 ms pause and a 75 ms polling wait, and both are added.
 */
export const polarityMachine = setup({
  types: {
    context: {} as PolarityContext,
    events: {} as PolarityEvent,
    input: {} as PolarityInput,
    emitted: {} as PolarityEmitted,
  },
  actors: polarityActors,
  // Spec 2 §9: a 50 ms debounce, then a 75 ms polling wait before the negation is asked for.
  delays: { negationDebounce: 50, negationPollingWait: 75 },
  guards: {
    alreadyPolar: ({ context, event }) => event.type === 'polarity.enable' && hasTwin(context.lookup(), event.intentId),
    notPolar: ({ context, event }) => event.type === 'polarity.disable' && !hasTwin(context.lookup(), event.intentId),
    typedBlank: ({ event }) => event.type === 'addBoth.type' && event.value.trim() === '',
    bothFilled: ({ context }) => context.negative.trim() !== '' && context.positive.trim() !== '',
  },
  actions: {
    notify: (_, _params: Notice) => {},
    notifyFailure: (_, _params: { error: unknown }) => {},
    clear: assign({ intentId: null, twinId: null, negative: '', positive: '' }),
    rememberIntentId: assign({
      intentId: (_, event: Extract<PolarityEvent, { type: 'polarity.enable' }>) => event.intentId,
    }),
    rememberIntentIdAndTwinId: assign({
      intentId: (_, event: Extract<PolarityEvent, { type: 'polarity.disable' }>) => event.intentId,
      twinId: ({ context }, event: Extract<PolarityEvent, { type: 'polarity.disable' }>) =>
        twinIdOf(context.lookup(), event.intentId),
    }),
    rememberIntentIdAndTwinIdEtc: assign({
      intentId: (_, event: Extract<PolarityEvent, { type: 'addBoth.type' }>) => event.intentId,
      twinId: ({ context }, event: Extract<PolarityEvent, { type: 'addBoth.type' }>) =>
        twinIdOf(context.lookup(), event.intentId),
      negative: (_, event: Extract<PolarityEvent, { type: 'addBoth.type' }>) => event.value,
      positive: '',
    }),
    rememberNegative: assign({ negative: (_, event: Extract<PolarityEvent, { type: 'addBoth.type' }>) => event.value }),
    storePositive: assign({
      positive: (_, event: DoneActorEvent<OutputFrom<(typeof polarityActors)['negateTemplate']>>) => event.output,
    }),
    rememberPositive: assign({
      positive: (_, event: Extract<PolarityEvent, { type: 'addBoth.positive' }>) => event.value,
    }),
  },
}).createMachine({
  id: 'polarity',
  description: 'Negative twin of an intent: the negated templates kept in step with the positive ones.',
  context: ({ input }) => ({ lookup: input.lookup, intentId: null, twinId: null, negative: '', positive: '' }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The switch shows whether an intent has a twin.',
      on: {
        'polarity.enable': [
          { guard: 'alreadyPolar' },
          { target: 'enabling', actions: { type: 'rememberIntentId', params: ({ event }) => event } },
        ],
        'polarity.disable': [
          { guard: 'notPolar' },
          {
            target: 'confirmingDisable',
            actions: { type: 'rememberIntentIdAndTwinId', params: ({ event }) => event },
          },
        ],
        'addBoth.type': [
          { guard: 'typedBlank' },
          {
            target: 'addBoth',
            actions: { type: 'rememberIntentIdAndTwinIdEtc', params: ({ event }) => event },
          },
        ],
      },
    },
    enabling: {
      description: "PUT /intent/-1 creates '{name} [NEG]'; it is then expanded.",
      tags: ['busy'],
      invoke: {
        id: 'createTwin',
        src: 'createTwin',
        input: ({ context }) => ({ name: twinName(intentById(context.lookup(), context.intentId)?.name ?? '') }),
        onDone: {
          target: 'idle',
          actions: [
            emit(({ context, event }) =>
              intentsPatched({
                kind: 'intentCreated',
                intent: {
                  id: event.output.id,
                  name: twinName(intentById(context.lookup(), context.intentId)?.name ?? ''),
                  templates: [],
                },
              }),
            ),
            { type: 'notify', params: { title: INTENT_TOASTS.added, color: 'green' } },
            'clear',
          ],
        },
        onError: {
          target: 'idle',
          actions: [{ type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) }, 'clear'],
        },
      },
    },
    confirmingDisable: {
      description: 'Depolarize? Disabling deletes the twin and its templates (confirmation).',
      on: {
        'polarity.confirm': 'disabling',
        'polarity.cancel': { target: 'idle', actions: 'clear' },
      },
    },
    disabling: {
      description: 'DELETE /intent/{twin id}.',
      tags: ['busy'],
      invoke: {
        id: 'deleteTwin',
        src: 'deleteTwin',
        input: ({ context }) => ({ id: context.twinId ?? -1 }),
        onDone: {
          target: 'idle',
          actions: [
            emit(({ context }) => intentsPatched({ kind: 'intentRemoved', intentId: context.twinId ?? -1 })),
            { type: 'notify', params: { title: INTENT_TOASTS.deleted, color: 'green' } },
            'clear',
          ],
        },
        onError: {
          target: 'idle',
          actions: [{ type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) }, 'clear'],
        },
      },
    },
    addBoth: {
      description: "'Add Both': the negative template is being typed and its positive variant generated.",
      initial: 'debouncing',
      on: {
        'addBoth.type': [
          { guard: 'typedBlank', target: 'idle', actions: 'clear' },
          { target: '.debouncing', reenter: true, actions: { type: 'rememberNegative', params: ({ event }) => event } },
        ],
        'addBoth.cancel': { target: 'idle', actions: 'clear' },
      },
      states: {
        debouncing: {
          description: 'Waiting for a 50 ms pause in typing.',
          after: { negationDebounce: 'polling' },
        },
        polling: {
          description: 'The 75 ms polling wait after the pause; typing again starts over.',
          after: { negationPollingWait: 'generating' },
        },
        generating: {
          description: 'PUT /intents/template-negation turns the negative template positive.',
          tags: ['busy'],
          invoke: {
            id: 'negateTemplate',
            src: 'negateTemplate',
            input: ({ context }) => ({ template: context.negative.trim() }),
            onDone: { target: 'ready', actions: { type: 'storePositive', params: ({ event }) => event } },
            onError: {
              target: 'ready',
              actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        ready: {
          description: 'Both templates shown; the positive one may be corrected; Add Both adds them.',
          on: {
            'addBoth.positive': { actions: { type: 'rememberPositive', params: ({ event }) => event } },
            'addBoth.submit': { guard: 'bothFilled', target: '#polarity.addingBoth' },
          },
        },
      },
    },
    addingBoth: {
      description: 'The negative template goes to the twin, the positive one to the intent.',
      tags: ['busy'],
      invoke: {
        id: 'addBoth',
        src: 'addBoth',
        input: ({ context }) => ({
          intentId: context.intentId ?? -1,
          twinId: context.twinId ?? -1,
          negative: context.negative.trim(),
          positive: context.positive.trim(),
        }),
        onDone: {
          target: 'idle',
          actions: [
            emit(({ context }) =>
              intentsPatched({
                kind: 'templateAdded',
                intentId: context.twinId ?? -1,
                template: context.negative.trim(),
              }),
            ),
            emit(({ context }) =>
              intentsPatched({
                kind: 'templateAdded',
                intentId: context.intentId ?? -1,
                template: context.positive.trim(),
              }),
            ),
            { type: 'notify', params: { title: INTENT_TOASTS.templateAdded, color: 'green' } },
            'clear',
          ],
        },
        onError: {
          target: 'addBoth.ready',
          actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
