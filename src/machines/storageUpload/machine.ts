import type { ErrorActorEvent } from 'xstate';
import { assign, setup } from 'xstate';
import {
  CANNOT_DELETE_FILE,
  FILE_DELETED,
  type StorageFile,
  SUCCESSFULLY_UPLOADED,
} from '../../api/contract/storage.ts';
import { failureReason, toldByClient } from '../../api/contract/notice.ts';
import { storageUploadActors } from './actors.ts';
import type { StorageUploadEvent } from './events.ts';

export interface StorageUploadContext {
  files: StorageFile[];
  /** The file dropped or picked, waiting for confirmation or being uploaded. */
  chosen: File | null;
  /** The file whose deletion is being confirmed or running. */
  target: string | null;
  /** The server's reason for the last failed upload (size limit, refused type). */
  uploadError: string | null;
}

type Notice = { title: string; message?: string; color: 'red' | 'green' };

/** The server's reason when it wrote one for a person (a size limit, a refused type); not a 500's. */
const errorMessage = (error: unknown): string | null => {
  const reason = failureReason(error);
  return reason && !/^Call \w+ failed/.test(reason) ? reason : null;
};

/** The storage screen (spec 1 §2): the file list, upload after confirmation, delete after confirmation. */
export const storageUploadMachine = setup({
  types: {
    context: {} as StorageUploadContext,
    events: {} as StorageUploadEvent,
  },
  actors: storageUploadActors,
  guards: {
    /** The client's table already told (an expired session shows the login, no response its toast): add nothing. */
    toldByClient: (_, params: { error: unknown }) => toldByClient(params.error),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    /** A failed delete's one toast with the server's reason; nothing when the client's table told. */
    notifyFailure: (_, _params: { error: unknown; title: string }) => {},
    download: (_, _params: { name: string }) => {},
    storeFiles: assign({ files: (_, params: { files: StorageFile[] }) => params.files }),
    rememberChosen: assign({
      chosen: (_, event: Extract<StorageUploadEvent, { type: 'upload.choose' }>) => event.file,
      uploadError: null,
    }),
    rememberTarget: assign({ target: (_, event: Extract<StorageUploadEvent, { type: 'file.delete' }>) => event.name }),
    clearChosen: assign({ chosen: null }),
    rememberUploadError: assign({ uploadError: (_, event: ErrorActorEvent) => errorMessage(event.error) }),
    clearChosenAndUploadError: assign({ chosen: null, uploadError: null }),
    clearTarget: assign({ target: null }),
  },
}).createMachine({
  id: 'storageUpload',
  description: 'Project files: listing, upload with confirmation and versioning, download, delete with confirmation.',
  context: { files: [], chosen: null, target: null, uploadError: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The file list is being fetched.',
      tags: ['loading'],
      invoke: {
        id: 'loadFiles',
        src: 'loadFiles',
        onDone: { target: 'idle', actions: { type: 'storeFiles', params: ({ event }) => ({ files: event.output }) } },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      description: 'The list could not be fetched; Reload tries again.',
      on: { 'storage.reload': 'loading' },
    },
    idle: {
      description: 'The list is shown; a file can be dropped, downloaded or deleted.',
      on: {
        'upload.choose': {
          target: 'confirmingUpload',
          actions: { type: 'rememberChosen', params: ({ event }) => event },
        },
        'file.download': { actions: { type: 'download', params: ({ event }) => ({ name: event.name }) } },
        'file.delete': {
          target: 'confirmingDelete',
          actions: { type: 'rememberTarget', params: ({ event }) => event },
        },
      },
    },
    confirmingUpload: {
      description: 'A dialog names the chosen file (and says when it becomes a new version) before it is sent.',
      on: {
        'upload.confirm': 'uploading',
        'upload.cancel': { target: 'idle', actions: 'clearChosen' },
      },
    },
    uploading: {
      description: 'The file is being sent.',
      tags: ['busy'],
      invoke: {
        id: 'uploadFile',
        src: 'uploadFile',
        input: ({ context }) => ({ file: context.chosen as File }),
        onDone: {
          target: 'done',
          actions: ['clearChosen', { type: 'notify', params: { title: SUCCESSFULLY_UPLOADED, color: 'green' } }],
        },
        // One message per failure: the inline 'Cannot upload files!' with the reason, no toast beside it.
        onError: [
          {
            guard: { type: 'toldByClient', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: 'clearChosen',
          },
          { target: 'failed', actions: { type: 'rememberUploadError', params: ({ event }) => event } },
        ],
      },
    },
    done: {
      description: 'An upload or deletion succeeded; the list is fetched again.',
      tags: ['loading'],
      invoke: {
        id: 'reloadFiles',
        src: 'loadFiles',
        onDone: { target: 'idle', actions: { type: 'storeFiles', params: ({ event }) => ({ files: event.output }) } },
        onError: 'loadFailed',
      },
    },
    failed: {
      description: 'The upload was refused; the reason shows until dismissed or another file is chosen.',
      on: {
        'upload.dismiss': { target: 'idle', actions: 'clearChosenAndUploadError' },
        'upload.choose': {
          target: 'confirmingUpload',
          actions: { type: 'rememberChosen', params: ({ event }) => event },
        },
      },
    },
    confirmingDelete: {
      description: 'A dialog asks before the file is deleted.',
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': { target: 'idle', actions: 'clearTarget' },
      },
    },
    deleting: {
      description: 'The file is being deleted.',
      tags: ['busy'],
      invoke: {
        id: 'deleteFile',
        src: 'deleteFile',
        input: ({ context }) => ({ name: context.target as string }),
        onDone: {
          target: 'done',
          actions: ['clearTarget', { type: 'notify', params: { title: FILE_DELETED, color: 'green' } }],
        },
        onError: {
          target: 'idle',
          actions: [
            'clearTarget',
            { type: 'notifyFailure', params: ({ event }) => ({ error: event.error, title: CANNOT_DELETE_FILE }) },
          ],
        },
      },
    },
  },
});
