import type { DoneActorEvent, OutputFrom } from 'xstate';
import { assign, setup } from 'xstate';
import type { Notice } from '../../api/contract/notice.ts';
import {
  DUPLICIT_SYNONYM_NAME,
  DUPLICIT_SYNONYM_NAME_ON_RENAME,
  SYNONYM_NAME_EMPTY,
  SYNONYM_NAME_MUST_BE_UNIQUE,
  SYNONYM_NAME_SPACES,
  type Synonym,
} from '../../api/contract/synonyms.ts';
import { synonymsDraftActors } from './actors.ts';
import { type DraftSynonym, sameAsSaved, toDraft, toSaved } from './draft.ts';
import type { SynonymsDraftEvent } from './events.ts';
import { hasSpaces, isBlank, isTaken } from './guards.ts';

export interface SynonymsDraftContext {
  saved: Synonym[];
  draft: DraftSynonym[];
  nextKey: number;
  pendingDelete: number | null;
}

/** The save bar's success text (spec 1 §8). */
export const SYNONYMS_SAVED = 'Updated';

const nameOf = (event: SynonymsDraftEvent): string =>
  event.type === 'synonym.add' || event.type === 'synonym.rename' ? event.name : '';

/**
 * The synonyms panel (spec 2 §4 "Synonyms", §5 "Synonym name"): rename, add and delete are local until
 * Save Synonyms; a new synonym starts with its own name as its first value.
 */
export const synonymsDraftMachine = setup({
  types: {
    context: {} as SynonymsDraftContext,
    events: {} as SynonymsDraftEvent,
  },
  actors: synonymsDraftActors,
  guards: {
    nameBlank: ({ event }) => isBlank(nameOf(event)),
    nameHasSpaces: ({ event }) => hasSpaces(nameOf(event)),
    nameTaken: ({ context, event }) =>
      isTaken(context.draft, nameOf(event), event.type === 'synonym.rename' ? event.key : undefined),
    draftSaved: ({ context }) => sameAsSaved(context.draft, context.saved),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    notifyFailure: (_, _params: { error: unknown }) => {},
    add: assign(({ context, event }) => {
      const name = nameOf(event).trim();
      return {
        draft: [...context.draft, { key: context.nextKey, name, values: [name] }],
        nextKey: context.nextKey + 1,
      };
    }),
    rename: assign({
      draft: ({ context, event }) =>
        event.type === 'synonym.rename'
          ? context.draft.map((s) => (s.key === event.key ? { ...s, name: event.name.trim() } : s))
          : context.draft,
    }),
    setValues: assign({
      draft: ({ context, event }) =>
        event.type === 'synonym.values'
          ? context.draft.map((s) => (s.key === event.key ? { ...s, values: event.values } : s))
          : context.draft,
    }),
    storeSavedAndDraftEtc: assign(
      (_, event: DoneActorEvent<OutputFrom<(typeof synonymsDraftActors)['loadSynonyms']>>) => ({
        saved: event.output,
        draft: toDraft(event.output),
        nextKey: event.output.length + 1,
      }),
    ),
    rememberPendingDelete: assign({
      pendingDelete: (_, event: Extract<SynonymsDraftEvent, { type: 'synonym.delete' }>) => event.key,
    }),
    resetDraft: assign({
      draft: ({ context }) => context.draft.filter((s) => s.key !== context.pendingDelete),
      pendingDelete: null,
    }),
    clearPendingDelete: assign({ pendingDelete: null }),
  },
}).createMachine({
  id: 'synonymsDraft',
  description: 'Synonyms screen: a draft of synonym groups edited together and saved or discarded.',
  context: { saved: [], draft: [], nextKey: 1, pendingDelete: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading the synonyms.',
      tags: ['loading'],
      invoke: {
        id: 'loadSynonyms',
        src: 'loadSynonyms',
        input: () => undefined,
        onDone: {
          target: 'editable.clean',
          actions: { type: 'storeSavedAndDraftEtc', params: ({ event }) => event },
        },
        onError: {
          target: 'failed',
          actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: 'The synonyms could not be loaded.',
      on: { 'synonyms.reload': 'loading' },
    },
    editable: {
      description: 'Changes stay local until Save Synonyms.',
      initial: 'clean',
      on: {
        'synonym.add': [
          { guard: 'nameBlank', actions: { type: 'notify', params: { title: SYNONYM_NAME_EMPTY, color: 'red' } } },
          { guard: 'nameHasSpaces', actions: { type: 'notify', params: { title: SYNONYM_NAME_SPACES, color: 'red' } } },
          { guard: 'nameTaken', actions: { type: 'notify', params: { title: DUPLICIT_SYNONYM_NAME, color: 'red' } } },
          { target: '.dirty', actions: 'add' },
        ],
        'synonym.rename': [
          { guard: 'nameBlank', actions: { type: 'notify', params: { title: SYNONYM_NAME_EMPTY, color: 'red' } } },
          { guard: 'nameHasSpaces', actions: { type: 'notify', params: { title: SYNONYM_NAME_SPACES, color: 'red' } } },
          {
            guard: 'nameTaken',
            actions: {
              type: 'notify',
              params: { title: DUPLICIT_SYNONYM_NAME_ON_RENAME, message: SYNONYM_NAME_MUST_BE_UNIQUE, color: 'red' },
            },
          },
          { target: '.dirty', actions: 'rename' },
        ],
        'synonym.values': { target: '.dirty', actions: 'setValues' },
        'synonym.delete': {
          target: 'confirmingDelete',
          actions: { type: 'rememberPendingDelete', params: ({ event }) => event },
        },
      },
      states: {
        clean: {
          description: 'Nothing to save.',
          on: { 'synonyms.reload': '#synonymsDraft.loading' },
        },
        dirty: {
          description: 'Local changes wait for Save Synonyms; leaving the screen asks first.',
          tags: ['unsaved'],
          on: { 'synonyms.save': '#synonymsDraft.saving' },
        },
      },
    },
    confirmingDelete: {
      description: 'Remove synonym? (confirmation; the removal is local).',
      on: {
        'synonym.deleteConfirm': {
          target: 'editable.dirty',
          actions: 'resetDraft',
        },
        'synonym.deleteCancel': [
          { guard: 'draftSaved', target: 'editable.clean', actions: 'clearPendingDelete' },
          { target: 'editable.dirty', actions: 'clearPendingDelete' },
        ],
      },
    },
    saving: {
      description: 'PUT /synonyms with the whole list.',
      tags: ['busy', 'saving', 'unsaved'],
      invoke: {
        id: 'saveSynonyms',
        src: 'saveSynonyms',
        input: ({ context }) => ({ synonyms: toSaved(context.draft) }),
        onDone: {
          target: 'loading',
          actions: { type: 'notify', params: { title: SYNONYMS_SAVED, color: 'green' } },
        },
        onError: {
          target: 'editable.dirty',
          actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
