// Model-based test of the conversation logs (spec 1 §2 /app/logs, issue 7 item 6): xstate/graph walks the
// conversationLogs chart and every path drives the real ConversationLogsView: filters, server-side pages, the
// CSV export, ?conversation_id opening a conversation, its transcript as text, notes and labels.
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ConversationDetail, ConversationSummary } from '../../src/api/contract/conversations.ts';
import type { Label } from '../../src/api/contract/labels.ts';
import type { ConversationsFilter, ConversationsPageRequest } from '../../src/api/conversations.ts';
import type { ConversationsPage } from '../../src/machines/conversationLogs/actors.ts';
import { CONVERSATION_TEXTS, conversationLogsMachine } from '../../src/machines/conversationLogs/machine.ts';
import { DRAWER_TEXTS } from '../../src/screens/logs/ConversationDrawer.tsx';
import { ConversationLogsView, LOGS_TEXTS } from '../../src/screens/logs/ConversationLogsView.tsx';
import { flush } from './authoringScreens.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';

const labels: Label[] = [
  { id: 1, name: 'vip', color: 'grape' },
  { id: 2, name: 'complaint', color: 'red' },
];
const first: ConversationSummary = {
  id: 41,
  project_env: 'draft',
  started_at: '2026-11-20T09:00:00.000Z',
  last_activity_at: '2026-11-20T09:05:00.000Z',
  ended: false,
  labels: ['vip'],
  messages: 2,
  preview: 'I want to order a pizza',
};
const second: ConversationSummary = {
  id: 42,
  project_env: 'prod',
  started_at: '2026-11-19T10:00:00.000Z',
  last_activity_at: '2026-11-19T10:01:00.000Z',
  ended: true,
  labels: [],
  messages: 1,
  preview: 'hello',
};
const HTML_LOOKING = '<b>not bold</b><img src=x onerror=alert(1)>';
const detail: ConversationDetail = {
  ...first,
  tracker: [
    { type: 'utter', value: 'Welcome to the Demo pizzeria!', args: { who: 'bot' }, timestamp: 1 },
    {
      type: 'utter',
      value: 'I want to order a pizza',
      args: { who: 'user', intent: 'order', confidence: 0.93 },
      timestamp: 2,
    },
    { type: 'intent', value: 'order', args: { confidence: 0.93 }, timestamp: 3 },
    { type: 'utter', value: HTML_LOOKING, args: { who: 'bot' }, timestamp: 4 },
    { type: 'log', value: 'Variable size is not set', args: {}, timestamp: 5, level: 40 },
    { type: 'log', value: 'fine detail', args: {}, timestamp: 6, level: 10 },
  ],
  variables: {},
  scope: null,
  projects: [1],
  notes: [
    {
      id: 5,
      conversation_id: 41,
      user_id: 7,
      user_name: 'Ada Lovelace',
      text: 'Called the customer back',
      created_at: '2026-11-20T10:00:00.000Z',
      updated_at: '2026-11-20T10:00:00.000Z',
    },
  ],
};

const loadLabels = createDeferredActor<Label[]>({ output: labels });
const loadPage = createDeferredActor<ConversationsPage, ConversationsPageRequest>({
  output: { items: [first, second], total: 120 },
  error: new Error('offline'),
});
const exportCsv = createDeferredActor<void, ConversationsFilter>({ output: undefined });
const loadConversation = createDeferredActor<ConversationDetail, { id: number }>({
  output: detail,
  error: new Error('Conversation not found.'),
});
const saveNote = createDeferredActor<unknown, { id: number | null; conversationId: number; text: string }>({
  output: { id: 6 },
  error: new Error('Conflict'),
});
const deleteNote = createDeferredActor<unknown, { id: number }>({ output: { status: 'ok' } });
const saveLabels = createDeferredActor<{ labels: string[] }, { id: number; labels: string[] }>({
  output: { labels: ['vip', 'complaint'] },
  error: new Error('Label complaint does not exist.'),
});

const notices: string[] = [];
const queries: Array<number | null> = [];
const machine = conversationLogsMachine.provide({
  actors: {
    loadLabels: loadLabels.logic,
    loadPage: loadPage.logic,
    exportCsv: exportCsv.logic,
    loadConversation: loadConversation.logic,
    saveNote: saveNote.logic,
    deleteNote: deleteNote.logic,
    saveLabels: saveLabels.logic,
  },
  actions: {
    notify: (_, params) => notices.push(params.title),
    notifyFailure: (_, params) => notices.push(`${params.title} | ${(params.error as Error).message}`),
    showInQuery: (_, params) => queries.push(params.conversationId),
  },
});

// Queries by test id, label and text: role queries walk the accessibility tree and make every path slow.
const drawer = () => screen.getByTestId('conversation-drawer');
const deleteDialog = () => screen.getByTestId('delete-note-dialog');
/** The harness lets React settle after every executor. */
const click = (element: Element | null) => {
  if (!element) throw new Error('nothing to click');
  fireEvent.click(element);
};
/** A Mantine Button by its text. */
const textButton = (text: string, container: HTMLElement = document.body) =>
  within(container).getByText(text, { selector: 'button, button *' }).closest('button') as HTMLButtonElement;
/** The visible input of a labelled Mantine input (Select keeps a hidden twin). */
const input = (label: string, container: HTMLElement = document.body) =>
  within(container)
    .getAllByLabelText(label)
    .find((e) => e instanceof HTMLInputElement && e.type !== 'hidden') as HTMLInputElement;
const textarea = (label: string) => within(drawer()).getByLabelText(label) as HTMLTextAreaElement;
/** Picks an option of a Mantine Select/MultiSelect by opening it through its input (options of other selects stay in the DOM). */
async function pick(field: HTMLElement, option: string) {
  fireEvent.click(field);
  await flush();
  const listbox = document.getElementById(field.getAttribute('aria-controls') ?? '');
  if (!listbox) throw new Error(`the select ${field.id} did not open`);
  click(within(listbox).getByText(option).closest('[role="option"]'));
}
const ENV_TEXT = { draft: 'Draft', dev: 'Testing', prod: 'Production' } as const;

const executors = {
  'filter.change': async ({ event }) => {
    const { patch } = event;
    if (patch.text !== undefined) fireEvent.change(input('Text'), { target: { value: patch.text } });
    if (patch.dateFrom !== undefined)
      fireEvent.change(input('Last activity from'), { target: { value: patch.dateFrom } });
    if (patch.dateTo !== undefined) fireEvent.change(input('Last activity to'), { target: { value: patch.dateTo } });
    if (patch.env) fireEvent.click(screen.getByLabelText(ENV_TEXT[patch.env]));
    if (patch.label) await pick(input('Label'), patch.label);
  },
  'list.page': ({ event }) => click(textButton(String(event.page))),
  'list.pageSize': ({ event }) => pick(input('Conversations per page'), String(event.pageSize)),
  'list.reload': ({ previous }) =>
    click(previous.matches({ list: 'failed' }) ? textButton('Retry') : screen.getByLabelText('Reload')),
  'list.export': () => click(textButton('Export CSV')),
  'conversation.open': ({ event }) => click(screen.getByLabelText(`Open conversation ${event.id}`)),
  'conversation.close': () => click(screen.getByLabelText('Close conversation')),
  'conversation.retry': () => click(textButton('Retry', drawer())),
  'note.draft': ({ event }) => {
    fireEvent.change(textarea('New note'), { target: { value: event.text } });
  },
  'note.add': () => click(textButton('Add note', drawer())),
  'note.edit': ({ event }) => click(screen.getByLabelText(`Edit note ${event.id}`)),
  'note.editText': ({ event }) => {
    fireEvent.change(textarea('Edit note'), { target: { value: event.text } });
  },
  'note.save': () => click(textButton('Save note', drawer())),
  'note.cancel': () => click(textButton('Cancel', drawer())),
  'note.delete': ({ event }) => click(screen.getByLabelText(`Delete note ${event.id}`)),
  'note.deleteConfirm': () => click(textButton('Delete', deleteDialog())),
  'note.deleteCancel': () => click(textButton('Cancel', deleteDialog())),
  'labels.set': async ({ event, previous }) => {
    const current = previous.context.detail?.labels ?? [];
    const added = event.labels.find((l) => !current.includes(l));
    if (!added) throw new Error('labels.set samples add one label');
    await pick(input('Labels', drawer()), added);
  },
} satisfies ModelExecutors<typeof machine>;

const rows = () => screen.queryAllByTestId(/^conversation-\d+$/);
type Snapshot = Parameters<StateAssertions<typeof machine>[string]>[0];

/** The table as the list states show it. */
function expectTable(state: Snapshot) {
  const { items, total, page, pageSize } = state.context;
  expect(rows()).toHaveLength(items.length);
  const row = screen.getByTestId('conversation-41');
  for (const text of ['41', 'Draft', 'vip', 'I want to order a pizza']) expect(row).toHaveTextContent(text);
  expect(screen.getByTestId('conversation-42')).toHaveTextContent(/^42ended.*Production/);
  expect(screen.getByTestId('conversations-total')).toHaveTextContent(`${total} conversations`);
  expect(input('Conversations per page')).toHaveValue(String(pageSize));
  expect(textButton(String(page))).toHaveAttribute('data-active', 'true');
  expect(document.querySelector('thead')).toHaveTextContent('IDEnvStartedLast activityMessagesLabelsPreview');
}

/** The last page request the view's machine sent, against the filter it shows. */
function expectRequestedFilter(state: Snapshot) {
  const { filter, page, pageSize } = state.context;
  expect(loadPage.calls.at(-1)).toEqual({
    page,
    pageSize,
    text: filter.text || undefined,
    env: filter.env || undefined,
    label: filter.label || undefined,
    dateFrom: filter.dateFrom || undefined,
    dateTo: filter.dateTo || undefined,
  });
}

/** Mantine keeps the drawer's root mounted; its content (with the close button) goes when it closes. */
const drawerClosed = () => expect(screen.queryByLabelText('Close conversation')).toBeNull();

const states: StateAssertions<typeof machine> = {
  starting: () => {
    expect(loadLabels.pending).toBe(1);
    expect(screen.getAllByTestId('conversation-skeleton').length).toBeGreaterThan(0);
    expect(input('Text')).toBeDisabled();
  },
  'list.debouncing': (state) => {
    expect(input('Text')).toHaveValue(state.context.filter.text);
    expect(screen.getByLabelText('Loading conversations')).toBeInTheDocument();
    drawerClosed();
  },
  'list.loading': (state) => {
    expect(loadPage.pending).toBe(1);
    expectRequestedFilter(state);
    expect(screen.getByLabelText('Loading conversations')).toBeInTheDocument();
    if (state.context.items.length === 0)
      expect(screen.getAllByTestId('conversation-skeleton').length).toBeGreaterThan(0);
    drawerClosed();
  },
  'list.failed': () => {
    expect(screen.getByText(LOGS_TEXTS.loadFailed)).toBeInTheDocument();
    expect(document.querySelector('table')).toBeNull();
    expect(textButton('Export CSV')).toBeDisabled();
  },
  'list.browsing': (state) => {
    drawerClosed();
    expectTable(state);
    expect(textButton('Export CSV')).toBeEnabled();
    expect(screen.queryByTestId('conversation-skeleton')).toBeNull();
    // Saved labels show on the row at once.
    if (state.context.items[0]?.labels.includes('complaint'))
      expect(screen.getByTestId('conversation-41')).toHaveTextContent('complaint');
    if (notices.at(-1)?.startsWith(`${CONVERSATION_TEXTS.downloadFailed} |`))
      expect(exportCsv.calls.length).toBeGreaterThan(0);
    // Closing the conversation drops conversation_id from the query.
    if (queries.length > 1) expect(queries.at(-1)).toBeNull();
  },
  exporting: (state) => {
    expect(exportCsv.pending).toBe(1);
    expect(exportCsv.calls.at(-1)).toEqual({
      dateFrom: undefined,
      dateTo: undefined,
      env: undefined,
      label: undefined,
      text: state.context.filter.text || undefined,
    });
    expect(textButton('Export CSV')).toHaveAttribute('data-loading', 'true');
  },
  'conversation.opening': () => {
    expect(drawer()).toHaveTextContent('Conversation 41');
    expect(screen.getByTestId('conversation-loading')).toBeInTheDocument();
    expect(loadConversation.calls.at(-1)).toEqual({ id: 41 });
    expect(queries.at(-1)).toBe(41);
  },
  'conversation.failed': () => {
    expect(drawer()).toHaveTextContent(DRAWER_TEXTS.openFailed);
    expect(drawer()).toHaveTextContent('Conversation not found.');
  },
  'conversation.ready': (state) => {
    const panel = drawer();
    // The transcript: user and bot turns, intent and confidence, warnings; every text stays text.
    const transcript = within(panel).getByTestId('conversation-transcript');
    expect(transcript).toHaveTextContent('Welcome to the Demo pizzeria!');
    expect(within(transcript).getByTestId('chat-user-message')).toHaveTextContent('I want to order a pizza');
    expect(within(transcript).getByTestId('chat-intent')).toHaveTextContent('order');
    expect(within(transcript).getByTestId('chat-confidence')).toHaveTextContent('0.93');
    expect(transcript).toHaveTextContent(HTML_LOOKING);
    expect(transcript.querySelector('b, img')).toBeNull();
    expect(transcript).toHaveTextContent('[warn] Variable size is not set');
    expect(transcript).not.toHaveTextContent('fine detail');
    // Notes and labels.
    expect(within(panel).getByTestId('note-5')).toHaveTextContent('Ada Lovelace');
    expect(within(panel).getByTestId('note-5')).toHaveTextContent('Called the customer back');
    expect(textarea('New note')).toHaveValue(state.context.noteDraft);
    if (state.context.noteError) expect(panel).toHaveTextContent(CONVERSATION_TEXTS.noteEmpty);
    const pills = [...panel.querySelectorAll('.mantine-Pill-label')].map((p) => p.textContent);
    expect(pills).toEqual(state.context.detail?.labels);
    expect(screen.queryByText(DRAWER_TEXTS.deleteQuestion)).toBeNull();
    expect(within(panel).queryByLabelText('Edit note')).toBeNull();
  },
  'conversation.editingNote': (state) => {
    expect(textarea('Edit note')).toHaveValue(state.context.editText);
    if (state.context.noteError) expect(drawer()).toHaveTextContent(CONVERSATION_TEXTS.noteEmpty);
  },
  'conversation.savingNote': (state) => {
    expect(saveNote.pending).toBe(1);
    const { editingNoteId, noteDraft, editText } = state.context;
    expect(saveNote.calls.at(-1)).toEqual({
      id: editingNoteId,
      conversationId: 41,
      text: (editingNoteId === null ? noteDraft : editText).trim(),
    });
    const saving = textButton(editingNoteId === null ? 'Add note' : 'Save note', drawer());
    expect(saving).toHaveAttribute('data-loading', 'true');
  },
  'conversation.confirmingNoteDelete': () => {
    expect(deleteDialog()).toHaveTextContent(DRAWER_TEXTS.deleteQuestion);
  },
  'conversation.deletingNote': () => {
    expect(deleteNote.pending).toBe(1);
    expect(deleteNote.calls.at(-1)).toEqual({ id: 5 });
    expect(screen.queryByText(DRAWER_TEXTS.deleteQuestion)).toBeNull();
  },
  'conversation.savingLabels': (state) => {
    expect(saveLabels.pending).toBe(1);
    expect(saveLabels.calls.at(-1)).toEqual({ id: 41, labels: state.context.pendingLabels });
    expect(within(drawer()).getByLabelText('Saving labels')).toBeInTheDocument();
  },
  'conversation.refreshing': () => {
    expect(loadConversation.pending).toBe(1);
    expect([CONVERSATION_TEXTS.noteSaved, CONVERSATION_TEXTS.noteDeleted]).toContain(notices.at(-1));
    expect(within(drawer()).getByLabelText('Refreshing notes')).toBeInTheDocument();
  },
};

const filterParts = (f: { text: string; env: string; label: string; dateFrom: string; dateTo: string }) =>
  [f.text, f.env, f.label, f.dateFrom, f.dateTo].filter(Boolean).length;

describeModel({
  name: 'conversationLogs',
  machine,
  // ?conversation_id=41: the conversation opens once the list is shown.
  input: { conversationId: 41 },
  render: (m) => {
    notices.length = 0;
    queries.length = 0;
    const actor = createActor(m, { input: { conversationId: 41 } }).start();
    render(
      <MantineProvider env="test">
        <ConversationLogsView actor={actor} canOpen canWrite canDelete />
      </MantineProvider>,
    );
    return { actor };
  },
  executors,
  states,
  invokes: {
    loadLabels,
    loadPage,
    exportCsv,
    loadConversation,
    refreshConversation: loadConversation,
    saveNote,
    deleteNote,
    saveLabels,
  },
  events: [
    { type: 'filter.change', patch: { text: 'pizza' } },
    { type: 'list.page', page: 2 },
    { type: 'list.pageSize', pageSize: 100 },
    { type: 'conversation.open', id: 41 },
    { type: 'note.draft', text: 'Follow up tomorrow' },
    { type: 'note.draft', text: '   ' },
    { type: 'note.edit', id: 5 },
    { type: 'note.editText', text: 'Called back twice' },
    { type: 'note.editText', text: '' },
    { type: 'note.delete', id: 5 },
    { type: 'labels.set', labels: ['vip', 'complaint'] },
  ],
  // Only what guards and views branch on; the filter controls other than Text are walked in the test below.
  serializeContext: (c) => ({
    list: [c.filter.text, c.page, c.pageSize],
    labels: c.labels.length > 0,
    open: c.openId,
    detail: c.detail === null ? null : c.detail.labels.length,
    detailError: c.detailError !== null,
    draft: c.noteDraft === '' ? '' : c.noteDraft.trim() === '' ? 'blank' : 'text',
    editing: c.editingNoteId,
    editBlank: c.editText.trim() === '',
    deleting: c.deletingNoteId,
    error: c.noteError !== null,
    pending: c.pendingLabels !== null,
  }),
  // Bounds: a filter, a page or a page size is followed until its list is shown; saved labels, a refused blank
  // note and a written note are followed no further; everything else is walked from the unfiltered first page.
  stopWhen: (state) => {
    const c = state.context;
    const listing = state.matches({ list: 'debouncing' }) || state.matches({ list: 'loading' });
    const changes = filterParts(c.filter) + (c.page !== 1 ? 1 : 0) + (c.pageSize !== 50 ? 1 : 0);
    if (changes > 1 || (changes === 1 && !listing)) return true;
    if (c.detail && c.detail.labels.length > 1) return true;
    // Without labels (GET /labels failed) the list is still shown; the rest is walked with them.
    if (c.labels.length === 0 && !state.matches('starting')) return true;
    if (c.noteError !== null) return true;
    const writing = state.matches({ conversation: 'ready' }) || state.matches({ conversation: 'savingNote' });
    return c.noteDraft !== '' && !writing;
  },
  // One path per state and transition (the shortest), not every path the bounds allow.
  paths: 'perTransition',
});

/** Renders the view over a fresh actor of the fake machine and settles the start-up loads. */
async function renderSettled(grants: { canWrite: boolean; canDelete: boolean }, conversationId: number | null) {
  for (const deferred of [loadLabels, loadPage, loadConversation]) deferred.reset();
  const actor = createActor(machine, { input: { conversationId } }).start();
  render(
    <MantineProvider env="test">
      <ConversationLogsView actor={actor} canOpen {...grants} />
    </MantineProvider>,
  );
  await flush();
  loadLabels.resolve();
  await flush();
  loadPage.resolve();
  await flush();
  if (conversationId !== null) {
    loadConversation.resolve();
    await flush();
  }
  return actor;
}

describe('conversation logs view', () => {
  it('sends every filter control to the server from page 1, after a pause in typing', async () => {
    const actor = await renderSettled({ canWrite: true, canDelete: true }, null);
    click(textButton('2'));
    await flush();
    loadPage.resolve();
    await flush();
    fireEvent.change(input('Last activity from'), { target: { value: '2026-11-01' } });
    fireEvent.change(input('Last activity to'), { target: { value: '2026-11-30' } });
    fireEvent.click(screen.getByLabelText('Production'));
    await pick(input('Label'), 'complaint');
    await flush();
    fireEvent.change(input('Text'), { target: { value: ' pizza ' } });
    await flush();
    expect(actor.getSnapshot().matches({ list: 'debouncing' })).toBe(true);
    const before = loadPage.calls.length;
    await new Promise((r) => setTimeout(r, 350));
    await flush();
    expect(loadPage.calls.length).toBe(before + 1);
    expect(loadPage.calls.at(-1)).toEqual({
      page: 1,
      pageSize: 50,
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
      env: 'prod',
      label: 'complaint',
      text: 'pizza',
    });
    loadPage.resolve({ items: [], total: 0 });
    await flush();
    expect(screen.getByText(LOGS_TEXTS.noMatch)).toBeInTheDocument();
    actor.stop();
  });

  it('shows the labels and notes read-only and no note buttons without the write grants', async () => {
    const actor = await renderSettled({ canWrite: false, canDelete: false }, 41);
    const panel = drawer();
    expect(panel).toHaveTextContent('Called the customer back');
    expect(within(panel).queryByLabelText('New note')).toBeNull();
    expect(within(panel).queryByLabelText(/Edit note|Delete note/)).toBeNull();
    expect(within(panel).queryByText('Add note')).toBeNull();
    expect(within(panel).queryByLabelText('Labels')).toBeNull();
    expect(within(panel).getByText('vip')).toBeInTheDocument();
    actor.stop();
  });
});
