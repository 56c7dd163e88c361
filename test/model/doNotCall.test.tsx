// Model-based test of the do-not-call list (issue 38): xstate/graph walks the doNotCall chart, each path drives the
// real DoNotCallModal in jsdom.
import { MantineProvider } from '@mantine/core';
import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { DoNotCallEntry } from '../../src/api/contract/do-not-call.ts';
import { DO_NOT_CALL_ADDED } from '../../src/api/contract/do-not-call.ts';
import {
  DO_NOT_CALL_IMPORTED,
  DO_NOT_CALL_LOAD_FAILED,
  DO_NOT_CALL_REMOVED,
  doNotCallMachine,
} from '../../src/machines/doNotCall/machine.ts';
import { DO_NOT_CALL_EMPTY, DoNotCallModal } from '../../src/screens/outbound/DoNotCallModal.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';

const listed: DoNotCallEntry = {
  id: 4,
  destination: '+420601000004',
  note: 'Asked not to be called',
  created_at: '2039-01-01T10:00:00.000Z',
  created_by: 'Administrator',
};
const csv = new File(['destination,note\n+420601000005,complaint\n'], 'dnc.csv', { type: 'text/csv' });

const loadList = createDeferredActor<DoNotCallEntry[], unknown>({ output: [listed], error: new Error('offline') });
const addEntry = createDeferredActor<unknown, { destination: string; note: string }>({
  output: { id: 5 },
  error: new Error('+420601000004 is already on the do-not-call list.'),
});
const removeEntry = createDeferredActor<unknown, { id: number }>({ output: {}, error: new Error('refused') });
const importFile = createDeferredActor<{ added: number; already_listed: number }, { file: File }>({
  output: { added: 1, already_listed: 0 },
  error: new Error('Nothing was imported.\nLine 2: "12345" must be an E.164 number'),
});

const notices: string[] = [];
const failures: string[] = [];
const machine = doNotCallMachine.provide({
  actors: {
    loadList: loadList.logic,
    addEntry: addEntry.logic,
    removeEntry: removeEntry.logic,
    importFile: importFile.logic,
  },
  actions: {
    notify: (_, params) => notices.push(params.title),
    notifyFailure: (_, params) => failures.push(params.title),
  },
});

/** The actor of the path being walked: its "open" comes from the outbound screen's button, outside the modal. */
let current: ReturnType<typeof createActor<typeof machine>> | null = null;

function renderModal(m: typeof machine, canEdit = true) {
  const actor = createActor(m).start();
  current = actor;
  render(
    <MantineProvider env="test">
      <DoNotCallModal actor={actor} canEdit={canEdit} />
    </MantineProvider>,
  );
  return { actor };
}

const dialog = (name: string) => screen.getByRole('dialog', { name });
const list = () => dialog('Do-not-call list');

const executors = {
  'doNotCall.open': async () => {
    await act(async () => current!.send({ type: 'doNotCall.open' }));
  },
  'doNotCall.close': ({ user }) => user.keyboard('{Escape}'),
  'doNotCall.reload': ({ user }) => user.click(within(list()).getByRole('button', { name: 'Reload' })),
  'draft.change': ({ user }) => user.type(within(list()).getByLabelText('Number'), '+420601000004'),
  'draft.add': ({ user }) => user.click(within(list()).getByRole('button', { name: 'Add' })),
  'entry.remove': ({ user }) =>
    user.click(within(list()).getByRole('button', { name: 'Remove +420601000004 from the do-not-call list' })),
  'removal.confirm': ({ user }) =>
    user.click(within(dialog('Remove from the do-not-call list')).getByRole('button', { name: 'Remove' })),
  'removal.cancel': ({ user }) =>
    user.click(within(dialog('Remove from the do-not-call list')).getByRole('button', { name: 'Cancel' })),
  'file.choose': ({ user }) => {
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    return user.upload(input, csv);
  },
} satisfies ModelExecutors<typeof machine>;

const states: StateAssertions<typeof machine> = {
  closed: () => expect(screen.queryByRole('dialog', { name: 'Do-not-call list' })).toBeNull(),
  loading: () => expect(within(list()).getByLabelText('Loading the do-not-call list')).toBeInTheDocument(),
  loadFailed: () => expect(within(list()).getByText(DO_NOT_CALL_LOAD_FAILED)).toBeInTheDocument(),
  ready: (state) => {
    const { entries, addError, importProblems } = state.context;
    if (entries.length) {
      const table = within(list()).getByRole('table', { name: 'Do-not-call numbers' });
      expect(within(table).getByRole('row', { name: /\+420601000004/ })).toHaveTextContent('Asked not to be called');
    } else expect(within(list()).getByText(DO_NOT_CALL_EMPTY)).toBeInTheDocument();
    if (addError) expect(within(list()).getByText(addError)).toBeInTheDocument();
    if (importProblems.length)
      expect(within(list()).getByTestId('do-not-call-problems')).toHaveTextContent(importProblems[0]!);
    else expect(within(list()).queryByTestId('do-not-call-problems')).toBeNull();
  },
  'ready.idle': (state) => {
    expect(within(list()).getByLabelText('Number')).toHaveValue(state.context.draft.destination);
  },
  'ready.adding': () => expect(addEntry.calls.at(-1)).toEqual({ destination: '+420601000004', note: '' }),
  'ready.confirmingRemoval': () =>
    expect(dialog('Remove from the do-not-call list')).toHaveTextContent('Remove +420601000004?'),
  'ready.removing': () => expect(removeEntry.calls.at(-1)).toEqual({ id: 4 }),
  'ready.importing': () => expect(importFile.calls.at(-1)?.file.name).toBe('dnc.csv'),
  'ready.refreshing': () => expect(loadList.calls.length).toBeGreaterThan(1),
};

describeModel({
  name: 'doNotCall',
  machine,
  render: (m) => {
    notices.length = 0;
    failures.length = 0;
    return renderModal(m);
  },
  executors,
  states,
  invokes: { loadList, refreshList: loadList, addEntry, removeEntry, importFile },
  events: [
    { type: 'draft.change', field: 'destination', value: '+420601000004' },
    { type: 'entry.remove', entry: listed },
    { type: 'file.choose', file: csv },
  ],
  serializeContext: (c) => ({
    n: c.entries.length,
    draft: c.draft.destination,
    error: c.addError !== null,
    problems: c.importProblems.length,
    target: c.target?.id ?? null,
  }),
  paths: 'perTransition',
});

describe('do-not-call list', () => {
  it('tells an add, a removal and an import; without the edit grant it is read-only', async () => {
    const { actor } = renderModal(machine, false);
    actor.send({ type: 'doNotCall.open' });
    await loadList.resolve();
    await screen.findByRole('table', { name: 'Do-not-call numbers' });
    expect(within(list()).queryByLabelText('Number')).toBeNull();
    expect(within(list()).queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(within(list()).queryByRole('button', { name: 'Import CSV' })).toBeNull();
    actor.send({ type: 'draft.change', field: 'destination', value: '+420601000009' });
    actor.send({ type: 'draft.add' });
    await addEntry.resolve();
    await loadList.resolve();
    expect(notices).toContain(DO_NOT_CALL_ADDED);
    actor.send({ type: 'entry.remove', entry: listed });
    actor.send({ type: 'removal.confirm' });
    await removeEntry.resolve();
    await loadList.resolve();
    expect(notices).toContain(DO_NOT_CALL_REMOVED);
    actor.send({ type: 'file.choose', file: csv });
    await importFile.resolve();
    expect(notices).toContain(DO_NOT_CALL_IMPORTED);
    actor.stop();
  });
});
