// Model-based test of the synonyms draft (spec 2 §4 "Synonyms", §5 "Synonym name") against the real synonyms
// panel of the intents screen: rename, add and delete stay local until Save Synonyms.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DUPLICIT_SYNONYM_NAME,
  DUPLICIT_SYNONYM_NAME_ON_RENAME,
  SYNONYM_NAME_EMPTY,
  SYNONYM_NAME_MUST_BE_UNIQUE,
  SYNONYM_NAME_SPACES,
  type Synonym,
} from '../../src/api/contract/synonyms.ts';
import { createActor } from 'xstate';
import { providedSynonymsDraftMachine } from '../../src/machines/synonymsDraft/provide.ts';
import { SYNONYMS_SAVED } from '../../src/machines/synonymsDraft/machine.ts';
import { SynonymsPanel } from '../../src/screens/intents/SynonymsPanel.tsx';
import { flush, noticeLog, noticeOf, recordingNotify, renderWithSession } from './authoringScreens.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';

const loaded: Synonym[] = [
  { id: 1, name: 'city', values: ['city', 'Prague'] },
  { id: 2, name: 'food', values: ['food', 'pizza'] },
];
const loadSynonyms = createDeferredActor<Synonym[]>({ output: loaded });
const saveSynonyms = createDeferredActor<unknown, { synonyms: Synonym[] }>({ output: { status: 'ok' } });
const notices = noticeLog();
const machine = providedSynonymsDraftMachine.provide({
  actors: { loadSynonyms: loadSynonyms.logic, saveSynonyms: saveSynonyms.logic },
  actions: { notify: recordingNotify(notices) as never, notifyFailure: () => notices.titles.push('failure') },
});

/** Every notice the walk showed, to prove each validation message of spec 2 §5 was exercised. */
const shown = new Set<string>();

let actor = createActor(machine);
const panel = () => screen.getByTestId('synonyms-panel');
const nameOfKey = (context: { draft: { key: number; name: string }[] }, key: number) =>
  context.draft.find((s) => s.key === key)?.name ?? '';
const dialog = () => screen.getByRole('dialog', { name: 'Remove synonym?' });

const executors = {
  'synonym.add': async ({ event }) => {
    const input = within(panel()).getByLabelText('New synonym name');
    fireEvent.change(input, { target: { value: event.name } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await flush();
  },
  'synonym.rename': async ({ event, previous }) => {
    const label = `Rename synonym ${nameOfKey(previous.context, event.key)}`;
    fireEvent.click(within(panel()).getByRole('button', { name: label }));
    await flush();
    const input = within(panel()).getByRole('textbox', { name: label });
    fireEvent.change(input, { target: { value: event.name } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await flush();
  },
  'synonym.values': async ({ event, previous }) => {
    const area = within(panel()).getByLabelText(`Values of ${nameOfKey(previous.context, event.key)}`);
    fireEvent.change(area, { target: { value: event.values.join('\n') } });
    await flush();
  },
  'synonym.delete': async ({ event, previous }) => {
    fireEvent.click(
      within(panel()).getByRole('button', { name: `Remove synonym ${nameOfKey(previous.context, event.key)}` }),
    );
    await flush();
  },
  'synonym.deleteConfirm': async () => {
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Remove' }));
    await flush();
  },
  'synonym.deleteCancel': async () => {
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await flush();
  },
  'synonyms.save': async () => {
    fireEvent.click(within(panel()).getByRole('button', { name: 'Save Synonyms' }));
    await flush();
  },
  'synonyms.reload': async () => {
    const retry = within(panel()).queryByRole('button', { name: 'Try again' });
    // The panel offers a retry only after a failed load; from a clean draft nothing in the view sends a reload.
    if (retry) fireEvent.click(retry);
    else actor.send({ type: 'synonyms.reload' });
    await flush();
  },
} satisfies ModelExecutors<typeof machine>;

/** The spec 2 §5 text shown for the refusal the model recorded. */
const expectedNotice = (title: string): string =>
  title === DUPLICIT_SYNONYM_NAME_ON_RENAME ? `${title} | ${SYNONYM_NAME_MUST_BE_UNIQUE}` : title;

const states: StateAssertions<typeof machine> = {
  loading: () => {
    expect(loadSynonyms.pending).toBe(1);
    expect(within(panel()).getByRole('button', { name: 'Save Synonyms' })).toBeDisabled();
  },
  failed: () => {
    expect(notices.titles).toContain('failure');
    expect(within(panel()).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
  editable: (state) => {
    // The panel lists the local draft, each synonym with its values one per line.
    for (const synonym of state.context.draft) {
      expect(within(panel()).getByLabelText(`Values of ${synonym.name}`)).toHaveValue(synonym.values.join('\n'));
    }
    expect(within(panel()).getAllByLabelText(/^Values of /)).toHaveLength(state.context.draft.length);
    // A new synonym starts with its own name as its first value.
    const town = state.context.draft.find((s) => s.name === 'town');
    if (town) expect(town.values[0]).toBe('town');
    const notice = noticeOf(state.context);
    if (notice) {
      expect(notices.titles).toContain(expectedNotice(notice));
      shown.add(expectedNotice(notice));
    }
  },
  'editable.clean': () => {
    expect(within(panel()).queryByText('Unsaved changes — use Save Synonyms.')).not.toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Save Synonyms' })).toBeDisabled();
  },
  'editable.dirty': () => {
    expect(within(panel()).getByText('Unsaved changes — use Save Synonyms.')).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Save Synonyms' })).toBeEnabled();
    // Nothing is on its way to the server until Save Synonyms.
    expect(saveSynonyms.pending).toBe(0);
  },
  confirmingDelete: (state) =>
    expect(dialog()).toHaveTextContent(`The synonym “${nameOfKey(state.context, state.context.pendingDelete ?? -1)}”`),
  saving: (state) => {
    expect(saveSynonyms.pending).toBe(1);
    // The whole list goes at once, new synonyms with their first value.
    expect(saveSynonyms.calls.at(-1)?.synonyms.map((s) => s.name)).toEqual(state.context.draft.map((s) => s.name));
  },
};

describeModel({
  name: 'synonymsDraft',
  machine,
  // The part of the intents screen this machine drives: the synonyms panel, with the screen's providers.
  render: async (m) => {
    notices.clear();
    actor = createActor(m).start();
    await renderWithSession(<SynonymsPanel actor={actor} canEdit />);
    return { actor };
  },
  executors,
  states,
  invokes: { loadSynonyms, saveSynonyms },
  events: [
    { type: 'synonym.add', name: '' },
    { type: 'synonym.add', name: 'new york' },
    { type: 'synonym.add', name: 'CITY' },
    { type: 'synonym.add', name: 'town' },
    { type: 'synonym.rename', key: 1, name: '' },
    { type: 'synonym.rename', key: 1, name: 'big city' },
    { type: 'synonym.rename', key: 1, name: 'food' },
    { type: 'synonym.rename', key: 1, name: 'metropolis' },
    { type: 'synonym.values', key: 1, values: ['city', 'Prague', 'Brno'] },
    { type: 'synonym.delete', key: 2 },
  ],
  // Bounds of the walk: it does not go on from a refusal or a saved draft (every transition is already reachable
  // before), from a rename or a values change, nor from a draft without 'food' (no row is left to remove again).
  stopWhen: (state) =>
    state.matches('editable') &&
    (noticeOf(state.context) !== undefined ||
      !state.context.draft.some((s) => s.key === 2) ||
      state.context.draft.some((s) => s.key === 1 && (s.name !== 'city' || s.values.length !== 2))),
});

describe('synonym messages of spec 2 §5', () => {
  it('every validation message was shown by the walk', () => {
    expect([...shown].sort()).toEqual(
      [
        DUPLICIT_SYNONYM_NAME,
        `${DUPLICIT_SYNONYM_NAME_ON_RENAME} | ${SYNONYM_NAME_MUST_BE_UNIQUE}`,
        SYNONYM_NAME_EMPTY,
        SYNONYM_NAME_SPACES,
        SYNONYMS_SAVED,
      ].sort(),
    );
  });
});
