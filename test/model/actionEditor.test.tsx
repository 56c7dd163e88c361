// Model-based test of the actions screen: xstate/graph walks the actionEditor chart, each path drives the real ActionsView.
import { LEAVING_TEXTS } from '../../src/machines/navigationGuard/leaving.ts';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { type ActorRefFrom, createActor } from 'xstate';
import { ApiError } from '../../src/api/client.ts';
import type { ActionTestBody, ActionTestResult } from '../../src/api/contract/action-test-call.ts';
import type { ActionCatalogue, ProjectAction, ProjectActionInput } from '../../src/api/contract/actions.ts';
import { notifyFailure } from '../../src/console/notices.ts';
import type { ActionsData } from '../../src/machines/actionEditor/actors.ts';
import { formErrors, formValid } from '../../src/machines/actionEditor/guards.ts';
import { ACTION_DELETED, ACTION_SAVED, actionEditorMachine } from '../../src/machines/actionEditor/machine.ts';
import { ActionsView } from '../../src/screens/actions/ActionsView.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';
import { toastsAddedBy } from './toasts.ts';

const IN_USE = 'Action order_status is used by reaction order.';
// A delete's refusals as the client throws them: the 400 the call expects (the screen's to tell), a 500 the table told.
const DELETE_REFUSED = new ApiError('updateActions', 400, { message: IN_USE }, false);
const DELETE_TOLD = new ApiError('updateActions', 500, {}, true);
const catalogue: ActionCatalogue = {
  builtin: [
    {
      name: 'date_picker',
      doc: 'Shows a date picker.',
      args: [{ name: 'variable', type: 'variable', required: true, doc: 'Variable that receives the date.' }],
      ends_conversation: false,
    },
    { name: 'call_end', doc: 'Ends the conversation.', args: [], ends_conversation: true },
  ],
  pseudo_intents: [{ name: '@start', doc: 'Runs when a conversation opens.' }],
  condition_doc: 'A Jexl expression.',
  webhook_rules: ['Redirects are not followed.'],
};
const stored: ProjectAction = {
  id: 4,
  name: 'order_status',
  type: 'webhook',
  url: 'https://example.com/status',
  method: 'POST',
  headers: { 'x-key': 'abc' },
  timeout_ms: 5000,
};
const data: ActionsData = { actions: [stored], catalogue };

const loadActions = createDeferredActor<ActionsData>({ output: data });
const saveActions = createDeferredActor<ProjectAction[], { actions: ProjectActionInput[] }>({
  output: [stored],
  error: new Error(IN_USE),
});
const deleteAction = saveActions; // the same actor, invoked under another id
const testAction = createDeferredActor<ActionTestResult, { id: number; body: ActionTestBody }>({
  output: { ok: true, status: 200, data: { status: 'shipped' }, duration_ms: 12 },
  error: new Error('Backend Connection Error!'),
});

const notices: string[] = [];
const machine = actionEditorMachine.provide({
  actors: { loadActions: loadActions.logic, saveActions: saveActions.logic, testAction: testAction.logic },
  actions: {
    notify: (_, params) => void notices.push(params.title),
    notifyFailure: (_, params) => notifyFailure(params.error),
  },
});

let current: ActorRefFrom<typeof machine>;
const form = () => within(screen.getByTestId('action-form'));
const dialog = () => within(screen.getByRole('dialog'));
const question = () => within(screen.getByRole('dialog', { name: LEAVING_TEXTS.title }));
const noQuestion = () => expect(screen.queryByRole('dialog', { name: LEAVING_TEXTS.title })).toBeNull();

const executors = {
  'actions.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Retry' })),
  'action.new': ({ user }) => user.click(screen.getByRole('button', { name: 'New webhook action' })),
  'action.open': ({ user }) => user.click(screen.getByRole('button', { name: 'Edit order_status' })),
  'action.delete': ({ user }) => user.click(screen.getByRole('button', { name: 'Delete order_status' })),
  'delete.confirm': ({ user }) => user.click(dialog().getByRole('button', { name: 'Delete' })),
  'delete.cancel': ({ user }) => user.click(dialog().getByRole('button', { name: 'Cancel' })),
  'form.change': ({ event }) => {
    fireEvent.change(form().getByLabelText('Action name', { selector: 'input' }), {
      target: { value: event.patch.name },
    });
  },
  'form.cancel': ({ user }) => user.click(form().getByRole('button', { name: 'Cancel' })),
  'form.test': ({ user }) => user.click(form().getByRole('button', { name: /Test call/ })),
  'form.save': ({ user }) => user.click(form().getByRole('button', { name: /Save action/ })),
  'leave.save': ({ user }) => user.click(question().getByRole('button', { name: LEAVING_TEXTS.save })),
  'leave.discard': ({ user }) => user.click(question().getByRole('button', { name: LEAVING_TEXTS.discard })),
  'leave.stay': ({ user }) => user.click(question().getByRole('button', { name: LEAVING_TEXTS.stay })),
} satisfies ModelExecutors<typeof machine>;

const never = () => {
  throw new Error('never observed');
};
const ctx = () => current.getSnapshot().context;

const states: StateAssertions<typeof machine> = {
  loading: () => expect(screen.getByLabelText('Loading actions')).toBeInTheDocument(),
  loadFailed: () => expect(screen.getByText('Actions could not be loaded.')).toBeInTheDocument(),
  list: () => {
    expect(screen.getByTestId('builtin-catalogue')).toHaveTextContent('date_picker');
    expect(screen.getByTestId('webhook-rules')).toHaveTextContent('Redirects are not followed.');
    if (ctx().actions.length) expect(screen.getByTestId('actions-table')).toHaveTextContent('order_status');
    else {
      expect(screen.getByTestId('actions-empty')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Add an action' })).toBeEnabled();
    }
    expect(screen.queryByTestId('action-form')).toBeNull();
  },
  confirmingDelete: () =>
    expect(screen.getByRole('dialog', { name: 'Delete action order_status?' })).toBeInTheDocument(),
  deleting: () => {
    expect(saveActions.calls.at(-1)).toEqual({ actions: [] });
    expect(screen.getByRole('dialog', { name: 'Delete action order_status?' })).toBeInTheDocument();
  },
  editing: (state) => {
    const draft = state.context.draft!;
    expect(form().getByLabelText('Action name', { selector: 'input' })).toHaveValue(draft.name);
    for (const message of Object.values(formErrors(state.context)))
      expect(form().getAllByText(message).length).toBeGreaterThan(0);
    if (state.context.testResult) expect(screen.getByTestId('test-result')).toBeInTheDocument();
    if (state.context.saveError) expect(screen.getByTestId('save-error')).toHaveTextContent(state.context.saveError);
  },
  'editing.comparing': never,
  'editing.unchanged': noQuestion,
  'editing.changed': noQuestion,
  // Cancel with typed content asks instead of throwing the form away; the form stays behind the question.
  'editing.leaving': () => {
    expect(question().getByText(LEAVING_TEXTS.message)).toBeInTheDocument();
    expect(form().getByLabelText('Action name', { selector: 'input' })).toHaveValue(ctx().draft?.name);
  },
  testing: () => {
    expect(testAction.calls.at(-1)?.body.action.name).toBe(ctx().draft?.name.trim());
    expect(form().getByRole('button', { name: /Test call/ })).toHaveAttribute('data-loading', 'true');
  },
  saving: () => {
    const sent = saveActions.calls.at(-1)?.actions ?? [];
    expect(sent.map((a) => a.name)).toContain(ctx().draft?.name.trim());
  },
};

describeModel({
  name: 'actionEditor',
  machine,
  render: (m) => {
    notices.length = 0;
    const actor = createActor(m).start();
    current = actor;
    render(
      <MantineProvider env="test">
        <ActionsView actor={actor} canEdit />
      </MantineProvider>,
    );
    return { actor };
  },
  executors,
  states,
  invokes: { loadActions, saveActions, deleteAction, testAction },
  internalExecutors: {
    // A refused delete (the 400 the call expects) is one toast with the server's words; a 500 the client's table
    // already told ('Error!'): nothing more.
    'xstate.error.actor.deleteAction': async ({ event }) => {
      const { error } = event as unknown as { error: ApiError };
      const added = await toastsAddedBy(() => act(async () => deleteAction.reject(error)));
      expect(added).toEqual(error.notified ? [] : [{ title: IN_USE, message: '', color: 'red' }]);
    },
  },
  events: [
    { type: 'xstate.error.actor.deleteAction', error: DELETE_REFUSED } as never,
    { type: 'xstate.error.actor.deleteAction', error: DELETE_TOLD } as never,
    { type: 'action.open', id: 4 },
    { type: 'action.delete', id: 4 },
    { type: 'form.change', patch: { name: '' } },
    { type: 'form.change', patch: { name: 'crm_lookup' } },
  ],
  serializeContext: (c) => ({
    valid: formValid(c),
    tested: c.testResult !== null,
    saveError: c.saveError !== null,
    count: c.actions.length,
    draftId: c.draft?.id ?? null,
    name: c.draft?.name ?? null,
  }),
});

void [ACTION_SAVED, ACTION_DELETED];
