// Model-based test of the knowledge base's entries: xstate/graph walks the knowledgeEntries chart, each path drives
// the real EntriesPanel (search, virtual list, add/edit dialog, delete confirmation).
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ActorRefFrom, createActor } from 'xstate';
import {
  KNOWLEDGE_EMPTY,
  KNOWLEDGE_TOASTS,
  type KnowledgeItem,
  LINK_NOT_HTTP,
} from '../../src/api/contract/knowledges.ts';
import type { EntryForm } from '../../src/machines/knowledgeEntries/form.ts';
import { LEAVING_TEXTS } from '../../src/machines/navigationGuard/leaving.ts';
import { knowledgeEntriesMachine } from '../../src/machines/knowledgeEntries/machine.ts';
import { EntriesPanel, KNOWLEDGE_EMPTY_TITLE } from '../../src/screens/knowledge/EntriesPanel.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';
import { hoursEntry } from './knowledgeFixtures.ts';
import './documentFonts.ts';

const REFUSED = 'Link must be an http:// or https:// URL';
const loadEntries = createDeferredActor<KnowledgeItem[], unknown>({
  output: [hoursEntry],
  error: new Error('offline'),
});
const saveEntry = createDeferredActor<{ id: number }, EntryForm>({ output: { id: 2 }, error: new Error(REFUSED) });
const deleteEntry = createDeferredActor<unknown, { id: number }>({ output: {}, error: new Error('Not found') });

const notices: string[] = [];
const emitted: string[] = [];
const machine = knowledgeEntriesMachine.provide({
  actors: { loadEntries: loadEntries.logic, saveEntry: saveEntry.logic, deleteEntry: deleteEntry.logic },
  actions: { notify: (_, params) => notices.push(params.title) },
});

let current: ActorRefFrom<typeof machine>;
function renderPanel(m: typeof machine, canEdit = true) {
  current = createActor(m).start();
  current.on('knowledge.changed', (event) => emitted.push(event.type));
  render(
    <MantineProvider env="test">
      <EntriesPanel actor={current} canEdit={canEdit} />
    </MantineProvider>,
  );
  return { actor: current };
}

// The entry's dialogs (add, edit, delete); the "unsaved changes" question opens over them.
const dialog = () => screen.getByRole('dialog', { name: /knowledge/i });
const question = () => screen.getByRole('dialog', { name: LEAVING_TEXTS.title });
const field = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
/** Typing always changes the text: when the field already holds the value, it goes elsewhere and back. */
function typeInto(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  if (input.value === value) fireEvent.change(input, { target: { value: `${value}?` } });
  fireEvent.change(input, { target: { value } });
}
const searchBox = () => screen.getByLabelText('Search knowledge') as HTMLInputElement;

const executors = {
  'entries.reload': async ({ user, previous }) => {
    // In the list it comes from the screen (an import or reindex finished); after a failure it is Try again.
    if (previous.matches('failed')) await user.click(screen.getByRole('button', { name: 'Try again' }));
    else current.send({ type: 'entries.reload' });
  },
  'search.change': ({ event }) => typeInto(searchBox(), event.value),
  'search.clear': ({ user }) => user.type(searchBox(), '{Escape}'),
  'entry.add': ({ user }) => user.click(screen.getByRole('button', { name: 'Add entry' })),
  'entry.edit': ({ user }) => user.click(screen.getByRole('button', { name: 'Edit Opening hours' })),
  'entry.delete': ({ user }) => user.click(screen.getByRole('button', { name: 'Delete Opening hours' })),
  'form.change': ({ event }) => {
    if (event.patch.link !== undefined) typeInto(field('Link'), event.patch.link);
    if (event.patch.knowledge !== undefined) typeInto(field('Knowledge'), event.patch.knowledge);
  },
  'form.submit': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Save' })),
  'form.cancel': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
  'delete.confirm': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Delete' })),
  'delete.cancel': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
  'leave.save': ({ user }) => user.click(within(question()).getByRole('button', { name: LEAVING_TEXTS.save })),
  'leave.discard': ({ user }) => user.click(within(question()).getByRole('button', { name: LEAVING_TEXTS.discard })),
  'leave.stay': ({ user }) => user.click(within(question()).getByRole('button', { name: LEAVING_TEXTS.stay })),
} satisfies ModelExecutors<typeof machine>;

function expectList(search: string) {
  expect(searchBox().value).toBe(search);
  if (search === 'parking') {
    expect(screen.getByText('No entry matches.')).toBeInTheDocument();
    expect(screen.getByTestId('knowledge-summary')).toHaveTextContent('0 of 1 entries');
    return;
  }
  const row = screen.getByTestId('knowledge-1');
  expect(row).toHaveTextContent('Opening hours');
  expect(row).toHaveTextContent('from a URL');
  expect(within(row).getByRole('link', { name: hoursEntry.link })).toHaveAttribute('href', hoursEntry.link);
  expect(row).toHaveTextContent('closed on public holidays');
  expect(row).toHaveTextContent('Last indexed');
  expect(row).toHaveTextContent(hoursEntry.index_error as string);
}

const states: StateAssertions<typeof machine> = {
  loading: () => {
    expect(screen.getByLabelText('Loading knowledge')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Knowledge entries' })).toBeNull();
  },
  failed: () => {
    expect(screen.getByText('The knowledge base could not be loaded')).toBeInTheDocument();
    expect(screen.queryByTestId('knowledge-1')).toBeNull();
  },
  'ready.idle': (state) => {
    expect(screen.queryByRole('dialog')).toBeNull();
    expectList(state.context.search);
    expect(screen.getByRole('button', { name: 'Add entry' })).toBeEnabled();
  },
  'ready.editing': (state) => {
    const { form, attempted, saveError } = state.context;
    expect(within(dialog()).getByText(form.id === null ? 'Add knowledge' : 'Edit knowledge')).toBeInTheDocument();
    expect(field('Link').value).toBe(form.link);
    expect(field('Knowledge').value).toBe(form.knowledge);
    if (attempted && form.knowledge.trim() === '')
      expect(within(dialog()).getByText(KNOWLEDGE_EMPTY)).toBeInTheDocument();
    if (attempted && form.link === 'ftp://example.com')
      expect(within(dialog()).getByText(LINK_NOT_HTTP)).toBeInTheDocument();
    if (!attempted) expect(within(dialog()).queryByText(KNOWLEDGE_EMPTY)).toBeNull();
    if (saveError) expect(within(dialog()).getByText(saveError)).toBeInTheDocument();
  },
  // Transient: the chart never rests there.
  'ready.editing.comparing': () => {
    throw new Error('transient state reached');
  },
  'ready.editing.unchanged': () => expect(screen.queryByRole('dialog', { name: LEAVING_TEXTS.title })).toBeNull(),
  'ready.editing.changed': () => expect(screen.queryByRole('dialog', { name: LEAVING_TEXTS.title })).toBeNull(),
  // Cancel (or Esc) with typed content asks instead of throwing it away; the typed text stays behind the question.
  'ready.editing.leaving': () => {
    expect(question()).toHaveTextContent(LEAVING_TEXTS.message);
    for (const name of [LEAVING_TEXTS.save, LEAVING_TEXTS.discard, LEAVING_TEXTS.stay])
      expect(within(question()).getByRole('button', { name })).toBeInTheDocument();
  },
  'ready.saving': (state) => {
    expect(saveEntry.calls.at(-1)).toEqual(state.context.form);
    expect(within(dialog()).getByRole('button', { name: 'Save' })).toHaveAttribute('data-loading');
  },
  'ready.confirmingDelete': () => {
    expect(within(dialog()).getByText('Delete knowledge entry?')).toBeInTheDocument();
    expect(dialog()).toHaveTextContent('“Opening hours” will be deleted');
  },
  'ready.deleting': () => {
    expect(deleteEntry.calls.at(-1)).toEqual({ id: 1 });
    expect(within(dialog()).getByRole('button', { name: 'Delete' })).toHaveAttribute('data-loading');
  },
  'ready.refreshing': (state) => {
    expect(loadEntries.pending).toBeGreaterThan(0);
    expect(screen.getByTestId('knowledge-summary')).toHaveTextContent('saving…');
    expect(screen.getByRole('button', { name: 'Add entry' })).toBeDisabled();
    // What was saved or deleted is announced: the reindex panel reads the index status again.
    if (state.context.pendingDelete === null && notices.length) {
      expect([KNOWLEDGE_TOASTS.added, KNOWLEDGE_TOASTS.saved, KNOWLEDGE_TOASTS.deleted]).toContain(notices.at(-1));
      expect(emitted.length).toBe(notices.length);
    }
  },
};

describeModel({
  name: 'knowledgeEntries',
  machine,
  render: (m) => {
    notices.length = 0;
    emitted.length = 0;
    return renderPanel(m);
  },
  executors,
  states,
  invokes: { loadEntries, reloadEntries: loadEntries, saveEntry, deleteEntry },
  events: [
    { type: 'search.change', value: 'HOURS' },
    { type: 'search.change', value: 'parking' },
    { type: 'entry.edit', id: 1 },
    { type: 'entry.delete', id: 1 },
    { type: 'form.change', patch: { link: 'https://example.com/parking', knowledge: 'Parking is free after six.' } },
    { type: 'form.change', patch: { link: 'ftp://example.com', knowledge: 'Parking is free after six.' } },
  ],
  serializeContext: (c) => ({
    search: c.search,
    formId: c.form.id,
    link: c.form.link,
    knowledge: c.form.knowledge !== '',
    attempted: c.attempted,
    saveError: c.saveError !== null,
    pendingDelete: c.pendingDelete,
  }),
  paths: 'perTransition',
});

describe('knowledgeEntries view', () => {
  it('guides to the first entry when the knowledge base is empty, and hides every change without the grant', async () => {
    renderPanel(machine, false);
    loadEntries.resolve([]);
    expect(await screen.findByText(KNOWLEDGE_EMPTY_TITLE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add entry' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add an entry' })).toBeNull();
  });

  it('searches titles, links and texts ignoring case and diacritics', async () => {
    renderPanel(machine);
    loadEntries.resolve([
      hoursEntry,
      { ...hoursEntry, id: 2, title: 'Café terrace', link: '', knowledge: 'Seats outside.' },
    ]);
    await screen.findByTestId('knowledge-1');
    fireEvent.change(searchBox(), { target: { value: 'HOURS' } });
    expect(await screen.findByText('1 of 2 entries')).toBeInTheDocument();
    expect(screen.getByTestId('knowledge-1')).toBeInTheDocument();
    fireEvent.change(searchBox(), { target: { value: 'cafe' } });
    expect(await screen.findByTestId('knowledge-2')).toBeInTheDocument();
    expect(screen.queryByTestId('knowledge-1')).toBeNull();
  });

  it('renders only the rows in view of a long list', async () => {
    renderPanel(machine);
    const many = Array.from({ length: 2000 }, (_, i) => ({ ...hoursEntry, id: i + 1, title: `Entry ${i + 1}` }));
    loadEntries.resolve(many);
    await screen.findByTestId('knowledge-1');
    expect(screen.getByTestId('knowledge-summary')).toHaveTextContent('2000 entries');
    expect(screen.getAllByRole('listitem').length).toBeLessThan(20);
  });
});
