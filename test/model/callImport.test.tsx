// Model-based test of the call-list import: xstate/graph walks the callImport chart, each path drives the real CallImportModal.
import { Button, MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { CALL_LIST_HEADER } from '../../src/api/contract/outbound.ts';
import { CANNOT_UPLOAD_FILES, SUCCESSFULLY_UPLOADED } from '../../src/api/contract/storage.ts';
import { ApiError } from '../../src/api/client.ts';
import { noticeActions } from '../../src/console/notices.ts';
import { callImportMachine } from '../../src/machines/callImport/machine.ts';
import { CallImportModal } from '../../src/screens/outbound/CallImportModal.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';
import { clearToasts, shownToasts, toastsAddedBy } from './toasts.ts';

const PROBLEMS = [
  'Line 3: "+1 555" is not an E.164 number or a SIP URI.',
  'Line 4: the time 2001-01-01 10:00 UTC is in the past.',
];
const csv = () =>
  new File([`${CALL_LIST_HEADER}\n+420601234567,2039-01-01 12:43 UTC\n`], 'calls.csv', { type: 'text/csv' });

// The refusal as the client throws it with ownsFailure (the modal's to tell), and a lost session the client's table
// told (the login shows): the modal adds nothing then.
const REFUSED = new ApiError('uploadOutboundCalls', 400, { message: PROBLEMS.join('\n') }, false);
const SESSION_LOST = new ApiError('uploadOutboundCalls', 401, { message: 'Not logged in.' }, true);
const uploadCalls = createDeferredActor<{ calls_imported: number }, { campaignId: number; file: File }>({
  output: { calls_imported: 4 },
  error: REFUSED,
});
const emitted: Array<{ campaignId: number; count: number }> = [];
// The real toasts (Mantine's store), counted: one message per failure.
const machine = callImportMachine.provide({
  actors: { uploadCalls: uploadCalls.logic },
  actions: noticeActions,
});
const lastToast = () => shownToasts().at(-1);

const fileInput = () => {
  const input = document.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input in the drop zone');
  return input;
};
const dialog = (name: string | RegExp) => screen.getByRole('dialog', { name });

const executors = {
  'import.open': ({ user }) => user.click(screen.getByRole('button', { name: 'Import calls into Reminders' })),
  'import.choose': async ({ user }) => {
    await user.upload(fileInput(), csv());
    await waitFor(() => expect(dialog('Upload file')).toBeInTheDocument());
  },
  'import.confirm': ({ user }) => user.click(within(dialog('Upload file')).getByRole('button', { name: 'Upload' })),
  'import.cancel': ({ user }) => user.click(within(dialog('Upload file')).getByRole('button', { name: 'Cancel' })),
  'import.close': ({ user }) => user.click(within(dialog(/^Import calls/)).getByRole('button', { name: 'Close' })),
} satisfies ModelExecutors<typeof machine>;

const states: StateAssertions<typeof machine> = {
  closed: () => {
    expect(screen.queryByRole('dialog')).toBeNull();
    if (lastToast()?.title === SUCCESSFULLY_UPLOADED) {
      expect(lastToast()?.message).toBe('4 calls imported.');
      expect(emitted.at(-1)).toEqual({ campaignId: 7, count: 4 });
    }
  },
  choosing: () => {
    expect(dialog('Import calls into Reminders')).toHaveTextContent(CALL_LIST_HEADER);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Upload file' })).toBeNull();
    // Back here after a lost session: nothing said (the login shows).
    expect(shownToasts()).toEqual([]);
  },
  confirming: () => {
    expect(dialog('Upload file')).toHaveTextContent('Upload calls.csv and add its calls to Reminders?');
    // Nothing is sent before the confirmation.
    expect(uploadCalls.pending).toBe(0);
  },
  uploading: () => {
    expect(screen.queryByRole('dialog', { name: 'Upload file' })).toBeNull();
    expect(uploadCalls.calls.at(-1)?.campaignId).toBe(7);
    expect(uploadCalls.calls.at(-1)?.file.name).toBe('calls.csv');
  },
  failed: () => {
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(CANNOT_UPLOAD_FILES);
    for (const problem of PROBLEMS) expect(within(alert).getByText(problem)).toBeInTheDocument();
    // The modal's list is the one message: no toast beside it (it was a bare 'Cannot upload files!').
    expect(shownToasts()).toEqual([]);
    expect(emitted).toEqual([]);
  },
};

describeModel({
  name: 'callImport',
  machine,
  render: (m) => {
    clearToasts();
    emitted.length = 0;
    const actor = createActor(m).start();
    actor.on('calls.imported', (event) => emitted.push({ campaignId: event.campaignId, count: event.count }));
    render(
      <MantineProvider env="test">
        <Button onClick={() => actor.send({ type: 'import.open', campaignId: 7, campaignName: 'Reminders' })}>
          Import calls into Reminders
        </Button>
        <CallImportModal actor={actor} />
      </MantineProvider>,
    );
    return { actor };
  },
  executors,
  states,
  invokes: { uploadCalls },
  internalExecutors: {
    // A failure adds no toast: the modal lists the problems, or (a lost session) the login shows.
    'xstate.error.actor.uploadCalls': async ({ event }) => {
      const { error } = event as unknown as { error: unknown };
      const added = await toastsAddedBy(() => act(async () => uploadCalls.reject(error)));
      expect(added).toEqual([]);
    },
  },
  events: [
    { type: 'import.open', campaignId: 7, campaignName: 'Reminders' },
    { type: 'import.choose', file: csv() },
    { type: 'xstate.error.actor.uploadCalls', error: REFUSED } as never,
    { type: 'xstate.error.actor.uploadCalls', error: SESSION_LOST } as never,
  ],
  serializeContext: (c) => ({ file: c.file?.name ?? null, problems: c.problems.length }),
});
