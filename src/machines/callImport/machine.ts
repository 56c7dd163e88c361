import type { ErrorActorEvent } from 'xstate';
import { assign, emit, setup } from 'xstate';
import { failureReason, toldByClient } from '../../api/contract/notice.ts';
import { SUCCESSFULLY_UPLOADED } from '../../api/contract/storage.ts';
import { callImportActors } from './actors.ts';
import type { CallImportEmitted, CallImportEvent } from './events.ts';

export interface CallImportContext {
  campaignId: number | null;
  campaignName: string;
  /** The CSV chosen, waiting for confirmation or being sent. */
  file: File | null;
  /** The server's problems with the last file, one per line ("Line 3: ..."); nothing of it was imported. */
  problems: string[];
}

type Notice = { title: string; message?: string; color: 'red' | 'green' };

/** The server answers every problem of the file in one message, one per line. */
const problemsOf = (error: unknown): string[] => {
  // Not a 500's 'Something went wrong.': only what the server wrote for a person.
  const message = failureReason(error) ?? '';
  if (!message || /^Call \w+ failed/.test(message)) return ['The call list was not imported.'];
  // The view says itself that nothing was imported; the list is the problems.
  return message
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && line !== 'Nothing was imported.');
};

/** The call-list import modal (spec 2 §2, §5, §8): choose a CSV, confirm, upload all or nothing, see why not. */
export const callImportMachine = setup({
  types: {
    context: {} as CallImportContext,
    events: {} as CallImportEvent,
    emitted: {} as CallImportEmitted,
  },
  actors: callImportActors,
  guards: {
    /** The client's table already told (an expired session shows the login, no response its toast): add nothing. */
    toldByClient: (_, params: { error: unknown }) => toldByClient(params.error),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    rememberCampaignIdAndCampaignName: assign((_, event: Extract<CallImportEvent, { type: 'import.open' }>) => ({
      campaignId: event.campaignId,
      campaignName: event.campaignName,
      file: null,
      problems: [],
    })),
    rememberFile: assign({
      file: (_, event: Extract<CallImportEvent, { type: 'import.choose' }>) => event.file,
      problems: [],
    }),
    clearFile: assign({ file: null }),
    rememberProblems: assign({ problems: (_, event: ErrorActorEvent) => problemsOf(event.error), file: null }),
  },
}).createMachine({
  id: 'callImport',
  description: 'Importing a call list (CSV destination,scheduled_time) into a campaign, after a confirmation.',
  context: { campaignId: null, campaignName: '', file: null, problems: [] },
  initial: 'closed',
  states: {
    closed: {
      description: 'No modal.',
      on: {
        'import.open': {
          target: 'choosing',
          actions: { type: 'rememberCampaignIdAndCampaignName', params: ({ event }) => event },
        },
      },
    },
    choosing: {
      description: 'The modal explains the format and waits for a CSV file.',
      on: {
        'import.choose': { target: 'confirming', actions: { type: 'rememberFile', params: ({ event }) => event } },
        'import.close': 'closed',
      },
    },
    confirming: {
      description: 'Spec 2 §8 "upload file": a confirmation names the file and the campaign before anything is sent.',
      on: {
        'import.confirm': 'uploading',
        'import.cancel': { target: 'choosing', actions: 'clearFile' },
      },
    },
    uploading: {
      description: 'The call list is being sent; the server imports all of it or nothing.',
      tags: ['busy'],
      invoke: {
        id: 'uploadCalls',
        src: 'uploadCalls',
        input: ({ context }) => ({ campaignId: context.campaignId as number, file: context.file as File }),
        onDone: {
          target: 'closed',
          actions: [
            {
              type: 'notify',
              params: ({ event }) => ({
                title: SUCCESSFULLY_UPLOADED,
                message: `${event.output.calls_imported} calls imported.`,
                color: 'green',
              }),
            },
            emit(({ context, event }) => ({
              type: 'calls.imported' as const,
              campaignId: context.campaignId as number,
              count: event.output.calls_imported,
            })),
          ],
        },
        // One message per failure: the modal's list of problems, no toast beside it.
        onError: [
          {
            guard: { type: 'toldByClient', params: ({ event }) => ({ error: event.error }) },
            target: 'choosing',
            actions: 'clearFile',
          },
          { target: 'failed', actions: { type: 'rememberProblems', params: ({ event }) => event } },
        ],
      },
    },
    failed: {
      description: 'Refused: the problems are listed by line, nothing was imported; a corrected file can be chosen.',
      on: {
        'import.choose': { target: 'confirming', actions: { type: 'rememberFile', params: ({ event }) => event } },
        'import.close': 'closed',
      },
    },
  },
});
