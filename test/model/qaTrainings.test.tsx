// Model-based test of the QA trainings list: xstate/graph walks the qaTrainings chart, each path drives the real
// TrainingsPanel (questions with their expected entry and evaluation, add/edit dialog, delete, CSV import and export).
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { type ActorRefFrom, createActor } from 'xstate';
import { QA_QUESTION_EMPTY, QA_TOASTS, type QaQuestionResult } from '../../src/api/contract/qa-trainings.ts';
import type { QaTrainingsLoad } from '../../src/machines/qaTrainings/actors.ts';
import { MUST_NOT_BE_ANSWERED, QA_EXPECTED_REQUIRED } from '../../src/machines/qaTrainings/form.ts';
import { qaTrainingsMachine } from '../../src/machines/qaTrainings/machine.ts';
import { TrainingsPanel } from '../../src/screens/qaTrainings/TrainingsPanel.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';
import { hoursQuestion } from './knowledgeFixtures.ts';
import './documentFonts.ts';

const LINE_ERROR = 'Line 2: The knowledge entry of this question does not exist';
const HINT = 'Parking ranks first: add words of the question to Opening hours.';
const loaded: QaTrainingsLoad = {
  trainings: [hoursQuestion],
  entries: [
    { id: 1, label: 'Opening hours' },
    { id: 3, label: 'Parking' },
  ],
};
const result: QaQuestionResult = {
  qa_training_id: 7,
  question: hoursQuestion.question,
  knowledge_id: 1,
  rank: 2,
  confidence: 0.41,
  answered_knowledge_id: 3,
  hit: false,
  hint: HINT,
};
const csvFile = new File(['question,knowledge_id,link\nWhere to park?,3,\n'], 'questions.csv', { type: 'text/csv' });

const loadTrainings = createDeferredActor<QaTrainingsLoad, unknown>({ output: loaded, error: new Error('offline') });
const saveTraining = createDeferredActor<
  { id: number },
  { id: number | null; question: string; knowledge_id: number | null }
>({
  output: { id: 8 },
  error: new Error('Duplicit question'),
});
const deleteTraining = createDeferredActor<unknown, { id: number }>({ output: {}, error: new Error('Not found') });
const importTrainings = createDeferredActor<{ message: string }, { file: File }>({
  output: { message: '1 question imported' },
  error: new Error(LINE_ERROR),
});
const exportTrainings = createDeferredActor<unknown, unknown>({ output: undefined, error: new Error('offline') });

const notices: string[] = [];
let changes = 0;
const machine = qaTrainingsMachine.provide({
  actors: {
    loadTrainings: loadTrainings.logic,
    saveTraining: saveTraining.logic,
    deleteTraining: deleteTraining.logic,
    importTrainings: importTrainings.logic,
    exportTrainings: exportTrainings.logic,
  },
  actions: { notify: (_, params) => notices.push(params.title) },
});
let current: ActorRefFrom<typeof machine>;

const dialog = () => screen.getByRole('dialog');
const button = (name: string) => screen.getByRole('button', { name });
const expectedInput = () =>
  within(dialog())
    .getAllByLabelText('Expected entry')
    .find((e) => e instanceof HTMLInputElement && e.type !== 'hidden') as HTMLInputElement;
const LABELS: Record<string, string> = {
  [MUST_NOT_BE_ANSWERED]: 'must not be answered',
  1: 'Opening hours',
  3: 'Parking',
};

const executors = {
  'trainings.reload': ({ user }) => user.click(button('Try again')),
  'search.change': ({ event }) =>
    fireEvent.change(screen.getByLabelText('Search questions'), { target: { value: event.value } }),
  'training.add': async ({ user, event }) => {
    // With a question it comes from a conversation's "add this question" (the screen reads ?question=).
    if (event.question) current.send(event);
    else await user.click(button('Add question'));
  },
  'training.edit': ({ user }) => user.click(button(`Edit question ${hoursQuestion.question}`)),
  'training.delete': ({ user }) => user.click(button(`Delete question ${hoursQuestion.question}`)),
  'form.change': async ({ user, event }) => {
    if (event.patch.question !== undefined) {
      const question = within(dialog()).getByLabelText('Question');
      fireEvent.change(question, { target: { value: `${event.patch.question}?` } });
      fireEvent.change(question, { target: { value: event.patch.question } });
    }
    if (event.patch.expected !== undefined && event.patch.expected !== null) {
      const input = expectedInput();
      await user.click(input);
      const listbox = await waitFor(() => {
        const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
        if (!found) throw new Error('the entry select did not open');
        return found;
      });
      await user.click(within(listbox).getByText(LABELS[String(event.patch.expected)] as string));
    }
  },
  'form.submit': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Save' })),
  'form.cancel': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
  'delete.confirm': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Delete' })),
  'delete.cancel': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
  'import.choose': ({ user, event }) => {
    const input = document.querySelector('input[type="file"]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input for Import CSV');
    return user.upload(input, event.file);
  },
  'import.confirm': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Import' })),
  'import.cancel': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
  'import.dismiss': async ({ user }) => {
    const dismiss = screen.queryByRole('button', { name: 'Dismiss' });
    if (dismiss) await user.click(dismiss);
  },
  'trainings.export': ({ user }) => user.click(button('Export CSV')),
} satisfies ModelExecutors<typeof machine>;

function expectList(search: string) {
  if (search === 'refund') {
    expect(screen.getByTestId('qa-summary')).toHaveTextContent('0 of 1 questions');
    return;
  }
  const row = screen.getByTestId('qa-7');
  expect(row).toHaveTextContent(hoursQuestion.question);
  expect(row).toHaveTextContent('→ Opening hours');
  expect(within(row).getByTestId('qa-result')).toHaveTextContent('rank 2 · confidence 0.410');
  expect(within(row).getByLabelText('Missed')).toBeInTheDocument();
  expect(within(row).getByTestId('qa-hint')).toHaveTextContent(HINT);
}

const states: StateAssertions<typeof machine> = {
  loading: () => expect(screen.getByLabelText('Loading questions')).toBeInTheDocument(),
  failed: () => {
    expect(screen.getByText('The questions could not be loaded')).toBeInTheDocument();
    expect(screen.queryByTestId('qa-7')).toBeNull();
  },
  'ready.idle': (state) => {
    expect(screen.queryByRole('dialog')).toBeNull();
    expectList(state.context.search);
    expect(button('Add question')).toBeEnabled();
    if (state.context.importError) expect(screen.getByTestId('qa-import-error')).toHaveTextContent(LINE_ERROR);
    else expect(screen.queryByTestId('qa-import-error')).toBeNull();
  },
  'ready.editing': (state) => {
    const { form, attempted, saveError } = state.context;
    expect(within(dialog()).getByText(form.id === null ? 'Add question' : 'Edit question')).toBeInTheDocument();
    expect(within(dialog()).getByLabelText('Question')).toHaveValue(form.question);
    expect(expectedInput()).toHaveValue(form.expected === null ? '' : LABELS[String(form.expected)]);
    if (attempted && form.question.trim() === '') expect(dialog()).toHaveTextContent(QA_QUESTION_EMPTY);
    if (attempted && form.expected === null) expect(dialog()).toHaveTextContent(QA_EXPECTED_REQUIRED);
    if (!attempted) expect(dialog()).not.toHaveTextContent(QA_EXPECTED_REQUIRED);
    if (saveError) expect(dialog()).toHaveTextContent(saveError);
  },
  'ready.saving': (state) => {
    const { form } = state.context;
    expect(saveTraining.calls.at(-1)).toEqual({
      id: form.id,
      question: form.question.trim(),
      knowledge_id: form.expected === MUST_NOT_BE_ANSWERED ? null : form.expected,
    });
    expect(within(dialog()).getByRole('button', { name: 'Save' })).toHaveAttribute('data-loading');
  },
  'ready.confirmingDelete': () =>
    expect(dialog()).toHaveTextContent(`The question “${hoursQuestion.question}” will be deleted.`),
  'ready.deleting': () => expect(deleteTraining.calls.at(-1)).toEqual({ id: 7 }),
  'ready.confirmingImport': () => expect(dialog()).toHaveTextContent('The questions of “questions.csv”'),
  'ready.importing': () => {
    expect(importTrainings.calls.at(-1)?.file.name).toBe('questions.csv');
    expect(within(dialog()).getByRole('button', { name: 'Import' })).toHaveAttribute('data-loading');
  },
  'ready.exporting': () => {
    expect(exportTrainings.pending).toBe(1);
    expect(button('Export CSV')).toHaveAttribute('data-loading');
  },
  'ready.refreshing': () => {
    expect(loadTrainings.pending).toBe(1);
    expect([QA_TOASTS.added, QA_TOASTS.saved, QA_TOASTS.deleted, QA_TOASTS.imported]).toContain(notices.at(-1));
    expect(changes).toBe(1);
  },
};

describeModel({
  name: 'qaTrainings',
  machine,
  render: (m) => {
    notices.length = 0;
    changes = 0;
    current = createActor(m).start();
    current.on('qa.changed', () => {
      changes++;
    });
    render(
      <MantineProvider env="test">
        <TrainingsPanel actor={current} canEdit results={new Map([[7, result]])} />
      </MantineProvider>,
    );
    return { actor: current };
  },
  executors,
  states,
  invokes: {
    loadTrainings,
    reloadTrainings: loadTrainings,
    saveTraining,
    deleteTraining,
    importTrainings,
    exportTrainings,
  },
  events: [
    { type: 'search.change', value: 'refund' },
    { type: 'training.add' },
    { type: 'training.add', question: 'Where can I park?' },
    { type: 'training.edit', id: 7 },
    { type: 'training.delete', id: 7 },
    { type: 'form.change', patch: { question: 'Is parking free?', expected: 3 } },
    { type: 'form.change', patch: { expected: MUST_NOT_BE_ANSWERED } },
    { type: 'import.choose', file: csvFile },
  ],
  serializeContext: (c) => ({
    search: c.search,
    formId: c.form.id,
    question: c.form.question,
    expected: c.form.expected,
    attempted: c.attempted,
    saveError: c.saveError !== null,
    pendingDelete: c.pendingDelete,
    pendingImport: c.pendingImport?.name ?? null,
    importError: c.importError !== null,
  }),
  paths: 'perTransition',
});
