// Model-based test of triage in the conversation logs (issue 19): xstate/graph walks the phraseTriage chart, each
// path drives the real panel: tick what the user said, one class, Keep as test, Classify selected.
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { type KeptTest, keptTestNotice } from '../../src/api/contract/unclassified.ts';
import { PHRASE_TRIAGE_TEXTS, phraseTriageMachine } from '../../src/machines/phraseTriage/machine.ts';
import { PhraseTriageView } from '../../src/screens/logs/PhraseTriagePanel.tsx';
import { flush } from './authoringScreens.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';

const PHRASES = [
  { text: 'pizza to my door please', intent: null },
  { text: 'when do you open', intent: 'opening hours' },
];
const INTENTS = [
  { id: 10, name: 'order' },
  { id: 11, name: 'opening hours' },
];
const KEPT: KeptTest = { id: 3, name: 'order', steps_added: 1 };
const loadIntents = createDeferredActor<typeof INTENTS>({ output: INTENTS, error: new Error('offline') });
const classifyPhrases = createDeferredActor<
  { classified: number; test: KeptTest | null },
  { phrases: string[]; intentId: number; keepAsTest: boolean }
>({ output: { classified: 1, test: KEPT }, error: new Error('refused') });
const notices: string[] = [];
const machine = phraseTriageMachine.provide({
  actors: { loadIntents: loadIntents.logic, classifyPhrases: classifyPhrases.logic },
  actions: {
    notify: (_, p) => notices.push(p.title),
    notifyFailure: () => notices.push('failure'),
  },
});

const classInput = () =>
  screen
    .getAllByLabelText('Class for ticked phrases')
    .find((e) => e instanceof HTMLInputElement && e.type !== 'hidden') as HTMLInputElement;

const executors = {
  'triage.select': async ({ event }) => {
    fireEvent.click(screen.getByRole('checkbox', { name: `Tick ${event.text}` }));
    await flush();
  },
  'triage.class': async ({ event }) => {
    fireEvent.click(classInput());
    await flush();
    fireEvent.click(screen.getByRole('option', { name: INTENTS.find((i) => i.id === event.intentId)?.name }));
    await flush();
  },
  'triage.keepAsTest': async () => {
    fireEvent.click(screen.getByRole('checkbox', { name: 'Keep as test' }));
    await flush();
  },
  'triage.apply': async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Classify selected' }));
    await flush();
  },
  'triage.retry': async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await flush();
  },
} satisfies ModelExecutors<typeof machine>;

const states: StateAssertions<typeof machine> = {
  loading: () => expect(screen.getByLabelText('Loading intents')).toBeInTheDocument(),
  failed: () => expect(screen.getByText(PHRASE_TRIAGE_TEXTS.loadFailed)).toBeInTheDocument(),
  ready: (state) => {
    const { selected, intentId, keepAsTest, done } = state.context;
    for (const p of PHRASES) {
      const box = screen.getByRole('checkbox', { name: `Tick ${p.text}` });
      expect(box).toHaveProperty('checked', selected.includes(p.text));
      if (done.includes(p.text)) expect(box).toBeDisabled();
    }
    expect(screen.getByRole('checkbox', { name: 'Keep as test' })).toHaveProperty('checked', keepAsTest);
    const apply = screen.getByRole('button', { name: 'Classify selected' });
    if (selected.length > 0 && intentId !== null) expect(apply).toBeEnabled();
    else expect(apply).toBeDisabled();
    // After a classification: the notice names the test the phrases went into, and they show as classified.
    if (done.length > 0) {
      expect(notices.at(-1)).toBe(keptTestNotice(KEPT));
      expect(screen.getAllByText('classified').length).toBe(done.length);
    }
  },
  saving: (state) => {
    expect(classifyPhrases.pending).toBe(1);
    expect(classifyPhrases.calls.at(-1)).toEqual({
      phrases: state.context.selected,
      intentId: state.context.intentId,
      keepAsTest: state.context.keepAsTest,
    });
  },
};

describeModel({
  name: 'phraseTriage',
  machine,
  render: (m) => {
    notices.length = 0;
    const actor = createActor(m, { input: { phrases: PHRASES } }).start();
    render(
      <MantineProvider env="test">
        <PhraseTriageView actor={actor} canKeepTests />
      </MantineProvider>,
    );
    return { actor };
  },
  executors,
  states,
  invokes: { loadIntents, classifyPhrases },
  input: { phrases: PHRASES },
  events: [
    { type: 'triage.select', text: PHRASES[0]!.text, on: true },
    { type: 'triage.class', intentId: 10 },
    { type: 'triage.keepAsTest', on: true },
  ],
  // One tick, one class, keep as test on or off: enough to walk every state and transition.
  stopWhen: (state) => state.context.done.length > 0,
});
