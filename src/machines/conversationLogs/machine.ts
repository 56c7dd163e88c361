import type { DoneActorEvent, ErrorActorEvent, OutputFrom } from 'xstate';
import { assign, setup } from 'xstate';
import type { Notice } from '../../api/contract/notice.ts';
import type { ConversationDetail } from '../../api/contract/conversations.ts';
import { CANNOT_DOWNLOAD } from '../../api/contract/users-logs.ts';
import { conversationLogsActors } from './actors.ts';
import type { ConversationLogsEvent } from './events.ts';
import { DEFAULT_PAGE_SIZE, emptyFilter, filterQuery } from './filter.ts';
import { conversationRequested, editingNote, editTextBlank, noteDraftBlank } from './guards.ts';
import type { ConversationLogsContext, ConversationLogsInput } from './types.ts';

export const CONVERSATION_TEXTS = {
  downloadFailed: CANNOT_DOWNLOAD,
  noteSaved: 'Note saved',
  noteDeleted: 'Note deleted',
  labelsSaved: 'Labels saved',
  noteSaveFailed: 'Cannot save the note.',
  noteDeleteFailed: 'Cannot delete the note.',
  labelsFailed: 'Cannot save the labels.',
  /** The server's own refusal (contract noteBody), shown before asking it. */
  noteEmpty: 'Note cannot be empty',
} as const;

/** The server's reason, unless it is only the client's generic "Call x failed". */
export const reasonOf = (error: unknown): string | null =>
  error instanceof Error && error.message && !/^Call \w+ (failed|skipped)/.test(error.message) ? error.message : null;

const closed = {
  openId: null,
  detail: null,
  detailError: null,
  noteDraft: '',
  editingNoteId: null,
  editText: '',
  deletingNoteId: null,
  noteError: null,
  pendingLabels: null,
} as const;

/**
 * The conversation logs (spec 1 §2 /app/logs, issue 7): a filtered list paginated on the server, CSV export of
 * the filter, and one conversation at a time with its transcript, notes and labels.
 */
export const conversationLogsMachine = setup({
  types: {
    context: {} as ConversationLogsContext,
    events: {} as ConversationLogsEvent,
    input: {} as ConversationLogsInput,
  },
  actors: conversationLogsActors,
  guards: { conversationRequested, noteDraftBlank, editTextBlank, editingNote },
  actions: {
    notify: (_, _params: Notice) => {},
    notifyFailure: (_, _params: { error: unknown; title: string }) => {},
    /** Keeps `conversation_id` of the page's query in step with the open conversation (a shareable link). */
    showInQuery: (_, _params: { conversationId: number | null }) => {},
    storeDetail: assign({ detail: (_, params: { detail: ConversationDetail }) => params.detail, detailError: null }),
    storeLabels: assign({
      labels: (_, event: DoneActorEvent<OutputFrom<(typeof conversationLogsActors)['loadLabels']>>) => event.output,
    }),
    rememberFilterAndPage: assign({
      filter: ({ context }, event: Extract<ConversationLogsEvent, { type: 'filter.change' }>) => ({
        ...context.filter,
        ...event.patch,
      }),
      page: 1,
    }),
    storeItemsAndTotal: assign({
      items: (_, event: DoneActorEvent<OutputFrom<(typeof conversationLogsActors)['loadPage']>>) => event.output.items,
      total: (_, event: DoneActorEvent<OutputFrom<(typeof conversationLogsActors)['loadPage']>>) => event.output.total,
    }),
    rememberPage: assign({ page: (_, event: Extract<ConversationLogsEvent, { type: 'list.page' }>) => event.page }),
    rememberPageSizeAndPage: assign({
      pageSize: (_, event: Extract<ConversationLogsEvent, { type: 'list.pageSize' }>) => event.pageSize,
      page: 1,
    }),
    rememberOpenId: assign({
      openId: (_, event: Extract<ConversationLogsEvent, { type: 'conversation.open' }>) => event.id,
    }),
    resetOnConversationClose: assign(closed),
    rememberDetailError: assign({ detailError: (_, event: ErrorActorEvent) => reasonOf(event.error) }),
    rememberNoteDraft: assign({
      noteDraft: (_, event: Extract<ConversationLogsEvent, { type: 'note.draft' }>) => event.text,
      noteError: null,
    }),
    resetNoteError: assign({ noteError: CONVERSATION_TEXTS.noteEmpty }),
    rememberEditingNoteIdAndEditText: assign({
      noteError: null,
      editingNoteId: (_, event: Extract<ConversationLogsEvent, { type: 'note.edit' }>) => event.id,
      editText: ({ context }, event: Extract<ConversationLogsEvent, { type: 'note.edit' }>) =>
        context.detail?.notes.find((n) => n.id === event.id)?.text ?? '',
    }),
    rememberDeletingNoteId: assign({
      deletingNoteId: (_, event: Extract<ConversationLogsEvent, { type: 'note.delete' }>) => event.id,
    }),
    rememberPendingLabels: assign({
      pendingLabels: (_, event: Extract<ConversationLogsEvent, { type: 'labels.set' }>) => event.labels,
    }),
    rememberEditText: assign({
      editText: (_, event: Extract<ConversationLogsEvent, { type: 'note.editText' }>) => event.text,
      noteError: null,
    }),
    clearEditingNoteIdAndEditTextEtc: assign({ editingNoteId: null, editText: '', noteError: null }),
    storeOnSaveNote: assign(({ context }) =>
      context.editingNoteId === null ? { noteDraft: '' } : { editingNoteId: null, editText: '' },
    ),
    clearDeletingNoteId: assign({ deletingNoteId: null }),
    storeDetailAndItems: assign(
      ({ context }, event: DoneActorEvent<OutputFrom<(typeof conversationLogsActors)['saveLabels']>>) => ({
        pendingLabels: null,
        detail: context.detail && { ...context.detail, labels: event.output.labels },
        items: context.items.map((i) => (i.id === context.openId ? { ...i, labels: event.output.labels } : i)),
      }),
    ),
    clearPendingLabels: assign({ pendingLabels: null }),
  },
  delays: { filterDebounce: 300 },
}).createMachine({
  id: 'conversationLogs',
  description: 'Conversation logs: filtered server-side pages, CSV export, one conversation with notes and labels.',
  context: ({ input }) => ({
    filter: { ...emptyFilter, ...input?.filter },
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    items: [],
    total: 0,
    labels: [],
    ...closed,
    openId: input?.conversationId ?? null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description: "GET /labels: the project's labels for the label filter and the labels of a conversation.",
      tags: ['loading'],
      invoke: {
        id: 'loadLabels',
        src: 'loadLabels',
        onDone: { target: 'list', actions: { type: 'storeLabels', params: ({ event }) => event } },
        // Without labels (no grant, error) the logs still work; the label controls stay empty.
        onError: 'list',
      },
    },
    list: {
      initial: 'loading',
      on: {
        'filter.change': {
          target: '.debouncing',
          actions: { type: 'rememberFilterAndPage', params: ({ event }) => event },
        },
      },
      states: {
        debouncing: {
          description: 'A filter changed; waiting for typing to pause before asking the server.',
          tags: ['loading'],
          after: { filterDebounce: 'loading' },
        },
        loading: {
          description: 'GET /conversations: one page of the filtered list.',
          tags: ['loading'],
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({
              ...filterQuery(context.filter),
              page: context.page,
              pageSize: context.pageSize,
            }),
            onDone: [
              {
                guard: 'conversationRequested',
                target: '#conversationLogs.conversation',
                actions: { type: 'storeItemsAndTotal', params: ({ event }) => event },
              },
              {
                target: 'browsing',
                actions: { type: 'storeItemsAndTotal', params: ({ event }) => event },
              },
            ],
            onError: 'failed',
          },
        },
        failed: {
          description: 'The list could not be loaded; Retry asks again.',
          on: { 'list.reload': 'loading' },
        },
        browsing: {
          description: "The page is shown (or 'No conversations match.'); a row opens its conversation.",
          on: {
            'list.page': { target: 'loading', actions: { type: 'rememberPage', params: ({ event }) => event } },
            'list.pageSize': {
              target: 'loading',
              actions: { type: 'rememberPageSizeAndPage', params: ({ event }) => event },
            },
            'list.reload': 'loading',
            'list.export': '#conversationLogs.exporting',
            'conversation.open': {
              target: '#conversationLogs.conversation',
              actions: { type: 'rememberOpenId', params: ({ event }) => event },
            },
          },
        },
      },
    },
    exporting: {
      description: 'GET /conversations?format=csv: every match of the filter, streamed into a file.',
      tags: ['busy'],
      invoke: {
        id: 'exportCsv',
        src: 'exportCsv',
        input: ({ context }) => filterQuery(context.filter),
        onDone: '#conversationLogs.list.browsing',
        onError: {
          target: '#conversationLogs.list.browsing',
          actions: {
            type: 'notifyFailure',
            params: ({ event }) => ({ error: event.error, title: CONVERSATION_TEXTS.downloadFailed }),
          },
        },
      },
    },
    conversation: {
      description: 'One conversation in a drawer over the list: transcript, notes and labels.',
      initial: 'opening',
      entry: { type: 'showInQuery', params: ({ context }) => ({ conversationId: context.openId }) },
      on: {
        'conversation.close': {
          target: '#conversationLogs.list.browsing',
          actions: ['resetOnConversationClose', { type: 'showInQuery', params: { conversationId: null } }],
        },
      },
      states: {
        opening: {
          description: 'GET /conversations/{id}.',
          tags: ['loading'],
          invoke: {
            id: 'loadConversation',
            src: 'loadConversation',
            input: ({ context }) => ({ id: context.openId ?? -1 }),
            onDone: {
              target: 'ready',
              actions: { type: 'storeDetail', params: ({ event }) => ({ detail: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'rememberDetailError', params: ({ event }) => event },
            },
          },
        },
        failed: {
          description: 'The conversation could not be opened (unknown id, another project, no connection).',
          on: { 'conversation.retry': 'opening' },
        },
        ready: {
          description: 'The transcript; notes can be added, edited and deleted and labels set.',
          on: {
            'note.draft': { actions: { type: 'rememberNoteDraft', params: ({ event }) => event } },
            'note.add': [{ guard: 'noteDraftBlank', actions: 'resetNoteError' }, { target: 'savingNote' }],
            'note.edit': {
              target: 'editingNote',
              actions: { type: 'rememberEditingNoteIdAndEditText', params: ({ event }) => event },
            },
            'note.delete': {
              target: 'confirmingNoteDelete',
              actions: { type: 'rememberDeletingNoteId', params: ({ event }) => event },
            },
            'labels.set': {
              target: 'savingLabels',
              actions: { type: 'rememberPendingLabels', params: ({ event }) => event },
            },
          },
        },
        editingNote: {
          description: 'One note is edited in place.',
          on: {
            'note.editText': { actions: { type: 'rememberEditText', params: ({ event }) => event } },
            'note.save': [{ guard: 'editTextBlank', actions: 'resetNoteError' }, { target: 'savingNote' }],
            'note.cancel': { target: 'ready', actions: 'clearEditingNoteIdAndEditTextEtc' },
          },
        },
        savingNote: {
          description: 'PUT /conversations/notes/-1 (new) or /{id} (edit).',
          tags: ['busy'],
          invoke: {
            id: 'saveNote',
            src: 'saveNote',
            input: ({ context }) => ({
              id: context.editingNoteId,
              conversationId: context.openId ?? -1,
              text: (context.editingNoteId === null ? context.noteDraft : context.editText).trim(),
            }),
            onDone: {
              target: 'refreshing',
              actions: [
                'storeOnSaveNote',
                { type: 'notify', params: { title: CONVERSATION_TEXTS.noteSaved, color: 'green' } },
              ],
            },
            onError: [
              {
                guard: 'editingNote',
                target: 'editingNote',
                actions: {
                  type: 'notifyFailure',
                  params: ({ event }) => ({ error: event.error, title: CONVERSATION_TEXTS.noteSaveFailed }),
                },
              },
              {
                target: 'ready',
                actions: {
                  type: 'notifyFailure',
                  params: ({ event }) => ({ error: event.error, title: CONVERSATION_TEXTS.noteSaveFailed }),
                },
              },
            ],
          },
        },
        confirmingNoteDelete: {
          description: 'A dialog asks before the note is deleted.',
          on: {
            'note.deleteConfirm': 'deletingNote',
            'note.deleteCancel': { target: 'ready', actions: 'clearDeletingNoteId' },
          },
        },
        deletingNote: {
          description: 'DELETE /conversations/notes/{id}.',
          tags: ['busy'],
          invoke: {
            id: 'deleteNote',
            src: 'deleteNote',
            input: ({ context }) => ({ id: context.deletingNoteId ?? -1 }),
            onDone: {
              target: 'refreshing',
              actions: [
                'clearDeletingNoteId',
                { type: 'notify', params: { title: CONVERSATION_TEXTS.noteDeleted, color: 'green' } },
              ],
            },
            onError: {
              target: 'ready',
              actions: [
                'clearDeletingNoteId',
                {
                  type: 'notifyFailure',
                  params: ({ event }) => ({ error: event.error, title: CONVERSATION_TEXTS.noteDeleteFailed }),
                },
              ],
            },
          },
        },
        savingLabels: {
          description: "PUT /conversations/{id}/labels with the whole set (the project's labels only).",
          tags: ['busy'],
          invoke: {
            id: 'saveLabels',
            src: 'saveLabels',
            input: ({ context }) => ({ id: context.openId ?? -1, labels: context.pendingLabels ?? [] }),
            onDone: {
              target: 'ready',
              // The list row shows the new labels too, without reloading the page.
              actions: [
                { type: 'storeDetailAndItems', params: ({ event }) => event },
                { type: 'notify', params: { title: CONVERSATION_TEXTS.labelsSaved, color: 'green' } },
              ],
            },
            onError: {
              target: 'ready',
              actions: [
                'clearPendingLabels',
                {
                  type: 'notifyFailure',
                  params: ({ event }) => ({ error: event.error, title: CONVERSATION_TEXTS.labelsFailed }),
                },
              ],
            },
          },
        },
        refreshing: {
          description: 'The notes changed: GET /conversations/{id} again.',
          tags: ['busy'],
          invoke: {
            id: 'refreshConversation',
            src: 'loadConversation',
            input: ({ context }) => ({ id: context.openId ?? -1 }),
            onDone: {
              target: 'ready',
              actions: { type: 'storeDetail', params: ({ event }) => ({ detail: event.output }) },
            },
            // The change is saved; the drawer keeps what it showed.
            onError: 'ready',
          },
        },
      },
    },
  },
});
