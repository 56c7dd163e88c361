import type { ErrorActorEvent } from 'xstate';
import { assign, emit, setup } from 'xstate';
import type { Notice } from '../../api/contract/notice.ts';
import { QA_TOASTS, type QaTrainingItem } from '../../api/contract/qa-trainings.ts';
import { type EntryOption, qaTrainingsActors } from './actors.ts';
import type { QaTrainingsEmitted, QaTrainingsEvent } from './events.ts';
import { EMPTY_QA_FORM, isQaFormValid, MUST_NOT_BE_ANSWERED, type QaForm, qaBody } from './form.ts';

export interface QaTrainingsContext {
  trainings: QaTrainingItem[];
  entries: EntryOption[];
  search: string;
  form: QaForm;
  attempted: boolean;
  saveError: string | null;
  pendingDelete: number | null;
  pendingImport: File | null;
  /** The server's refusal of the last CSV import (with its line), shown until dismissed. */
  importError: string | null;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const trainingById = (context: QaTrainingsContext, id: number) => context.trainings.find((t) => t.id === id);
const hasId = (event: QaTrainingsEvent): event is Extract<QaTrainingsEvent, { id: number }> => 'id' in event;

/**
 * QA trainings (issue 16 item 4): example questions, each tied to the entry that must answer it or marked "must
 * not be answered"; add, edit and delete in a dialog, CSV import (after confirmation) and export.
 */
export const qaTrainingsMachine = setup({
  types: { context: {} as QaTrainingsContext, events: {} as QaTrainingsEvent, emitted: {} as QaTrainingsEmitted },
  actors: qaTrainingsActors,
  guards: {
    isKnownTraining: ({ context, event }) => hasId(event) && trainingById(context, event.id) !== undefined,
    isFormValid: ({ context }) => isQaFormValid(context.form),
    isNewTraining: ({ context }) => context.form.id === null,
  },
  actions: {
    notify: (_, _params: Notice) => {},
    notifyFailure: (_, _params: { error: unknown; title?: string }) => {},
    storeLoad: assign((_, params: { trainings: QaTrainingItem[]; entries: EntryOption[] }) => params),
    rememberSearch: assign({ search: (_, event: Extract<QaTrainingsEvent, { type: 'search.change' }>) => event.value }),
    rememberForm: assign({
      form: (_, event: Extract<QaTrainingsEvent, { type: 'training.add' }>) => ({
        ...EMPTY_QA_FORM,
        question: event.question ?? '',
      }),
      attempted: false,
      saveError: null,
    }),
    rememberFormOnTrainingEdit: assign({
      form: ({ context }, event: Extract<QaTrainingsEvent, { type: 'training.edit' }>) => {
        const training = trainingById(context, event.id) as QaTrainingItem;
        return {
          id: training.id,
          question: training.question,
          expected: training.knowledge_id ?? MUST_NOT_BE_ANSWERED,
        };
      },
      attempted: false,
      saveError: null,
    }),
    rememberPendingDelete: assign({
      pendingDelete: (_, event: Extract<QaTrainingsEvent, { type: 'training.delete' }>) => event.id,
    }),
    rememberPendingImport: assign({
      pendingImport: (_, event: Extract<QaTrainingsEvent, { type: 'import.choose' }>) => event.file,
      importError: null,
    }),
    clearImportError: assign({ importError: null }),
    rememberFormOnFormChange: assign({
      form: ({ context }, event: Extract<QaTrainingsEvent, { type: 'form.change' }>) => ({
        ...context.form,
        ...event.patch,
      }),
      saveError: null,
    }),
    resetAttempted: assign({ attempted: true }),
    rememberSaveError: assign({ saveError: (_, event: ErrorActorEvent) => messageOf(event.error) }),
    clearPendingDelete: assign({ pendingDelete: null }),
    clearPendingImport: assign({ pendingImport: null }),
    rememberImportError: assign({
      pendingImport: null,
      importError: (_, event: ErrorActorEvent) => messageOf(event.error),
    }),
  },
}).createMachine({
  id: 'qaTrainings',
  description: 'QA trainings: questions and the entry that must answer each; add, edit, delete, CSV import and export.',
  context: {
    trainings: [],
    entries: [],
    search: '',
    form: EMPTY_QA_FORM,
    attempted: false,
    saveError: null,
    pendingDelete: null,
    pendingImport: null,
    importError: null,
  },
  initial: 'loading',
  on: { 'search.change': { actions: { type: 'rememberSearch', params: ({ event }) => event } } },
  states: {
    loading: {
      description: 'GET /qa-trainings and the entries they can be tied to.',
      tags: ['loading'],
      invoke: {
        id: 'loadTrainings',
        src: 'loadTrainings',
        onDone: { target: 'ready', actions: { type: 'storeLoad', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: {
      description: 'The questions could not be loaded; Try again asks again.',
      on: { 'trainings.reload': 'loading' },
    },
    ready: {
      description: 'The questions are listed; one change at a time.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Questions can be added, edited, deleted, imported or exported.',
          on: {
            'training.add': {
              target: 'editing',
              actions: { type: 'rememberForm', params: ({ event }) => event },
            },
            'training.edit': {
              guard: 'isKnownTraining',
              target: 'editing',
              actions: { type: 'rememberFormOnTrainingEdit', params: ({ event }) => event },
            },
            'training.delete': {
              guard: 'isKnownTraining',
              target: 'confirmingDelete',
              actions: { type: 'rememberPendingDelete', params: ({ event }) => event },
            },
            'import.choose': {
              target: 'confirmingImport',
              actions: { type: 'rememberPendingImport', params: ({ event }) => event },
            },
            'import.dismiss': { actions: 'clearImportError' },
            'trainings.export': 'exporting',
          },
        },
        editing: {
          description: 'The dialog with the question and its expected entry is open.',
          on: {
            'form.change': {
              actions: { type: 'rememberFormOnFormChange', params: ({ event }) => event },
            },
            'form.submit': [{ guard: 'isFormValid', target: 'saving' }, { actions: 'resetAttempted' }],
            'form.cancel': 'idle',
          },
        },
        saving: {
          description: 'PUT /qa-trainings/{id or -1}; a refusal goes back to the dialog with its message.',
          tags: ['busy'],
          invoke: {
            id: 'saveTraining',
            src: 'saveTraining',
            input: ({ context }) => qaBody(context.form),
            onDone: [
              {
                guard: 'isNewTraining',
                target: 'refreshing',
                actions: [
                  { type: 'notify', params: { title: QA_TOASTS.added, color: 'green' } },
                  emit({ type: 'qa.changed' as const }),
                ],
              },
              {
                target: 'refreshing',
                actions: [
                  { type: 'notify', params: { title: QA_TOASTS.saved, color: 'green' } },
                  emit({ type: 'qa.changed' as const }),
                ],
              },
            ],
            onError: { target: 'editing', actions: { type: 'rememberSaveError', params: ({ event }) => event } },
          },
        },
        confirmingDelete: {
          description: 'Delete the question? (confirmation).',
          on: {
            'delete.confirm': 'deleting',
            'delete.cancel': { target: 'idle', actions: 'clearPendingDelete' },
          },
        },
        deleting: {
          description: 'DELETE /qa-trainings/{id}.',
          tags: ['busy'],
          invoke: {
            id: 'deleteTraining',
            src: 'deleteTraining',
            input: ({ context }) => ({ id: context.pendingDelete as number }),
            onDone: {
              target: 'refreshing',
              actions: [
                'clearPendingDelete',
                { type: 'notify', params: { title: QA_TOASTS.deleted, color: 'green' } },
                emit({ type: 'qa.changed' as const }),
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
        confirmingImport: {
          description: 'Upload file? The CSV question,knowledge_id,link is imported all or nothing.',
          on: {
            'import.confirm': 'importing',
            'import.cancel': { target: 'idle', actions: 'clearPendingImport' },
          },
        },
        importing: {
          description: 'PUT /qa-trainings/import; a bad row refuses the file, naming its line.',
          tags: ['busy'],
          invoke: {
            id: 'importTrainings',
            src: 'importTrainings',
            input: ({ context }) => ({ file: context.pendingImport as File }),
            onDone: {
              target: 'refreshing',
              actions: [
                'clearPendingImport',
                {
                  type: 'notify',
                  params: ({ event }) => ({ title: QA_TOASTS.imported, message: event.output.message, color: 'green' }),
                },
                emit({ type: 'qa.changed' as const }),
              ],
            },
            onError: {
              target: 'idle',
              actions: { type: 'rememberImportError', params: ({ event }) => event },
            },
          },
        },
        exporting: {
          description: 'GET /qa-trainings/export, saved as a CSV file.',
          tags: ['busy'],
          invoke: {
            id: 'exportTrainings',
            src: 'exportTrainings',
            onDone: 'idle',
            onError: {
              target: 'idle',
              actions: {
                type: 'notifyFailure',
                params: ({ event }) => ({ error: event.error, title: 'Cannot download file!' }),
              },
            },
          },
        },
        refreshing: {
          description: 'The questions are read again after a change.',
          tags: ['busy'],
          invoke: {
            id: 'reloadTrainings',
            src: 'loadTrainings',
            onDone: { target: 'idle', actions: { type: 'storeLoad', params: ({ event }) => event.output } },
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
