import type { DoneActorEvent, ErrorActorEvent, OutputFrom } from 'xstate';
import { assign, setup } from 'xstate';
import type { ActionCatalogue } from '../../api/contract/actions.ts';
import { actionEditorActors } from './actors.ts';
import { type ActionDraft, draftOf, emptyDraft, listWith, toInput } from './draft.ts';
import type { ActionEditorEvent } from './events.ts';
import { draftChanged, formValid } from './guards.ts';
import { dialogDraftStates } from '../navigationGuard/leaving.ts';
import type { ActionEditorContext } from './types.ts';

export const ACTION_SAVED = 'Action saved';
export const ACTION_DELETED = 'Action deleted';

type Notice = { title: string; message?: string; color: 'red' | 'green' | 'yellow' | 'blue' };

const emptyCatalogue: ActionCatalogue = { builtin: [], pseudo_intents: [], condition_doc: '', webhook_rules: [] };
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The actions screen (/app/actions): the built-in catalogue and the project's webhook actions, edited one at a
 * time in a form that can make a test call before saving. Saves send the whole list (PUT /actions).
 */
export const actionEditorMachine = setup({
  types: { context: {} as ActionEditorContext, events: {} as ActionEditorEvent },
  actors: actionEditorActors,
  guards: {
    formValid: ({ context }) => formValid(context),
    isDraftChanged: ({ context }) => draftChanged(context),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    /** A failure's one toast, the server's message; nothing when the client's table told (a lost session). */
    notifyFailure: (_, _params: { error: unknown }) => {},
    storeActionsAndCatalogue: assign(
      (_, event: DoneActorEvent<OutputFrom<(typeof actionEditorActors)['loadActions']>>) => ({
        actions: event.output.actions,
        catalogue: event.output.catalogue,
      }),
    ),
    resetDraft: assign({ draft: () => emptyDraft(), testResult: null, saveError: null }),
    rememberDraft: assign(({ context }, event: Extract<ActionEditorEvent, { type: 'action.open' }>) => {
      const action = context.actions.find((a) => a.id === event.id);
      return { draft: action ? draftOf(action) : emptyDraft(), testResult: null, saveError: null };
    }),
    rememberDeleteId: assign({
      deleteId: (_, event: Extract<ActionEditorEvent, { type: 'action.delete' }>) => event.id,
    }),
    clearDeleteId: assign({ deleteId: null }),
    storeActions: assign({
      actions: (_, event: DoneActorEvent<OutputFrom<(typeof actionEditorActors)['saveActions']>>) => event.output,
      deleteId: null,
    }),
    rememberDraftOnFormChange: assign({
      draft: ({ context }, event: Extract<ActionEditorEvent, { type: 'form.change' }>) => ({
        ...(context.draft as ActionDraft),
        ...event.patch,
      }),
      saveError: null,
    }),
    clearDraftAndTestResult: assign({ draft: null, testResult: null }),
    storeTestResult: assign({
      testResult: (_, event: DoneActorEvent<OutputFrom<(typeof actionEditorActors)['testAction']>>) => event.output,
    }),
    rememberTestResult: assign({
      testResult: (_, event: ErrorActorEvent) => ({ ok: false, reason: messageOf(event.error), duration_ms: 0 }),
    }),
    storeActionsOnSaveActions: assign({
      actions: (_, event: DoneActorEvent<OutputFrom<(typeof actionEditorActors)['saveActions']>>) => event.output,
      draft: null,
      testResult: null,
    }),
    rememberSaveError: assign({ saveError: (_, event: ErrorActorEvent) => messageOf(event.error) }),
  },
}).createMachine({
  id: 'actionEditor',
  description: 'Actions screen: list, edit, save or delete an action, and a test call of its webhook.',
  context: { actions: [], catalogue: emptyCatalogue, draft: null, deleteId: null, testResult: null, saveError: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading the project actions and the built-in catalogue.',
      tags: ['loading'],
      invoke: {
        id: 'loadActions',
        src: 'loadActions',
        input: () => undefined,
        onDone: {
          target: 'list',
          actions: { type: 'storeActionsAndCatalogue', params: ({ event }) => event },
        },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      description: 'Loading failed (the error was already reported); a retry is offered.',
      on: { 'actions.retry': 'loading' },
    },
    list: {
      description: 'The project actions and the catalogue are shown.',
      on: {
        'action.new': {
          target: 'editing',
          actions: 'resetDraft',
        },
        'action.open': {
          target: 'editing',
          actions: { type: 'rememberDraft', params: ({ event }) => event },
        },
        'action.delete': {
          target: 'confirmingDelete',
          actions: { type: 'rememberDeleteId', params: ({ event }) => event },
        },
      },
    },
    confirmingDelete: {
      description: 'Asks to confirm deleting the action (refused by the server while a reaction names it).',
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': { target: 'list', actions: 'clearDeleteId' },
      },
    },
    deleting: {
      description: 'PUT /actions without the deleted action.',
      tags: ['saving'],
      invoke: {
        id: 'deleteAction',
        src: 'saveActions',
        input: ({ context }) => ({ actions: context.actions.filter((a) => a.id !== context.deleteId) }),
        onDone: {
          target: 'list',
          actions: [
            { type: 'storeActions', params: ({ event }) => event },
            { type: 'notify', params: { title: ACTION_DELETED, color: 'green' } },
          ],
        },
        onError: {
          target: 'list',
          actions: ['clearDeleteId', { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    editing: {
      description: 'The form of one webhook action: URL, method, headers and time limit, checked as typed.',
      ...dialogDraftStates({
        close: { target: '#actionEditor.list', actions: 'clearDraftAndTestResult' } as const,
        save: [{ guard: 'formValid', target: '#actionEditor.saving' }, { target: 'changed' }] as const,
        editing: {
          'form.change': {
            target: 'comparing',
            actions: {
              type: 'rememberDraftOnFormChange',
              params: ({ event }: { event: Extract<ActionEditorEvent, { type: 'form.change' }> }) => event,
            },
          },
          'form.test': { guard: 'formValid', target: '#actionEditor.testing' },
          'form.save': { guard: 'formValid', target: '#actionEditor.saving' },
        } as const,
      }),
    },
    testing: {
      description: 'One call of the action as edited, through the server (SSRF rules apply); nothing is stored.',
      tags: ['testing'],
      invoke: {
        id: 'testAction',
        src: 'testAction',
        input: ({ context }) => {
          const draft = context.draft as ActionDraft;
          const { id: _id, ...action } = toInput(draft);
          return { id: draft.id ?? -1, body: { action, variables: {} } };
        },
        onDone: { target: 'editing', actions: { type: 'storeTestResult', params: ({ event }) => event } },
        onError: {
          target: 'editing',
          actions: { type: 'rememberTestResult', params: ({ event }) => event },
        },
      },
    },
    saving: {
      description: 'PUT /actions with the whole list, the form replacing its action.',
      tags: ['saving', 'unsaved'],
      invoke: {
        id: 'saveActions',
        src: 'saveActions',
        input: ({ context }) => ({ actions: listWith(context.actions, context.draft as ActionDraft) }),
        onDone: {
          target: 'list',
          actions: [
            { type: 'storeActionsOnSaveActions', params: ({ event }) => event },
            { type: 'notify', params: { title: ACTION_SAVED, color: 'green' } },
          ],
        },
        onError: { target: 'editing', actions: { type: 'rememberSaveError', params: ({ event }) => event } },
      },
    },
  },
});
