import type { ErrorActorEvent } from 'xstate';
import { assign, emit, setup } from 'xstate';
import { KNOWLEDGE_TOASTS, type KnowledgeItem } from '../../api/contract/knowledges.ts';
import type { Notice } from '../../api/contract/notice.ts';
import { knowledgeEntriesActors } from './actors.ts';
import type { KnowledgeEntriesEmitted, KnowledgeEntriesEvent } from './events.ts';
import { EMPTY_ENTRY_FORM, type EntryForm, isEntryFormValid, isFormChanged } from './form.ts';
import { dialogDraftStates } from '../navigationGuard/leaving.ts';

export interface KnowledgeEntriesContext {
  entries: KnowledgeItem[];
  /** The search box as typed; the list shown is derived from it (selectors.ts). */
  search: string;
  form: EntryForm;
  /** A submit was tried: the dialog shows the fields' errors from then on. */
  attempted: boolean;
  /** The server's refusal of the last save, shown in the dialog. */
  saveError: string | null;
  pendingDelete: number | null;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const entryById = (context: KnowledgeEntriesContext, id: number) => context.entries.find((e) => e.id === id);
const hasId = (event: KnowledgeEntriesEvent): event is Extract<KnowledgeEntriesEvent, { id: number }> => 'id' in event;

/**
 * The knowledge base's entries (issue 16 item 1): a searchable list; add and edit in a dialog (link, knowledge),
 * delete after confirmation. After each change the list is read again and the change is announced, so the reindex
 * panel can say the index is stale.
 */
export const knowledgeEntriesMachine = setup({
  types: {
    context: {} as KnowledgeEntriesContext,
    events: {} as KnowledgeEntriesEvent,
    emitted: {} as KnowledgeEntriesEmitted,
  },
  actors: knowledgeEntriesActors,
  guards: {
    isKnownEntry: ({ context, event }) => hasId(event) && entryById(context, event.id) !== undefined,
    isFormValid: ({ context }) => isEntryFormValid(context.form),
    isNewEntry: ({ context }) => context.form.id === null,
    isDraftChanged: ({ context }) =>
      isFormChanged(context.form, context.form.id === null ? undefined : entryById(context, context.form.id)),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    notifyFailure: (_, _params: { error: unknown }) => {},
    storeEntries: assign({ entries: (_, params: { entries: KnowledgeItem[] }) => params.entries }),
    rememberSearch: assign({
      search: (_, event: Extract<KnowledgeEntriesEvent, { type: 'search.change' }>) => event.value,
    }),
    clearSearch: assign({ search: '' }),
    resetForm: assign({ form: EMPTY_ENTRY_FORM, attempted: false, saveError: null }),
    rememberForm: assign({
      form: ({ context }, event: Extract<KnowledgeEntriesEvent, { type: 'entry.edit' }>) => {
        const entry = entryById(context, event.id) as KnowledgeItem;
        return { id: entry.id, link: entry.link, title: entry.title, knowledge: entry.knowledge };
      },
      attempted: false,
      saveError: null,
    }),
    rememberPendingDelete: assign({
      pendingDelete: (_, event: Extract<KnowledgeEntriesEvent, { type: 'entry.delete' }>) => event.id,
    }),
    rememberFormOnFormChange: assign({
      form: ({ context }, event: Extract<KnowledgeEntriesEvent, { type: 'form.change' }>) => ({
        ...context.form,
        ...event.patch,
      }),
      saveError: null,
    }),
    resetAttempted: assign({ attempted: true }),
    rememberSaveError: assign({ saveError: (_, event: ErrorActorEvent) => messageOf(event.error) }),
    clearPendingDelete: assign({ pendingDelete: null }),
  },
}).createMachine({
  id: 'knowledgeEntries',
  description: 'Knowledge base entries: search, add and edit in a dialog, delete with confirmation.',
  context: { entries: [], search: '', form: EMPTY_ENTRY_FORM, attempted: false, saveError: null, pendingDelete: null },
  initial: 'loading',
  on: {
    'search.change': { actions: { type: 'rememberSearch', params: ({ event }) => event } },
    'search.clear': { actions: 'clearSearch' },
  },
  states: {
    loading: {
      description: 'GET /knowledges.',
      tags: ['loading'],
      invoke: {
        id: 'loadEntries',
        src: 'loadEntries',
        onDone: {
          target: 'ready',
          actions: { type: 'storeEntries', params: ({ event }) => ({ entries: event.output }) },
        },
        onError: 'failed',
      },
    },
    failed: {
      description: 'The entries could not be loaded; Try again asks again.',
      on: { 'entries.reload': 'loading' },
    },
    ready: {
      description: 'The list is shown; one change at a time.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Entries can be searched, added, edited or deleted.',
          on: {
            'entries.reload': 'refreshing',
            'entry.add': {
              target: 'editing',
              actions: 'resetForm',
            },
            'entry.edit': {
              guard: 'isKnownEntry',
              target: 'editing',
              actions: { type: 'rememberForm', params: ({ event }) => event },
            },
            'entry.delete': {
              guard: 'isKnownEntry',
              target: 'confirmingDelete',
              actions: { type: 'rememberPendingDelete', params: ({ event }) => event },
            },
          },
        },
        editing: {
          description: 'The dialog with link and knowledge is open; it saves only valid fields.',
          ...dialogDraftStates({
            editing: {
              'form.change': {
                target: 'comparing',
                actions: {
                  type: 'rememberFormOnFormChange',
                  params: ({ event }: { event: Extract<KnowledgeEntriesEvent, { type: 'form.change' }> }) => event,
                },
              },
              'form.submit': [
                { guard: 'isFormValid', target: '#knowledgeEntries.ready.saving' },
                { actions: 'resetAttempted' },
              ],
            } as const,
            close: '#knowledgeEntries.ready.idle',
            save: [
              { guard: 'isFormValid', target: '#knowledgeEntries.ready.saving' },
              { target: 'changed', actions: 'resetAttempted' },
            ] as const,
          }),
        },
        saving: {
          description: 'PUT /knowledges/{id or -1}; a refusal goes back to the dialog with its message.',
          tags: ['busy', 'saving', 'unsaved'],
          invoke: {
            id: 'saveEntry',
            src: 'saveEntry',
            input: ({ context }) => context.form,
            onDone: [
              {
                guard: 'isNewEntry',
                target: 'refreshing',
                actions: [
                  { type: 'notify', params: { title: KNOWLEDGE_TOASTS.added, color: 'green' } },
                  emit({ type: 'knowledge.changed' as const }),
                ],
              },
              {
                target: 'refreshing',
                actions: [
                  { type: 'notify', params: { title: KNOWLEDGE_TOASTS.saved, color: 'green' } },
                  emit({ type: 'knowledge.changed' as const }),
                ],
              },
            ],
            onError: {
              target: 'editing.changed',
              actions: { type: 'rememberSaveError', params: ({ event }) => event },
            },
          },
        },
        confirmingDelete: {
          description: 'Delete the entry? (confirmation).',
          on: {
            'delete.confirm': 'deleting',
            'delete.cancel': { target: 'idle', actions: 'clearPendingDelete' },
          },
        },
        deleting: {
          description: 'DELETE /knowledges/{id}.',
          tags: ['busy'],
          invoke: {
            id: 'deleteEntry',
            src: 'deleteEntry',
            input: ({ context }) => ({ id: context.pendingDelete as number }),
            onDone: {
              target: 'refreshing',
              actions: [
                'clearPendingDelete',
                { type: 'notify', params: { title: KNOWLEDGE_TOASTS.deleted, color: 'green' } },
                emit({ type: 'knowledge.changed' as const }),
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                'clearPendingDelete',
                { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        refreshing: {
          description: 'The list is read again after a change (or an import or reindex elsewhere on the screen).',
          tags: ['busy'],
          invoke: {
            id: 'reloadEntries',
            src: 'loadEntries',
            onDone: {
              target: 'idle',
              actions: { type: 'storeEntries', params: ({ event }) => ({ entries: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});
