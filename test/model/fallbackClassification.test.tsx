// Model-based test of fallback classification (spec 1 §2 "Fallbacks screen", §4 "Fallbacks") against the real
// fallbacks screen: inline classification with the suggested stripped phrase, the class selector with
// "__don't want to specify__", Set Class removing the item, and the note that the model is not retrained.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { INTENT_TOASTS } from '../../src/api/contract/intents.ts';
import { FALLBACKS_TITLE, type KeptTest, keptTestNotice, NO_CLASS } from '../../src/api/contract/unclassified.ts';
import type { FallbacksLoad } from '../../src/machines/fallbackClassification/actors.ts';
import { FALLBACK_DISMISSED, NOT_RETRAINED_NOTE } from '../../src/machines/fallbackClassification/machine.ts';
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
const classify = createDeferredActor<
  { test?: KeptTest | null },
  { id: number; intentId: number | null; template: string; keepAsTest: boolean }
>({ output: { test: null } });
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
  },
  actions: { notify: notices.notify, notifyFailure: () => notices.titles.push('failure') },
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
    fireEvent.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
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
    if (selected.length) expect(screen.getByRole('button', { name: 'Classify selected' })).toBeEnabled();
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
          `^(${FALLBACK_DISMISSED}|(${INTENT_TOASTS.templateAdded}|${keptTestNotice(KEPT)}) \\| ${NOT_RETRAINED_NOTE})$`,
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
  classifying: (state) => {
    const open = row(state.context.current ?? -1) as HTMLElement;
    expect(within(open).getByRole('textbox', { name: 'Phrase' })).toHaveValue(state.context.phrase);
    // The class the fallback carries is preselected; none reads "__don't want to specify__".
    expect(classInput()).toHaveValue(classLabel(state.context.intentId));
    expect(screen.getByRole('button', { name: 'Set Class' })).toBeEnabled();
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
  invokes: { loadFallbacks, suggestPhrase, classify, classifyMany },
  events: [
    { type: 'fallback.open', id: 1 },
    { type: 'fallback.open', id: 2 },
    { type: 'fallback.phrase', value: '' },
    { type: 'fallback.class', intentId: null },
    { type: 'fallback.class', intentId: 10 },
    { type: 'fallback.keepAsTest', on: true },
    { type: 'fallback.select', id: 1, on: true },
    { type: 'fallbacks.bulkClass', intentId: 10 },
    { type: 'xstate.done.actor.classify', output: { test: null } } as never,
    { type: 'xstate.done.actor.classify', output: { test: KEPT } } as never,
  ],
  // Bounds of the walk: it stops once an item is classified, and does not go on from the second row once its
  // phrase or class was changed (the first row walks those).
  stopWhen: (state) => {
    const { classified, current, phrase, intentId } = state.context;
    const { selected, keepAsTest, bulkIntentId } = state.context;
    if (classified > 0) return true;
    // Bulk is walked from the list alone; keep as test is walked once per place (list, open row).
    if (selected.length > 0 && !state.matches('browsing') && !state.matches('bulkSaving')) return true;
    if (keepAsTest && (current === 2 || bulkIntentId !== null)) return true;
    return state.matches('classifying') && current === 2 && (phrase === '' || intentId !== 11);
  },
});
