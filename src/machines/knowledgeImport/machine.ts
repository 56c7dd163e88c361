import type { DoneActorEvent, ErrorActorEvent, OutputFrom } from 'xstate';
import { assign, emit, setup } from 'xstate';
import { KNOWLEDGE_TOASTS } from '../../api/contract/knowledges.ts';
import type { Notice } from '../../api/contract/notice.ts';
import type { StorageFile } from '../../api/contract/storage.ts';
import { knowledgeImportActors } from './actors.ts';
import type { KnowledgeImportEmitted, KnowledgeImportEvent } from './events.ts';
import { type ImportChoice, type ImportRequest, type ImportSource, importRequest } from './request.ts';

export interface KnowledgeImportContext extends ImportChoice {
  /** The project's files, offered for the `file` source. */
  files: StorageFile[];
  /** The server's refusal of the last import (for CSV with the line number), shown in the dialog. */
  error: string | null;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const FRESH: KnowledgeImportContext = { source: 'url', url: '', file: null, csv: null, files: [], error: null };

/**
 * The import dialog of the knowledge base (issue 16 item 1): from a URL (the server fetches and extracts the page),
 * from a file in project storage (PDF, HTML, Markdown, plain text) or many entries from a CSV `link,knowledge`. All
 * or nothing: a refusal keeps the dialog open with the server's reason.
 */
export const knowledgeImportMachine = setup({
  types: {
    context: {} as KnowledgeImportContext,
    events: {} as KnowledgeImportEvent,
    emitted: {} as KnowledgeImportEmitted,
  },
  actors: knowledgeImportActors,
  guards: {
    isComplete: ({ context }) => importRequest(context) !== null,
    /** Each field belongs to its source: only the chosen source's field is shown and changed. */
    isSource: ({ context }, params: { source: ImportSource }) => context.source === params.source,
    /** A project file can be chosen once the files are listed, and only a listed one. */
    isListedFile: ({ context, event }) =>
      event.type === 'file.select' &&
      context.source === 'file' &&
      (event.name === null || context.files.some((f) => f.name === event.name)),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    resetOnImportOpen: assign(() => FRESH),
    rememberSource: assign({
      source: (_, event: Extract<KnowledgeImportEvent, { type: 'source.select' }>) => event.source,
      error: null,
    }),
    rememberUrl: assign({
      url: (_, event: Extract<KnowledgeImportEvent, { type: 'url.change' }>) => event.url,
      error: null,
    }),
    rememberFile: assign({
      file: (_, event: Extract<KnowledgeImportEvent, { type: 'file.select' }>) => event.name,
      error: null,
    }),
    rememberCsv: assign({
      csv: (_, event: Extract<KnowledgeImportEvent, { type: 'csv.choose' }>) => event.file,
      error: null,
    }),
    storeFiles: assign({
      files: (_, event: DoneActorEvent<OutputFrom<(typeof knowledgeImportActors)['loadFiles']>>) => event.output,
    }),
    rememberError: assign({ error: (_, event: ErrorActorEvent) => messageOf(event.error) }),
  },
}).createMachine({
  id: 'knowledgeImport',
  description: 'Import knowledge from a URL, a project file or a CSV, in a dialog.',
  context: FRESH,
  initial: 'closed',
  states: {
    closed: {
      description: 'The dialog is closed.',
      on: { 'import.open': { target: 'open', actions: 'resetOnImportOpen' } },
    },
    open: {
      description: 'The dialog is open: a source is chosen and filled in, also while the project files load.',
      initial: 'opening',
      on: {
        'source.select': { actions: { type: 'rememberSource', params: ({ event }) => event } },
        'url.change': {
          guard: { type: 'isSource', params: { source: 'url' } },
          actions: { type: 'rememberUrl', params: ({ event }) => event },
        },
        'file.select': {
          guard: 'isListedFile',
          actions: { type: 'rememberFile', params: ({ event }) => event },
        },
        'csv.choose': {
          guard: { type: 'isSource', params: { source: 'csv' } },
          actions: { type: 'rememberCsv', params: ({ event }) => event },
        },
        'import.close': 'closed',
      },
      states: {
        opening: {
          description: 'GET /storage: the project files that can be extracted.',
          tags: ['loading'],
          invoke: {
            id: 'loadFiles',
            src: 'loadFiles',
            onDone: { target: 'choosing', actions: { type: 'storeFiles', params: ({ event }) => event } },
            // Without storage the URL and CSV sources still work.
            onError: 'choosing',
          },
        },
        choosing: {
          description: 'Import is enabled once the chosen source is complete.',
          on: { 'import.submit': { guard: 'isComplete', target: '#knowledgeImport.importing' } },
        },
      },
    },
    importing: {
      description: 'The server fetches, extracts or parses; nothing is saved unless all of it is good.',
      tags: ['busy'],
      invoke: {
        id: 'importKnowledge',
        src: 'importKnowledge',
        input: ({ context }) => importRequest(context) as ImportRequest,
        onDone: {
          target: 'closed',
          actions: [
            {
              type: 'notify',
              params: ({ event }) => ({
                title: KNOWLEDGE_TOASTS.imported,
                message: event.output.message,
                color: 'green',
              }),
            },
            emit({ type: 'knowledge.imported' as const }),
          ],
        },
        onError: {
          target: '#knowledgeImport.open.choosing',
          actions: { type: 'rememberError', params: ({ event }) => event },
        },
      },
    },
  },
});
