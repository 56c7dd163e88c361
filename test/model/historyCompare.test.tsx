import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { ChangedItem, DeletedItem } from '../../src/api/contract/audit.ts';
import type { ComparisonRequest, ComparisonResult } from '../../src/machines/historyCompare/actors.ts';
import { type HistoryCompareInput, historyCompareMachine } from '../../src/machines/historyCompare/machine.ts';
import { FROM_AFTER_TO, formatPoint, INVALID_POINT } from '../../src/machines/historyCompare/pointInTime.ts';
import { HISTORY_TABS, type HistoryTab } from '../../src/machines/historyCompare/tabs.ts';
import { HistoryView } from '../../src/screens/history/HistoryView.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';

/** Local wall-clock seconds, as the inputs read them. */
const local = (mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(2026, mo - 1, d, h, mi, s).getTime() / 1000;
const micros = (seconds: number) => seconds * 1e6;

const NOW_MS = new Date(2026, 10, 22, 14, 50, 12, 345).getTime();
const INPUT: HistoryCompareInput = { tabs: ['reactions', 'intents'], canAudit: true, now: NOW_MS };
const labelOf = (tab: HistoryTab | null) => HISTORY_TABS.find((t) => t.id === tab)?.label ?? '';

const deleted: DeletedItem[] = [
  {
    resource: '/reactions',
    item_id: '3',
    name: 'goodbye',
    time: micros(local(11, 21, 10)),
    user_id: 7,
    user_name: 'Ada',
  },
  { resource: '/intents', item_id: '9', name: null, time: micros(local(11, 21, 11)), user_id: null, user_name: null },
  // After every To of the model: never listed.
  {
    resource: '/reactions',
    item_id: '4',
    name: 'later',
    time: micros(local(11, 22, 23)),
    user_id: 7,
    user_name: 'Ada',
  },
];
// Who changed what between the points, newest first, as the loaded tab's changes.
const changes: ChangedItem[] = [
  {
    resource: '/reactions',
    item_id: '1',
    name: 'hello there',
    time: micros(local(11, 21, 9, 30)),
    deleted: false,
    user_id: 7,
    user_name: 'Ada',
  },
  {
    resource: '/reactions',
    item_id: '5',
    name: 'farewell',
    time: micros(local(11, 21, 9)),
    deleted: true,
    user_id: null,
    user_name: null,
  },
];
const changeRows = [
  ['/reactions', 'hello there', 'Saved', formatPoint(local(11, 21, 9, 30)), 'Ada'],
  ['/reactions', 'farewell', 'Deleted', formatPoint(local(11, 21, 9)), '—'],
];
const tableRows = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

const loadComparison = createDeferredActor<ComparisonResult, ComparisonRequest>({
  output: {
    snapshots: { before: [{ name: 'greet', id: 1 }], after: [{ id: 1, name: 'hello there' }], changes },
    deleted,
  },
  error: new Error('offline'),
});
const machine = historyCompareMachine.provide({ actors: { loadComparison: loadComparison.logic } });

const renderHistory = (m: typeof machine, input = INPUT) => {
  const actor = createActor(m, { input }).start();
  render(
    <MantineProvider env="test">
      <HistoryView actor={actor} />
    </MantineProvider>,
  );
  return { actor };
};

const fromInput = () => screen.getByLabelText('From') as HTMLInputElement;
const toInput = () => screen.getByLabelText('To') as HTMLInputElement;
const compareButton = () => screen.getByRole('button', { name: 'Compare' });
const auditSwitch = () => screen.getByLabelText('Show deleted items') as HTMLInputElement;

/** Typing always changes the text: the last keystroke leaves the event's text. */
const type = (input: HTMLInputElement, text: string) => {
  if (input.value === text) fireEvent.change(input, { target: { value: `${text}?` } });
  fireEvent.change(input, { target: { value: text } });
};

const executors = {
  'history.from': ({ event }) => type(fromInput(), event.text),
  'history.to': ({ event }) => type(toInput(), event.text),
  'history.tab': ({ event, user }) => user.click(screen.getByRole('tab', { name: labelOf(event.tab) })),
  'history.compare': ({ user }) => user.click(compareButton()),
  'history.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Retry' })),
  'history.audit': ({ user }) => user.click(auditSwitch()),
} satisfies ModelExecutors<typeof machine>;

type Snapshot = SnapshotFrom<typeof machine>;

/** What every state shows: the inputs, their inline errors, Compare only when both are valid, the tabs, the switch. */
function expectControls(state: Snapshot) {
  const { fromText, toText, tab, showDeleted } = state.context;
  expect(fromInput().value).toBe(fromText);
  expect(toInput().value).toBe(toText);
  const fromError =
    fromText === 'bad'
      ? INVALID_POINT
      : toText === '2026-11-21 12:00:00' && fromText !== '2026-11-20'
        ? FROM_AFTER_TO
        : null;
  for (const message of [INVALID_POINT, FROM_AFTER_TO]) {
    if (message === fromError) expect(screen.getByText(message)).toBeInTheDocument();
    else expect(screen.queryByText(message)).not.toBeInTheDocument();
  }
  if (fromError) expect(compareButton()).toBeDisabled();
  else expect(compareButton()).toBeEnabled();
  expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Reactions', 'Intents']);
  expect(screen.getByRole('tab', { name: labelOf(tab) })).toHaveAttribute('aria-selected', 'true');
  expect(auditSwitch().checked).toBe(showDeleted);
}

const states: StateAssertions<typeof machine> = {
  idle: (state) => {
    expectControls(state);
    expect(screen.getByText('Choose two points in time and press Compare.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading')).not.toBeInTheDocument();
    // Nothing is fetched before Compare, whatever is typed or clicked.
    expect(loadComparison.calls).toEqual([]);
  },
  loading: (state) => {
    expectControls(state);
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    const { pair, tab, loaded, showDeleted, deleted: deletedItems } = state.context;
    // Spec 2 §10: seconds × 1e6 + 999999, the whole chosen second included.
    expect(loadComparison.calls.at(-1)).toEqual({
      tab,
      fromMtime: (pair?.from ?? -1) * 1e6 + 999_999,
      toMtime: (pair?.to ?? -1) * 1e6 + 999_999,
      loadTab: tab !== null && loaded[tab] === undefined,
      loadDeleted: showDeleted && deletedItems === null,
    });
    expect(screen.queryByText('Choose two points in time and press Compare.')).not.toBeInTheDocument();
  },
  failed: (state) => {
    expectControls(state);
    expect(screen.getByText('Cannot load the history.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading')).not.toBeInTheDocument();
  },
  ready: async (state) => {
    expectControls(state);
    const { pair, tab, showDeleted } = state.context;
    if (!pair) throw new Error('ready without a compared pair');
    expect(screen.queryByLabelText('Loading')).not.toBeInTheDocument();
    // The split diff: old = From, new = To, titled with the compared times.
    expect(await screen.findByText(`From ${formatPoint(pair.from)}`)).toBeInTheDocument();
    expect(screen.getByText(`To ${formatPoint(pair.to)}`)).toBeInTheDocument();
    // Word-level highlights split lines into spans; the diff's text still holds both versions.
    await waitFor(() => expect(document.body.textContent).toContain('"name": "hello there"'));
    expect(document.body.textContent).toContain('"name": "greet"');
    expect(screen.queryByText('No differences.')).not.toBeInTheDocument();
    // Who changed what between the points: always shown with the diff, switch or not.
    expect(tableRows('Changes')).toEqual([['Resource', 'Name', 'Change', 'Changed at', 'By'], ...changeRows]);
    const table = screen.queryByRole('table', { name: 'Deleted items' });
    if (!showDeleted) {
      expect(table).not.toBeInTheDocument();
      return;
    }
    if (!table) throw new Error('the deleted items table is missing');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    const expected =
      tab === 'reactions'
        ? [['/reactions', 'goodbye', formatPoint(local(11, 21, 10)), 'Ada']]
        : [['/intents', '9', formatPoint(local(11, 21, 11)), '—']];
    expect(rows).toEqual([['Resource', 'Name', 'Deleted at', 'By'], ...expected]);
  },
};

describeModel({
  name: 'historyCompare',
  machine,
  input: INPUT,
  render: (m) => renderHistory(m),
  executors,
  states,
  invokes: { loadComparison },
  events: [
    { type: 'history.from', text: 'bad' },
    { type: 'history.from', text: '2026-11-20' },
    // Earlier than the default From (today 00:00:00): From is then after To.
    { type: 'history.to', text: '2026-11-21 12:00:00' },
    { type: 'history.tab', tab: 'intents' },
    { type: 'history.tab', tab: 'reactions' },
    { type: 'history.audit', on: true },
    { type: 'history.audit', on: false },
  ],
  // The texts come from a few samples; what tells states apart is what is loaded and shown.
  serializeContext: (c) => ({
    from: c.fromText,
    to: c.toText,
    tab: c.tab,
    loaded: Object.keys(c.loaded).sort(),
    showDeleted: c.showDeleted,
    deleted: c.deleted !== null,
    pair: c.pair && [c.pair.from, c.pair.to],
  }),
  paths: 'perTransition',
});

describe('history screen details', () => {
  it('defaults to today 00:00:00 .. now', () => {
    renderHistory(machine);
    expect(fromInput().value).toBe('2026-11-22 00:00:00');
    expect(toInput().value).toBe('2026-11-22 14:50:12');
  });

  it('shows only the permitted tabs, and no switch without GET on /audit/deleted', () => {
    renderHistory(machine, { tabs: ['intents', 'settings'], canAudit: false, now: NOW_MS });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Intents', 'Settings']);
    expect(screen.queryByLabelText('Show deleted items')).not.toBeInTheDocument();
  });

  it('says "No differences." when both times give the same JSON (keys in any order)', async () => {
    loadComparison.reset();
    const { actor } = renderHistory(machine);
    actor.send({ type: 'history.compare' });
    await screen.findByLabelText('Loading');
    await act(async () => {
      loadComparison.resolve({ snapshots: { before: { a: 1, b: [2] }, after: { b: [2], a: 1 }, changes: [] } });
    });
    expect(await screen.findByText('No differences.')).toBeInTheDocument();
    expect(screen.getByText('Nothing was changed between these times.')).toBeInTheDocument();
  });

  it('lists what was deleted between the times, per tab, and keeps loaded tabs until the next Compare', async () => {
    loadComparison.reset();
    const { actor } = renderHistory(machine);
    const settle = (output = loadComparison.output) =>
      act(async () => {
        loadComparison.resolve(output);
      });
    const rows = () =>
      within(screen.getByRole('table', { name: 'Deleted items' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    actor.send({ type: 'history.compare' });
    await settle();
    fireEvent.click(auditSwitch());
    expect(loadComparison.calls.at(-1)).toMatchObject({ tab: 'reactions', loadTab: false, loadDeleted: true });
    await settle();
    expect(rows()).toEqual([['/reactions', 'goodbye', formatPoint(local(11, 21, 10)), 'Ada']]);
    fireEvent.click(screen.getByRole('tab', { name: 'Intents' }));
    expect(loadComparison.calls.at(-1)).toMatchObject({ tab: 'intents', loadTab: true, loadDeleted: false });
    await settle();
    expect(rows()).toEqual([['/intents', '9', formatPoint(local(11, 21, 11)), '—']]);
    // Back to a loaded tab: shown at once, nothing fetched.
    fireEvent.click(screen.getByRole('tab', { name: 'Reactions' }));
    expect(actor.getSnapshot().value).toBe('ready');
    expect(loadComparison.calls).toHaveLength(3);
    // A new Compare drops what belonged to the old times.
    fireEvent.click(compareButton());
    expect(loadComparison.calls.at(-1)).toMatchObject({ tab: 'reactions', loadTab: true, loadDeleted: true });
  });
});
