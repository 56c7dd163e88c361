import { assign, setup } from 'xstate';
import type { DoNotCallEntry } from '../../api/contract/do-not-call.ts';
import { DO_NOT_CALL_ADDED } from '../../api/contract/do-not-call.ts';
import { failureReason } from '../../api/contract/notice.ts';
import { doNotCallActors } from './actors.ts';
import type { DoNotCallEvent } from './events.ts';

export const DO_NOT_CALL_LOAD_FAILED = 'The do-not-call list could not be loaded.';
export const DO_NOT_CALL_NOT_ADDED = 'The number was not added.';
export const DO_NOT_CALL_REMOVED = 'Removed from the do-not-call list';
export const DO_NOT_CALL_NOT_REMOVED = 'The number was not removed.';
export const DO_NOT_CALL_IMPORTED = 'Do-not-call list imported';
export const DO_NOT_CALL_NOT_IMPORTED = 'The file was not imported.';

export interface DoNotCallContext {
  entries: DoNotCallEntry[];
  draft: { destination: string; note: string };
  /** Why the last add was refused (a bad number, already listed). */
  addError: string | null;
  /** Why the last import was refused, one problem per line; nothing of it was imported. */
  importProblems: string[];
  /** The entry being removed. */
  target: DoNotCallEntry | null;
}

type Notice = { title: string; message?: string; color: 'red' | 'green' };

const reasonOr = (error: unknown, fallback: string) => failureReason(error) ?? fallback;

/**
 * The project's do-not-call list (issue 38), a modal over the outbound screen: the numbers its campaigns never dial,
 * with add (a number and why), remove (after a question) and a CSV import; each refusal is shown where it happened.
 */
export const doNotCallMachine = setup({
  types: { context: {} as DoNotCallContext, events: {} as DoNotCallEvent },
  actors: doNotCallActors,
  actions: {
    notify: (_, _params: Notice) => {},
    notifyFailure: (_, _params: { error: unknown; title: string }) => {},
    store: assign((_, entries: DoNotCallEntry[]) => ({ entries })),
    reset: assign({ draft: { destination: '', note: '' }, addError: null, importProblems: [], target: null }),
    changeDraft: assign(({ context }, params: { field: 'destination' | 'note'; value: string }) => ({
      draft: { ...context.draft, [params.field]: params.value },
      addError: null,
    })),
    clearDraft: assign({ draft: { destination: '', note: '' }, addError: null }),
    rememberAddError: assign((_, params: { error: unknown }) => ({
      addError: reasonOr(params.error, DO_NOT_CALL_NOT_ADDED),
    })),
    rememberTarget: assign((_, entry: DoNotCallEntry) => ({ target: entry })),
    clearTarget: assign({ target: null }),
    clearProblems: assign({ importProblems: [] }),
    rememberImportProblems: assign((_, params: { error: unknown }) => ({
      importProblems: reasonOr(params.error, DO_NOT_CALL_NOT_IMPORTED)
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && line !== 'Nothing was imported.'),
    })),
  },
  guards: {
    hasDestination: ({ context }) => context.draft.destination.trim() !== '',
  },
}).createMachine({
  id: 'doNotCall',
  description: "The project's do-not-call list: numbers its campaigns never dial.",
  context: { entries: [], draft: { destination: '', note: '' }, addError: null, importProblems: [], target: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'No modal.',
      on: { 'doNotCall.open': { target: 'loading', actions: 'reset' } },
    },
    loading: {
      description: 'The list is being fetched.',
      tags: ['loading'],
      invoke: {
        id: 'loadList',
        src: 'loadList',
        onDone: { target: 'ready', actions: { type: 'store', params: ({ event }) => event.output } },
        onError: 'loadFailed',
      },
      on: { 'doNotCall.close': 'closed' },
    },
    loadFailed: {
      description: 'The list could not be fetched; Reload tries again.',
      on: { 'doNotCall.reload': 'loading', 'doNotCall.close': 'closed' },
    },
    ready: {
      description: 'The list is shown with the add form and the import.',
      initial: 'idle',
      on: { 'doNotCall.close': '#doNotCall.closed' },
      states: {
        idle: {
          description: 'Waiting for the user.',
          on: {
            'draft.change': { actions: { type: 'changeDraft', params: ({ event }) => event } },
            'draft.add': { guard: 'hasDestination', target: 'adding' },
            'entry.remove': {
              target: 'confirmingRemoval',
              actions: { type: 'rememberTarget', params: ({ event }) => event.entry },
            },
            'file.choose': { target: 'importing', actions: 'clearProblems' },
          },
        },
        adding: {
          description: 'The number is being added.',
          tags: ['busy'],
          invoke: {
            id: 'addEntry',
            src: 'addEntry',
            input: ({ context }) => ({ destination: context.draft.destination, note: context.draft.note }),
            onDone: {
              target: 'refreshing',
              actions: ['clearDraft', { type: 'notify', params: { title: DO_NOT_CALL_ADDED, color: 'green' } }],
            },
            onError: {
              target: 'idle',
              actions: { type: 'rememberAddError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        confirmingRemoval: {
          description: 'Removing asks first: the number may be dialled again by any campaign.',
          on: {
            'removal.confirm': 'removing',
            'removal.cancel': { target: 'idle', actions: 'clearTarget' },
          },
        },
        removing: {
          description: 'The entry is being removed.',
          tags: ['busy'],
          invoke: {
            id: 'removeEntry',
            src: 'removeEntry',
            input: ({ context }) => ({ id: (context.target as DoNotCallEntry).id }),
            onDone: {
              target: 'refreshing',
              actions: ['clearTarget', { type: 'notify', params: { title: DO_NOT_CALL_REMOVED, color: 'green' } }],
            },
            onError: {
              target: 'refreshing',
              actions: [
                'clearTarget',
                {
                  type: 'notifyFailure',
                  params: ({ event }) => ({ error: event.error, title: DO_NOT_CALL_NOT_REMOVED }),
                },
              ],
            },
          },
        },
        importing: {
          description: 'The chosen CSV is being imported, all or nothing.',
          tags: ['busy'],
          invoke: {
            id: 'importFile',
            src: 'importFile',
            input: ({ event }) => ({ file: (event as Extract<DoNotCallEvent, { type: 'file.choose' }>).file }),
            onDone: {
              target: 'refreshing',
              actions: {
                type: 'notify',
                params: ({ event }) => ({
                  title: DO_NOT_CALL_IMPORTED,
                  message: `${event.output.added} added, ${event.output.already_listed} already listed.`,
                  color: 'green' as const,
                }),
              },
            },
            onError: {
              target: 'idle',
              actions: { type: 'rememberImportProblems', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        refreshing: {
          description: 'The list is fetched again; it stays on screen.',
          tags: ['refreshing'],
          invoke: {
            id: 'refreshList',
            src: 'loadList',
            onDone: { target: 'idle', actions: { type: 'store', params: ({ event }) => event.output } },
            onError: { target: 'idle' },
          },
        },
      },
    },
  },
});
