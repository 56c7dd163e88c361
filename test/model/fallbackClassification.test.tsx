// Model-based test of fallback classification (spec 1 §2 "Fallbacks screen", §4 "Fallbacks") against the real
// fallbacks screen: inline classification of the phrase as written with the suggested stripped phrase beside it
// (used only when chosen, issue 34), the class selector with "__don't want to specify__", Set Class needing a class
// and removing the item, Dismiss, the Undo of the last classification, a fallback opened from a link, and the note
// that the model is not retrained.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { INTENT_TOASTS } from '../../src/api/contract/intents.ts';
import {
  type ClassificationUndo,
  FALLBACKS_TITLE,
  type KeptTest,
  keptTestNotice,
  NO_CLASS,
} from '../../src/api/contract/unclassified.ts';
import type { FallbacksLoad } from '../../src/machines/fallbackClassification/actors.ts';
import {
  FALLBACK_DISMISSED,
  FALLBACK_TEXTS,
  NOT_RETRAINED_NOTE,
} from '../../src/machines/fallbackClassification/machine.ts';
import { providedFallbackClassificationMachine } from '../../src/machines/fallbackClassification/provide.ts';
import FallbacksScreen from '../../src/screens/fallbacks/FallbacksScreen.tsx';
import {
  authoringUser,
  flush,
  intentsLogic,
  noticeLog,
  parentRevealing,
  renderWithSession,
  route,
  WhenSignedIn,
} from './authoringScreens.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';

const loaded: FallbacksLoad = {
  items: [
    { id: 1, intent: 'I want the menu please', counter: 5, conversations_ids: ['c-1', 'c-2'], class: null },
    { id: 2, intent: 'pay by card', counter: 2, conversations_ids: [], class: 'payment' },
  ],
  total: 7,
  intents: [
    { id: 10, name: 'menu' },
    { id: 11, name: 'payment' },
  ],
};
const loadFallbacks = createDeferredActor<FallbacksLoad>({ output: loaded });
const suggestPhrase = createDeferredActor<string, { template: string }>({ output: 'want menu' });
const KEPT: KeptTest = { id: 4, name: 'menu', steps_added: 1 };
const UNDO: ClassificationUndo = {
  intent: 'I want the menu please',
  counter: 5,
  conversations_ids: ['c-1', 'c-2'],
  class: null,
  intent_id: 10,
  template: 'I want the menu please',
  test_id: null,
};
const classify = createDeferredActor<
  { test?: KeptTest | null; undo?: ClassificationUndo },
  { id: number; intentId: number | null; template: string; keepAsTest: boolean }
>({ output: { test: null, undo: UNDO } });
const restore = createDeferredActor<{ id: number }, ClassificationUndo>({ output: { id: 1 } });
const classifyMany = createDeferredActor<
  { classified: number; test: KeptTest | null },
  { ids: number[]; intentId: number | null; keepAsTest: boolean }
>({ output: { classified: 1, test: KEPT } });
const load = parentRevealing(loadFallbacks);
const notices = noticeLog();
const machine = providedFallbackClassificationMachine.provide({
  actors: {
    loadFallbacks: load.logic,
    suggestPhrase: suggestPhrase.logic,
    classify: classify.logic,
    classifyMany: classifyMany.logic,
    restore: restore.logic,
  },
  actions: {
    notify: notices.notify,
    notifyUndoable: notices.notify,
    notifyFailure: () => notices.titles.push('failure'),
  },
});

const row = (id: number) => screen.queryByTestId(`fallback-${id}`);
const phraseInput = () => screen.getByRole('textbox', { name: 'Phrase' });
/** The class selector's visible input. */
const classInput = () =>
  screen
    .getAllByLabelText('Class')
    .find((e) => e instanceof HTMLInputElement && e.type !== 'hidden') as HTMLInputElement;
const classLabel = (intentId: number | null) =>
  intentId === null ? NO_CLASS : (loaded.intents.find((i) => i.id === intentId)?.name ?? '');

const executors = {
  'fallback.open': async ({ event }) => {
    const open = row(event.id) && within(row(event.id) as HTMLElement).queryByRole('button', { name: 'Classify' });
    // The open row shows its form instead of Classify; re-opening it has no gesture, so it is sent as the view would.
    if (open) fireEvent.click(open);
    else load.parent().send(event);
    await flush();
  },
  'fallback.phrase': async ({ event }) => {
    fireEvent.change(phraseInput(), { target: { value: event.value } });
    await flush();
  },
  'fallback.class': async ({ event }) => {
    fireEvent.click(classInput());
    await flush();
    fireEvent.click(screen.getByRole('option', { name: classLabel(event.intentId) }));
    await flush();
  },
  'fallback.setClass': async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Set Class' }));
    await flush();
  },
  'fallback.useSuggestion': async ({ event }) => {
    const use = screen.queryByRole('button', { name: FALLBACK_TEXTS.useSuggestion });
    // Without a suggestion there is no button; the event is sent as the view would, and changes nothing.
    if (use) fireEvent.click(use);
    else load.parent().send(event);
    await flush();
  },
  'fallback.dismiss': async () => {
    fireEvent.click(screen.getByRole('button', { name: FALLBACK_TEXTS.dismiss }));
    await flush();
  },
  // The notification's Undo (its real effect sends this event to the chart; the test's notify records the notice).
  'fallback.undo': async ({ event }) => {
    load.parent().send(event);
    await flush();
  },
  'fallback.cancel': async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await flush();
  },
  'fallback.keepAsTest': async () => {
    fireEvent.click(screen.getByRole('checkbox', { name: 'Keep as test' }));
    await flush();
  },
  'fallback.select': async ({ event }) => {
    const name = loaded.items.find((i) => i.id === event.id)?.intent ?? '';
    const box = screen.queryByRole('checkbox', { name: `Select ${name}` });
    // A classified row is gone: the event is sent as the view would, and changes nothing.
    if (box) fireEvent.click(box);
    else load.parent().send(event);
    await flush();
  },
  'fallbacks.bulkClass': async ({ event }) => {
    const input = screen
      .getAllByLabelText('Class for selected')
      .find((e) => e instanceof HTMLInputElement && e.type !== 'hidden') as HTMLInputElement;
    fireEvent.click(input);
    await flush();
    fireEvent.click(screen.getByRole('option', { name: classLabel(event.intentId) }));
    await flush();
  },
  'fallbacks.bulkApply': async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Classify selected' }));
    await flush();
  },
  'fallbacks.reload': async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await flush();
  },
} satisfies ModelExecutors<typeof machine>;

const states: StateAssertions<typeof machine> = {
  loading: () => expect(loadFallbacks.pending).toBe(1),
  failed: () => {
    expect(notices.titles).toContain('failure');
    expect(screen.getByText('The fallbacks could not be loaded. Use reload to try again.')).toBeInTheDocument();
  },
  browsing: (state) => {
    const { items, total, classified, selected, keepAsTest } = state.context;
    // Bulk: each row's checkbox, the selection count, Classify selected only with a selection.
    for (const item of items)
      expect(screen.getByRole('checkbox', { name: `Select ${item.intent}` })).toHaveProperty(
        'checked',
        selected.includes(item.id),
      );
    expect(screen.getByTestId('bulk-triage')).toHaveTextContent(`${selected.length} selected`);
    // Classify selected needs rows and a class (issue 34: no class no longer discards them).
    if (selected.length && state.context.bulkIntentId !== null)
      expect(screen.getByRole('button', { name: 'Classify selected' })).toBeEnabled();
    else expect(screen.getByRole('button', { name: 'Classify selected' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Keep as test' })).toHaveProperty('checked', keepAsTest);
    expect(screen.getByText(FALLBACKS_TITLE).parentElement).toHaveTextContent(`${FALLBACKS_TITLE}${total}`);
    expect(screen.queryAllByTestId(/^fallback-\d/)).toHaveLength(items.length);
    expect(screen.queryByRole('textbox', { name: 'Phrase' })).not.toBeInTheDocument();
    // The issued count and the conversations dropdown.
    if (items.some((i) => i.id === 1)) {
      const first = row(1) as HTMLElement;
      expect(first).toHaveTextContent('5');
      expect(within(first).getByRole('button', { name: '2 conversations' })).toBeInTheDocument();
    }
    // Classifying removes the item; the model is not retrained until Train NLU.
    if (classified > 0) {
      expect(screen.getByTestId('not-retrained-note')).toHaveTextContent(NOT_RETRAINED_NOTE);
      expect(notices.titles.at(-1)).toMatch(
        new RegExp(
          `^(failure|${FALLBACK_DISMISSED}|(${INTENT_TOASTS.templateAdded}|${keptTestNotice(KEPT)}) \\| ${NOT_RETRAINED_NOTE})$`,
        ),
      );
    } else expect(screen.queryByTestId('not-retrained-note')).not.toBeInTheDocument();
  },
  suggesting: (state) => {
    expect(suggestPhrase.pending).toBe(1);
    expect(suggestPhrase.calls.at(-1)).toEqual({
      template: state.context.items.find((i) => i.id === state.context.current)?.intent,
    });
    expect(phraseInput()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Set Class' })).toBeDisabled();
  },
  'browsing.idle': (state) => {
    expect(state.context.undo).toBeNull();
  },
  'browsing.undoable': (state) => {
    expect(state.context.undo).toEqual(UNDO);
  },
  undoing: (state) => {
    expect(restore.pending).toBe(1);
    expect(restore.calls.at(-1)).toEqual(state.context.undo);
  },
  classifying: (state) => {
    const open = row(state.context.current ?? -1) as HTMLElement;
    const item = state.context.items.find((i) => i.id === state.context.current);
    expect(within(open).getByRole('textbox', { name: 'Phrase' })).toHaveValue(state.context.phrase);
    // The phrase is the message as written until the suggestion is chosen; the suggestion is shown beside it.
    if (state.context.suggestion === null) expect(screen.queryByTestId('fallback-suggestion')).not.toBeInTheDocument();
    else expect(screen.getByTestId('fallback-suggestion')).toHaveTextContent(state.context.suggestion);
    expect([item?.intent, state.context.suggestion, '']).toContain(state.context.phrase);
    // The class the fallback carries is preselected; none reads "__don't want to specify__".
    expect(classInput()).toHaveValue(classLabel(state.context.intentId));
    // Set Class needs a class (and a phrase); without one the row says so.
    if (state.context.intentId === null || state.context.phrase.trim() === '') {
      expect(screen.getByRole('button', { name: 'Set Class' })).toBeDisabled();
    } else expect(screen.getByRole('button', { name: 'Set Class' })).toBeEnabled();
    if (state.context.intentId === null)
      expect(screen.getByTestId('fallback-choose-class')).toHaveTextContent(FALLBACK_TEXTS.chooseClass);
    expect(screen.getByRole('button', { name: FALLBACK_TEXTS.dismiss })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Keep as test' })).toHaveProperty('checked', state.context.keepAsTest);
  },
  bulkSaving: (state) => {
    expect(classifyMany.pending).toBe(1);
    expect(classifyMany.calls.at(-1)).toEqual({
      ids: state.context.selected,
      intentId: state.context.bulkIntentId,
      keepAsTest: state.context.keepAsTest && state.context.bulkIntentId !== null,
    });
    expect(screen.getByRole('button', { name: 'Classify selected' })).toHaveAttribute('data-loading', 'true');
  },
  saving: (state) => {
    expect(classify.pending).toBe(1);
    expect(classify.calls.at(-1)).toEqual({
      id: state.context.current,
      intentId: state.context.intentId,
      template: state.context.phrase.trim(),
      keepAsTest: state.context.keepAsTest && state.context.intentId !== null,
    });
  },
};

describeModel({
  name: 'fallbackClassification',
  machine,
  render: async (m) => {
    notices.clear();
    // The link the dashboard's "Not understood" list follows: the screen takes the fallback from the address.
    history.replaceState(null, '', `${location.pathname}?fallback=1${location.hash}`);
    await renderWithSession(
      <WhenSignedIn>
        <FallbacksScreen
          route={route('/app/fallbacks', 'Fallbacks')}
          logic={{ fallbackClassification: m, training: intentsLogic().training }}
        />
      </WhenSignedIn>,
      authoringUser([{ method: 'PUT', path: '/tests/{id}', project_env: null }]),
    );
    return { actor: load.parent() };
  },
  executors,
  states,
  invokes: { loadFallbacks, suggestPhrase, classify, classifyMany, restore },
  // Opened from the dashboard's list on fallback 1: its classification opens once the list is loaded.
  input: { focus: 1 },
  events: [
    { type: 'fallback.open', id: 1 },
    { type: 'fallback.open', id: 2 },
    { type: 'fallback.phrase', value: '' },
    { type: 'fallback.class', intentId: null },
    { type: 'fallback.class', intentId: 10 },
    { type: 'fallback.keepAsTest', on: true },
    { type: 'fallback.select', id: 1, on: true },
    { type: 'fallbacks.bulkClass', intentId: 10 },
    { type: 'xstate.done.actor.classify', output: { test: null, undo: UNDO } } as never,
    { type: 'xstate.done.actor.classify', output: { test: KEPT, undo: UNDO } } as never,
  ],
  // Bounds of the walk: it stops once an item is classified, and does not go on from the second row once its
  // phrase or class was changed (the first row walks those).
  stopWhen: (state) => {
    const { classified, current, phrase, intentId } = state.context;
    const { selected, keepAsTest, bulkIntentId } = state.context;
    // After a classification only its undo is walked on (from the list as the classification left it).
    if (classified > 0) {
      const untouched = selected.length === 0 && bulkIntentId === null && !keepAsTest;
      if (!untouched || !(state.matches({ browsing: 'undoable' }) || state.matches('undoing'))) return true;
    }
    // Bulk is walked from the list alone; keep as test is walked once per place (list, open row).
    if (selected.length > 0 && !state.matches('browsing') && !state.matches('bulkSaving')) return true;
    if (keepAsTest && (current === 2 || bulkIntentId !== null)) return true;
    return state.matches('classifying') && current === 2 && (phrase === '' || intentId !== 11);
  },
  // The shortest path to each state and to each transition (every one covered): the walk had grown to hundreds of
  // paths (issue 34), minutes of the suite's budget for no more coverage.
  paths: 'perTransition',
});
