// Model-based test of the storage screen: xstate/graph walks the storageUpload chart, each path drives the real StorageView.
import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import {
  CANNOT_DELETE_FILE,
  CANNOT_UPLOAD_FILES,
  DEFAULT_UPLOAD_MAX_BYTES,
  FILE_DELETED,
  type StorageFile,
  fileTooLarge,
  SUCCESSFULLY_UPLOADED,
} from '../../src/api/contract/storage.ts';
import { ApiError } from '../../src/api/client.ts';
import { noticeActions } from '../../src/console/notices.ts';
import { storageUploadMachine } from '../../src/machines/storageUpload/machine.ts';
import { StorageView } from '../../src/screens/storage/StorageView.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';
import { clearToasts, shownToasts, toastsAddedBy } from './toasts.ts';

const listed: StorageFile = {
  name: 'prices.csv',
  size: 2048,
  type: 'text/csv',
  version: 3,
  updated: '2026-01-01T00:00:00.000Z',
  by: 'Administrator',
};
const chosen = new File(['hello'], 'notes.txt', { type: 'text/plain' });
const TOO_LARGE = fileTooLarge(DEFAULT_UPLOAD_MAX_BYTES);

const loadFiles = createDeferredActor<StorageFile[], unknown>({ output: [listed], error: new Error('offline') });
// The refusals as the client throws them with ownsFailure: the screen's to tell (notified false). A 401 was told
// by the client's table (the login shows): the screen adds nothing.
const TOO_LARGE_ERROR = new ApiError('uploadFile', 413, { message: TOO_LARGE }, false);
const NOT_FOUND = 'No file named prices.csv.';
const SESSION_LOST = (call: string) => new ApiError(call, 401, { message: 'Not logged in.' }, true);
const uploadFile = createDeferredActor<StorageFile, { file: File }>({
  output: { ...listed, name: 'notes.txt', size: 5, type: 'text/plain', version: 1 },
  error: TOO_LARGE_ERROR,
});
const deleteFile = createDeferredActor<void, { name: string }>({
  output: undefined,
  error: new ApiError('deleteFile', 404, { message: NOT_FOUND }, false),
});

const downloads: string[] = [];
// The real toasts (Mantine's store), counted: one message per failure.
const machine = storageUploadMachine.provide({
  actors: { loadFiles: loadFiles.logic, uploadFile: uploadFile.logic, deleteFile: deleteFile.logic },
  actions: {
    ...noticeActions,
    download: (_, params) => downloads.push(params.name),
  },
});
const lastToast = () => shownToasts().at(-1);
const toldByTable = (error: unknown) => error instanceof ApiError && error.notified;

/** A failure adds exactly one message: for a refused delete its toast; for an upload the inline one, no toast. */
const internalExecutors = {
  'xstate.error.actor.deleteFile': async ({ event }: { event: { error?: unknown } }) => {
    const added = await toastsAddedBy(() => act(async () => deleteFile.reject(event.error)));
    expect(added).toEqual(
      toldByTable(event.error) ? [] : [{ title: CANNOT_DELETE_FILE, message: NOT_FOUND, color: 'red' }],
    );
  },
  'xstate.error.actor.uploadFile': async ({ event }: { event: { error?: unknown } }) => {
    const added = await toastsAddedBy(() => act(async () => uploadFile.reject(event.error)));
    expect(added).toEqual([]);
    if (toldByTable(event.error)) expect(screen.queryByRole('alert')).toBeNull();
  },
};

const fileInput = () => {
  const input = document.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input in the drop zone');
  return input;
};
const dialog = (name: string) => screen.getByRole('dialog', { name });

const executors = {
  'storage.reload': ({ user }) => user.click(screen.getByRole('button', { name: 'Reload' })),
  'upload.choose': async ({ user }) => {
    // A fresh File each time: choosing the very same File object again fires no change event.
    await user.upload(fileInput(), new File(['hello'], chosen.name, { type: chosen.type }));
    // react-dropzone reads the dropped files asynchronously.
    await waitFor(() => expect(dialog('Upload file')).toBeInTheDocument());
  },
  'upload.confirm': ({ user }) => user.click(screen.getByRole('button', { name: 'Upload' })),
  'upload.cancel': ({ user }) => user.click(screen.getByRole('button', { name: 'Cancel' })),
  'upload.dismiss': ({ user }) => user.click(screen.getByRole('button', { name: 'Close' })),
  'file.download': ({ user }) => user.click(screen.getByRole('button', { name: `Download ${listed.name}` })),
  'file.delete': ({ user }) => user.click(screen.getByRole('button', { name: `Delete ${listed.name}` })),
  'delete.confirm': ({ user }) => user.click(screen.getByRole('button', { name: 'Delete' })),
  'delete.cancel': ({ user }) => user.click(screen.getByRole('button', { name: 'Cancel' })),
} satisfies ModelExecutors<typeof machine>;

const states: StateAssertions<typeof machine> = {
  loading: () => expect(screen.getByLabelText('Loading files')).toBeInTheDocument(),
  loadFailed: () => {
    expect(screen.getByText('The files could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  },
  idle: () => {
    expect(screen.queryByRole('dialog')).toBeNull();
    const row = screen.getByRole('row', { name: new RegExp(listed.name) });
    expect(row).toHaveTextContent('2.0 kB');
    expect(row).toHaveTextContent('text/csv');
    expect(row).toHaveTextContent('3');
    expect(screen.getByRole('button', { name: `Delete ${listed.name}` })).toBeEnabled();
    // The upload's failure is never a toast (its inline message is); a refused delete is at most its one toast.
    expect(shownToasts().filter((t) => t.title === CANNOT_UPLOAD_FILES)).toEqual([]);
    expect(shownToasts().filter((t) => t.color === 'red' && t.title !== CANNOT_DELETE_FILE)).toEqual([]);
    if (downloads.length) expect(downloads.at(-1)).toBe(listed.name);
  },
  confirmingUpload: () => {
    expect(dialog('Upload file')).toHaveTextContent('Upload notes.txt (5 B)?');
  },
  uploading: () => {
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(uploadFile.calls.at(-1)?.file.name).toBe('notes.txt');
  },
  done: () => {
    expect([SUCCESSFULLY_UPLOADED, FILE_DELETED]).toContain(lastToast()?.title);
    expect(screen.getByRole('row', { name: new RegExp(listed.name) })).toBeInTheDocument();
  },
  failed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent(CANNOT_UPLOAD_FILES);
    expect(screen.getByRole('alert')).toHaveTextContent(TOO_LARGE);
    // The inline message is the one message: no toast beside it.
    expect(shownToasts().filter((t) => t.title === CANNOT_UPLOAD_FILES)).toEqual([]);
  },
  confirmingDelete: () => expect(dialog('Delete file')).toHaveTextContent(`Delete ${listed.name}?`),
  deleting: () => {
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deleteFile.calls.at(-1)).toEqual({ name: listed.name });
  },
};

describeModel({
  name: 'storageUpload',
  machine,
  render: (m) => {
    clearToasts();
    downloads.length = 0;
    const actor = createActor(m).start();
    render(
      <MantineProvider env="test">
        <StorageView actor={actor} canUpload canDelete />
      </MantineProvider>,
    );
    return { actor };
  },
  executors,
  states,
  invokes: { loadFiles, reloadFiles: loadFiles, uploadFile, deleteFile },
  internalExecutors: internalExecutors as never,
  events: [
    { type: 'upload.choose', file: chosen },
    { type: 'file.download', name: listed.name },
    { type: 'file.delete', name: listed.name },
    { type: 'xstate.error.actor.uploadFile', error: TOO_LARGE_ERROR } as never,
    { type: 'xstate.error.actor.uploadFile', error: SESSION_LOST('uploadFile') } as never,
    { type: 'xstate.error.actor.deleteFile', error: deleteFile.error } as never,
    { type: 'xstate.error.actor.deleteFile', error: SESSION_LOST('deleteFile') } as never,
  ],
  serializeContext: (c) => ({
    files: c.files.length,
    chosen: c.chosen?.name ?? null,
    target: c.target,
    error: c.uploadError,
  }),
});
