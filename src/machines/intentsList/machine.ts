import type { DoneActorEvent, OutputFrom } from 'xstate';
import { assign, emit, setup } from 'xstate';
import type { Notice } from '../../api/contract/notice.ts';
import {
  DUPLICIT_INTENT_NAME,
  DUPLICIT_INTENT_NAME_ON_RENAME,
  INTENT_NAME_EMPTY,
  INTENT_NAME_MUST_BE_UNIQUE,
  INTENT_TOASTS,
  NEGATIVE_INTENT_SUFFIX,
} from '../../api/contract/intents.ts';
import { intentsListActors } from './actors.ts';
import type { IntentsListEmitted, IntentsListEvent } from './events.ts';
import { isBlank, isTakenName, renameRetrains } from './guards.ts';
import { applyPatch, applyRename } from './patch.ts';
import type { IntentsListContext } from './types.ts';

/** Texts of failures without a server message (spec 2 §8 'Other messages'). */
export const CANNOT_UPLOAD = 'Cannot upload files!';
export const CANNOT_DOWNLOAD = 'Cannot download file!';

const toggle = (ids: number[], id: number) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]);

/**
 * The intents screen's list (spec 2 §2, §4, §5): loading, search and the flaws filter, expanded rows, add,
 * rename, delete, import and export. Template and polarity changes are made by their own machines and
 * applied here as patches.
 */
export const intentsListMachine = setup({
  types: {
    context: {} as IntentsListContext,
    events: {} as IntentsListEvent,
    emitted: {} as IntentsListEmitted,
  },
  actors: intentsListActors,
  guards: {
    nameBlank: ({ event }) => (event.type === 'intent.add' || event.type === 'intent.rename') && isBlank(event.name),
    nameTaken: ({ context, event }) =>
      (event.type === 'intent.add' && isTakenName(context, event.name)) ||
      (event.type === 'intent.rename' && isTakenName(context, event.name, event.id)),
    nameUnchanged: ({ context, event }) =>
      event.type === 'intent.rename' && context.intents.find((i) => i.id === event.id)?.name === event.name.trim(),
    retrains: ({ context }) => context.pendingRename?.retrain === true,
  },
  actions: {
    notify: (_, _params: Notice) => {},
    notifyFailure: (_, _params: { error: unknown; title?: string }) => {},
    applyRename: assign(({ context }) =>
      context.pendingRename
        ? {
            intents: applyRename(
              context.intents,
              context.pendingRename.id,
              context.pendingRename.name,
              NEGATIVE_INTENT_SUFFIX,
            ),
            changed: true,
          }
        : {},
    ),
    rememberFocusedAndExpanded: assign({
      focused: (_, event: Extract<IntentsListEvent, { type: 'intent.focus' }>) => ({ id: event.id }),
      search: '',
      onlyFlaws: false,
      expanded: ({ context }, event: Extract<IntentsListEvent, { type: 'intent.focus' }>) =>
        context.expanded.includes(event.id) ? context.expanded : [...context.expanded, event.id],
    }),
    storeIntentsAndEvaluation: assign({
      intents: (_, event: DoneActorEvent<OutputFrom<(typeof intentsListActors)['loadIntents']>>) =>
        event.output.intents,
      evaluation: (_, event: DoneActorEvent<OutputFrom<(typeof intentsListActors)['loadIntents']>>) =>
        event.output.evaluation,
      reacted: (_, event: DoneActorEvent<OutputFrom<(typeof intentsListActors)['loadIntents']>>) =>
        event.output.reacted,
      changed: false,
    }),
    rememberSearch: assign({ search: (_, event: Extract<IntentsListEvent, { type: 'search.change' }>) => event.value }),
    clearSearch: assign({ search: '' }),
    resetOnlyFlaws: assign({ onlyFlaws: ({ context }) => !context.onlyFlaws }),
    rememberExpanded: assign({
      expanded: ({ context }, event: Extract<IntentsListEvent, { type: 'intent.toggle' }>) =>
        toggle(context.expanded, event.id),
    }),
    rememberIntentsAndChangedEtc: assign(
      ({ context }, event: Extract<IntentsListEvent, { type: 'intents.patch' }>) => ({
        intents: applyPatch(context.intents, event.patch),
        changed: true,
        expanded:
          event.patch.kind === 'intentCreated' && !context.expanded.includes(event.patch.intent.id)
            ? [...context.expanded, event.patch.intent.id]
            : context.expanded,
      }),
    ),
    rememberEvaluation: assign({
      evaluation: (_, event: Extract<IntentsListEvent, { type: 'evaluation.loaded' }>) => event.answer,
      changed: false,
    }),
    rememberPendingAdd: assign({
      pendingAdd: (_, event: Extract<IntentsListEvent, { type: 'intent.add' }>) => event.name.trim(),
    }),
    rememberPendingRename: assign({
      pendingRename: ({ context }, event: Extract<IntentsListEvent, { type: 'intent.rename' }>) => ({
        id: event.id,
        name: event.name.trim(),
        retrain: renameRetrains(context, event.id),
      }),
    }),
    rememberPendingDelete: assign({
      pendingDelete: (_, event: Extract<IntentsListEvent, { type: 'intent.delete' }>) => event.id,
    }),
    rememberPendingImport: assign({
      pendingImport: (_, event: Extract<IntentsListEvent, { type: 'intents.import' }>) => event.file,
    }),
    storeIntentsAndExpandedEtc: assign({
      intents: ({ context }, event: DoneActorEvent<OutputFrom<(typeof intentsListActors)['insertIntent']>>) => [
        ...context.intents,
        { id: event.output.id, name: context.pendingAdd ?? '', templates: [] },
      ],
      expanded: ({ context }, event: DoneActorEvent<OutputFrom<(typeof intentsListActors)['insertIntent']>>) => [
        ...context.expanded,
        event.output.id,
      ],
      pendingAdd: null,
      changed: true,
    }),
    clearPendingAdd: assign({ pendingAdd: null }),
    clearPendingRename: assign({ pendingRename: null }),
    clearPendingDelete: assign({ pendingDelete: null }),
    storeIntentsAndChanged: assign({
      intents: ({ context }) => context.intents.filter((i) => i.id !== context.pendingDelete),
      pendingDelete: null,
      changed: true,
    }),
    clearPendingImport: assign({ pendingImport: null }),
  },
}).createMachine({
  id: 'intentsList',
  description: 'Intents screen: the list with search, evaluation scores, add, rename, import and export of intents.',
  context: {
    intents: [],
    evaluation: null,
    reacted: null,
    search: '',
    onlyFlaws: false,
    expanded: [],
    pendingDelete: null,
    pendingImport: null,
    pendingRename: null,
    pendingAdd: null,
    changed: false,
    focused: null,
  },
  initial: 'loading',
  on: {
    // Before or after loading: the intent is shown expanded, whatever the search and the flaws filter hid.
    'intent.focus': {
      actions: { type: 'rememberFocusedAndExpanded', params: ({ event }) => event },
    },
  },
  states: {
    loading: {
      description: 'Loading the intents, the latest evaluation and which intents the reactions use.',
      tags: ['loading'],
      invoke: {
        id: 'loadIntents',
        src: 'loadIntents',
        input: () => undefined,
        onDone: {
          target: 'ready',
          actions: { type: 'storeIntentsAndEvaluation', params: ({ event }) => event },
        },
        onError: {
          target: 'failed',
          actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: 'The intents could not be loaded.',
      on: { 'intents.reload': 'loading' },
    },
    ready: {
      description: 'The list is shown; search, the flaws filter and expanding work in every sub-state.',
      initial: 'idle',
      on: {
        'search.change': { actions: { type: 'rememberSearch', params: ({ event }) => event } },
        'search.clear': { actions: 'clearSearch' },
        'flaws.toggle': { actions: 'resetOnlyFlaws' },
        'intent.toggle': { actions: { type: 'rememberExpanded', params: ({ event }) => event } },
        'intents.patch': {
          actions: { type: 'rememberIntentsAndChangedEtc', params: ({ event }) => event },
        },
        'evaluation.loaded': { actions: { type: 'rememberEvaluation', params: ({ event }) => event } },
      },
      states: {
        idle: {
          description: 'Waiting for the user.',
          on: {
            'intent.add': [
              { guard: 'nameBlank', actions: { type: 'notify', params: { title: INTENT_NAME_EMPTY, color: 'red' } } },
              {
                guard: 'nameTaken',
                actions: { type: 'notify', params: { title: DUPLICIT_INTENT_NAME, color: 'red' } },
              },
              { target: 'adding', actions: { type: 'rememberPendingAdd', params: ({ event }) => event } },
            ],
            'intent.rename': [
              { guard: 'nameUnchanged' },
              { guard: 'nameBlank', actions: { type: 'notify', params: { title: INTENT_NAME_EMPTY, color: 'red' } } },
              {
                guard: 'nameTaken',
                actions: {
                  type: 'notify',
                  params: { title: DUPLICIT_INTENT_NAME_ON_RENAME, message: INTENT_NAME_MUST_BE_UNIQUE, color: 'red' },
                },
              },
              {
                target: 'renaming',
                actions: { type: 'rememberPendingRename', params: ({ event }) => event },
              },
            ],
            'intent.delete': {
              target: 'confirmingDelete',
              actions: { type: 'rememberPendingDelete', params: ({ event }) => event },
            },
            'intents.import': {
              target: 'confirmingImport',
              actions: { type: 'rememberPendingImport', params: ({ event }) => event },
            },
            'intents.export': 'exporting',
            'intents.reload': '#intentsList.loading',
          },
        },
        adding: {
          description: 'PUT /intent/-1 creates the intent.',
          tags: ['busy'],
          invoke: {
            id: 'insertIntent',
            src: 'insertIntent',
            input: ({ context }) => ({ name: context.pendingAdd ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'storeIntentsAndExpandedEtc', params: ({ event }) => event },
                { type: 'notify', params: { title: INTENT_TOASTS.added, color: 'green' } },
              ],
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) }, 'clearPendingAdd'],
            },
          },
        },
        renaming: {
          description: 'PUT /intent/{id} renames; a positive intent renames its twin and reaction references too.',
          tags: ['busy'],
          invoke: {
            id: 'renameIntent',
            src: 'renameIntent',
            input: ({ context }) => ({ id: context.pendingRename?.id ?? -1, name: context.pendingRename?.name ?? '' }),
            onDone: [
              {
                guard: 'retrains',
                target: 'idle',
                actions: [
                  'applyRename',
                  { type: 'notify', params: { title: INTENT_TOASTS.renamed, color: 'green' } },
                  emit({ type: 'training.request' as const }),
                  'clearPendingRename',
                ],
              },
              {
                target: 'idle',
                actions: [
                  'applyRename',
                  { type: 'notify', params: { title: INTENT_TOASTS.renamed, color: 'green' } },
                  'clearPendingRename',
                ],
              },
            ],
            onError: {
              target: 'idle',
              actions: [
                { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
                'clearPendingRename',
              ],
            },
          },
        },
        confirmingDelete: {
          description: 'Remove intent? (confirmation).',
          on: {
            'intent.deleteConfirm': 'deleting',
            'intent.deleteCancel': { target: 'idle', actions: 'clearPendingDelete' },
          },
        },
        deleting: {
          description: 'DELETE /intent/{id}.',
          tags: ['busy'],
          invoke: {
            id: 'deleteIntent',
            src: 'deleteIntent',
            input: ({ context }) => ({ id: context.pendingDelete ?? -1 }),
            onDone: {
              target: 'idle',
              actions: [
                'storeIntentsAndChanged',
                { type: 'notify', params: { title: INTENT_TOASTS.deleted, color: 'green' } },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
                'clearPendingDelete',
              ],
            },
          },
        },
        confirmingImport: {
          description: 'Import Intents asks confirmation first (spec 2 §5 "Imports").',
          on: {
            'intents.importConfirm': 'importing',
            'intents.importCancel': { target: 'idle', actions: 'clearPendingImport' },
          },
        },
        importing: {
          description: 'PUT /intents/import with the CSV (intent,template), all or nothing.',
          tags: ['busy'],
          invoke: {
            id: 'importIntents',
            src: 'importIntents',
            input: ({ context }) => ({ file: context.pendingImport as File }),
            onDone: {
              target: '#intentsList.loading',
              actions: [
                'clearPendingImport',
                { type: 'notify', params: { title: INTENT_TOASTS.imported, color: 'green' } },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'notifyFailure', params: ({ event }) => ({ error: event.error, title: CANNOT_UPLOAD }) },
                'clearPendingImport',
              ],
            },
          },
        },
        exporting: {
          description: 'Downloading intents_{project_id}.csv.',
          tags: ['busy'],
          invoke: {
            id: 'exportIntents',
            src: 'exportIntents',
            input: () => undefined,
            onDone: 'idle',
            onError: {
              target: 'idle',
              actions: {
                type: 'notifyFailure',
                params: ({ event }) => ({ error: event.error, title: CANNOT_DOWNLOAD }),
              },
            },
          },
        },
      },
    },
  },
});
