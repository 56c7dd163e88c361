// Model-based test of the knowledge import dialog: xstate/graph walks the knowledgeImport chart, each path drives the
// real ImportDialog (a URL, a project file, a CSV; a refusal with its line number keeps the dialog open).
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { KNOWLEDGE_TOASTS } from '../../src/api/contract/knowledges.ts';
import type { StorageFile } from '../../src/api/contract/storage.ts';
import { knowledgeImportMachine } from '../../src/machines/knowledgeImport/machine.ts';
import type { ImportRequest } from '../../src/machines/knowledgeImport/request.ts';
import { ImportDialog } from '../../src/screens/knowledge/ImportDialog.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';

const handbook: StorageFile = {
  name: 'handbook.pdf',
  size: 20480,
  type: 'application/pdf',
  version: 1,
  updated: '2026-11-01T00:00:00.000Z',
  by: 'Administrator',
};
const picture: StorageFile = { ...handbook, name: 'logo.png', type: 'image/png' };
const csvFile = new File(['link,knowledge\nhttps://example.com,Open daily\n'], 'faq.csv', { type: 'text/csv' });
const LINE_ERROR = 'Line 3: Link must be an http:// or https:// URL';

const loadFiles = createDeferredActor<StorageFile[], unknown>({
  output: [handbook, picture],
  error: new Error('offline'),
});
const importKnowledge = createDeferredActor<{ message: string }, ImportRequest>({
  output: { message: '2 entries imported' },
  error: new Error(LINE_ERROR),
});
const notices: Array<{ title: string; message?: string }> = [];
let imported = 0;
const machine = knowledgeImportMachine.provide({
  actors: { loadFiles: loadFiles.logic, importKnowledge: importKnowledge.logic },
  actions: { notify: (_, params) => notices.push(params) },
});

const dialog = () => screen.getByRole('dialog');
/** The Select's own input (its listbox carries the same label). */
const fileSelect = () =>
  within(dialog())
    .queryAllByLabelText('Project file')
    .find((e) => e instanceof HTMLInputElement && e.type !== 'hidden') as HTMLInputElement | undefined;
const submit = () => within(dialog()).getByRole('button', { name: 'Import' });
const SOURCE_LABELS = { url: 'From a URL', file: 'From a project file', csv: 'From a CSV' } as const;

const executors = {
  'import.open': ({ user }) => user.click(screen.getByRole('button', { name: 'Import' })),
  'import.close': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
  'source.select': ({ user, event }) => user.click(within(dialog()).getByLabelText(SOURCE_LABELS[event.source])),
  'url.change': async ({ user, event }) => {
    const input = within(dialog()).queryByLabelText('URL');
    if (!input) return; // another source is shown: nothing to type into
    await user.clear(input);
    await user.type(input, event.url);
  },
  'file.select': async ({ user, event }) => {
    const input = fileSelect();
    if (!input || !event.name) return;
    await user.click(input);
    const listbox = await waitFor(() => {
      const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
      if (!found) throw new Error('the file select did not open');
      return found;
    });
    const option = within(listbox).queryByText(event.name);
    // While the files load there is nothing to choose.
    if (option) await user.click(option);
    else await user.keyboard('{Escape}');
  },
  'csv.choose': async ({ user, event }) => {
    const input = dialog().querySelector('input[type="file"]');
    if (!(input instanceof HTMLInputElement) || !event.file) return;
    await user.upload(input, event.file);
  },
  'import.submit': async ({ user }) => {
    // An incomplete source cannot be imported: the button is disabled and the gesture does nothing.
    if (!submit().hasAttribute('disabled')) await user.click(submit());
  },
} satisfies ModelExecutors<typeof machine>;

const states: StateAssertions<typeof machine> = {
  closed: () => {
    expect(screen.queryByRole('dialog')).toBeNull();
    if (notices.length) {
      expect(notices.at(-1)).toEqual({
        title: KNOWLEDGE_TOASTS.imported,
        message: '2 entries imported',
        color: 'green',
      });
      expect(imported).toBe(notices.length);
    }
  },
  'open.opening': () => {
    expect(within(dialog()).getByText('Import knowledge')).toBeInTheDocument();
    expect(loadFiles.pending).toBe(1);
  },
  'open.choosing': () => expect(loadFiles.pending).toBe(0),
  open: (state) => {
    const { source, url, file, csv, error } = state.context;
    expect(within(dialog()).getByLabelText(SOURCE_LABELS[source])).toBeChecked();
    if (source === 'url') expect(within(dialog()).getByLabelText('URL')).toHaveValue(url);
    if (source === 'file') {
      expect(fileSelect()).toHaveValue(file ?? '');
    }
    if (source === 'csv') expect(dialog()).toHaveTextContent(csv ? csv.name : 'Choose a CSV file');
    const complete =
      (source === 'url' && url.startsWith('https://')) ||
      (source === 'file' && file !== null) ||
      (source === 'csv' && csv !== null);
    if (complete && state.matches({ open: 'choosing' })) expect(submit()).toBeEnabled();
    else expect(submit()).toBeDisabled();
    if (error) expect(within(dialog()).getByTestId('import-error')).toHaveTextContent(LINE_ERROR);
    else expect(within(dialog()).queryByTestId('import-error')).toBeNull();
  },
  importing: (state) => {
    const request = importKnowledge.calls.at(-1);
    expect(request?.source).toBe(state.context.source);
    if (request?.source === 'url') expect(request.url).toBe(state.context.url);
    if (request?.source === 'file') expect(request.file).toBe('handbook.pdf');
    if (request?.source === 'csv') expect(request.csv.name).toBe('faq.csv');
    expect(submit()).toHaveAttribute('data-loading');
  },
};

describeModel({
  name: 'knowledgeImport',
  machine,
  render: async (m) => {
    notices.length = 0;
    imported = 0;
    const actor = createActor(m).start();
    actor.on('knowledge.imported', () => {
      imported++;
    });
    render(
      <MantineProvider env="test">
        <ImportDialog actor={actor} />
      </MantineProvider>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import' })).toBeInTheDocument());
    return { actor };
  },
  executors,
  states,
  invokes: { loadFiles, importKnowledge },
  events: [
    { type: 'source.select', source: 'url' },
    { type: 'source.select', source: 'file' },
    { type: 'source.select', source: 'csv' },
    { type: 'url.change', url: 'https://example.com/returns' },
    { type: 'url.change', url: 'example.com' },
    { type: 'file.select', name: 'handbook.pdf' },
    { type: 'csv.choose', file: csvFile },
  ],
  serializeContext: (c) => ({
    source: c.source,
    url: c.url,
    file: c.file,
    csv: c.csv?.name ?? null,
    files: c.files.length,
    error: c.error !== null,
  }),
  paths: 'perTransition',
});
