// Model-based test of the tests screen: xstate/graph walks the runAllTests chart, each path drives the real TestsView.
// Only the shortest path to each state and to each transition is run (`paths: 'perTransition'`); every state and every
// transition must be covered.
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, queryHelpers, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { type ActorRefFrom, assign, createActor, sendParent, setup } from 'xstate';
import {
  ALL_TESTS_OK,
  type Test,
  type TestBody,
  type TestRunResult,
  TESTS_COMPLETE,
  TESTS_UNSUCCESSFUL,
} from '../../src/api/contract/tests.ts';
import type { TestVocabulary } from '../../src/api/tests.ts';
import type { runAllTestsActors, TestsLoad } from '../../src/machines/runAllTests/actors.ts';
import { draftChanged, draftIsValid } from '../../src/machines/runAllTests/draft.ts';
import { LEAVING_TEXTS } from '../../src/machines/navigationGuard/leaving.ts';
import { draftStatusOf } from '../../src/machines/navigationGuard/selectors.ts';
import { runAllTestsMachine } from '../../src/machines/runAllTests/machine.ts';
import { counters } from '../../src/machines/runAllTests/selectors.ts';
import type { TestRunState } from '../../src/machines/testRun/events.ts';
import { TestsView } from '../../src/screens/tests/TestsView.tsx';
import {
  createDeferredActor,
  describeModel,
  type ModelExecutors,
  type ModelTestConfig,
  type StateAssertions,
} from './harness.ts';

const TEST: Test = {
  id: 1,
  name: 'order_pizza',
  steps: [
    // A converted chat stores reaction ids; the editor shows names.
    { input: 'I want a pizza', reactions: [3], condition: '', actions: [] },
    { input: 'tomorrow', reactions: ['deliver'], condition: "intent == 'date'", actions: ['store_date'] },
  ],
};
const vocabulary: TestVocabulary = {
  reactions: [
    { id: 3, name: 'order' },
    { id: 4, name: 'deliver' },
  ],
  actions: ['store_date'],
};
const passed: TestRunResult = {
  result: 'ok',
  tracker: [{ type: 'utter', value: 'Great! When should we deliver it?', args: { who: 'bot' }, timestamp: 1 }],
  steps: [],
  failed_step: null,
  duration_ms: 2,
};
const FAILURE = 'Step 1 ("I want a pizza"): expected reaction order, but ran fallback';
const failedRun: TestRunResult = { ...passed, result: FAILURE, failed_step: 0 };

const loadTests = createDeferredActor<TestsLoad>({
  output: { tests: [TEST], vocabulary },
  error: new Error('offline'),
});
const saveTest = createDeferredActor<{ id: number }, { id: number | null; body: TestBody }>({
  output: { id: TEST.id },
  error: new Error('Duplicit test name, please change the test name!'),
});
const removeTest = createDeferredActor<unknown, { id: number }>({ output: {}, error: new Error('Test not found') });

/**
 * A test's run machine stands in for testRun (which has its own model test): it records the runs it is asked for,
 * and reports test.started / test.settled to Run all only when the model takes those events, through sendParent
 * as the real one does. With the real one, a card's Run would start and report in the same click, which the
 * chart models as two events.
 */
const runRequests: { testId: number; quiet: boolean }[] = [];
type FakeRunEvent =
  | { type: 'test.run'; quiet?: boolean }
  | { type: 'report.started' }
  | { type: 'report.settled'; state: TestRunState };
const fakeTestRun = setup({
  types: {
    context: {} as { testId: number; result: TestRunResult | null; error: string | null },
    input: {} as { testId: number; name: string },
    events: {} as FakeRunEvent,
  },
}).createMachine({
  context: ({ input }) => ({ testId: input.testId, result: null, error: null }),
  on: {
    'test.run': {
      actions: ({ context, event }) => runRequests.push({ testId: context.testId, quiet: event.quiet ?? false }),
    },
    'report.started': {
      actions: sendParent(({ context }) => ({ type: 'test.started', testId: context.testId })),
    },
    'report.settled': {
      actions: [
        assign({ result: ({ event }) => (event.state === 'ok' ? passed : failedRun) }),
        sendParent(({ context, event }) => ({ type: 'test.settled', testId: context.testId, state: event.state })),
      ],
    },
  },
});

const notices: { title: string; message?: string }[] = [];
const failures: unknown[] = [];
const machine = runAllTestsMachine.provide({
  actors: {
    loadTests: loadTests.logic,
    saveTest: saveTest.logic,
    removeTest: removeTest.logic,
    // Same shape where the view reads it (context.result, context.error); the types differ only by the events.
    testRun: fakeTestRun as unknown as (typeof runAllTestsActors)['testRun'],
  },
  actions: {
    notify: (_, params) => notices.push(params),
    notifyFailure: (_, params) => failures.push(params.error),
  },
});
type Actor = ActorRefFrom<typeof machine>;

let current: Actor | null = null;
/** The card's run machine, as the view holds it. */
const testRun = () => {
  const ref = current?.getSnapshot().context.runs[TEST.id];
  if (!ref) throw new Error('the test has no run machine');
  return ref as unknown as ActorRefFrom<typeof fakeTestRun>;
};

/** The edit modal ("New test", "Edit test …"); the "unsaved changes" question opens over it. */
const dialog = () => screen.getByRole('dialog', { name: /test/ });
const question = () => within(screen.getByRole('dialog', { name: LEAVING_TEXTS.title }));
const noQuestion = () => expect(screen.queryByRole('dialog', { name: LEAVING_TEXTS.title })).toBeNull();
/**
 * The one element with this aria-label. A selector query: getByLabelText also resolves every <label> of the page,
 * which on every step of every path was the largest cost of this test.
 */
function labelled(label: string): HTMLElement {
  const found = queryHelpers.queryAllByAttribute('aria-label', document.body, label, { exact: true });
  if (found.length !== 1) throw new Error(`${found.length} elements labelled "${label}"`);
  return found[0];
}
const stepBox = (n: number) => within(dialog()).getByLabelText(`Step ${n}`);

const executors = {
  // After a failed load the alert offers Reload; otherwise the header's reload icon.
  'tests.reload': ({ user, previous }) =>
    user.click(screen.getByRole('button', { name: previous.matches('loadFailed') ? 'Reload' : 'Reload tests' })),
  'tests.runAll': ({ user }) => user.click(screen.getByRole('button', { name: /^Run all/ })),
  'test.run': ({ user }) => user.click(labelled(`Run ${TEST.name}`)),
  // While the edit modal is open, the card sits behind its overlay in a browser; jsdom lets the click through.
  'test.select': ({ user }) => user.click(labelled(`Test ${TEST.name}`)),
  'tab.change': ({ user, event }) =>
    user.click(screen.getByRole('tab', { name: event.tab === 'output' ? 'Output' : 'Steps' })),
  'test.add': ({ user }) => user.click(screen.getByRole('button', { name: /^Add\s*Ctrl\+A$/ })),
  'test.edit': ({ user }) => user.click(labelled(`Edit ${TEST.name}`)),
  'test.clone': ({ user }) => user.click(labelled(`Clone ${TEST.name}`)),
  'draft.name': ({ event }) =>
    fireEvent.change(within(dialog()).getByLabelText('Test identifier'), { target: { value: event.name } }),
  'draft.step.add': ({ user }) => user.click(within(dialog()).getByRole('button', { name: /^Add next step/ })),
  'draft.step.remove': ({ user, event }) =>
    user.click(within(dialog()).getByRole('button', { name: `Remove step ${event.index + 1}` })),
  'draft.step.move': ({ event }) => {
    const steps = within(dialog()).queryAllByLabelText(/^Step \d+$/).length;
    if (steps === 0) return; // nothing to drag; the chart's move of an empty list changes nothing either
    // A one-step draft can only drop its step on itself: the view sends nothing, the chart's move changes nothing.
    const to = steps > event.to ? event.to : event.from;
    fireEvent.dragStart(stepBox(event.from + 1));
    fireEvent.dragOver(stepBox(to + 1));
    fireEvent.drop(stepBox(to + 1));
  },
  'draft.step.change': ({ event }) =>
    fireEvent.change(within(dialog()).getByLabelText(`User's input of step ${event.index + 1}`), {
      target: { value: event.patch.input },
    }),
  'draft.save': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Save' })),
  'draft.cancel': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
  'test.remove': async ({ user, previous }) => {
    // A new test offers no Remove test; the chart's guard ignores the event for it.
    if (previous.context.draft?.id === null) {
      expect(within(dialog()).queryByRole('button', { name: 'Remove test' })).toBeNull();
      return;
    }
    await user.click(within(dialog()).getByRole('button', { name: 'Remove test' }));
  },
  'leave.save': ({ user }) => user.click(question().getByRole('button', { name: LEAVING_TEXTS.save })),
  'leave.discard': ({ user }) => user.click(question().getByRole('button', { name: LEAVING_TEXTS.discard })),
  'leave.stay': ({ user }) => user.click(question().getByRole('button', { name: LEAVING_TEXTS.stay })),
  'test.started': () => act(() => testRun().send({ type: 'report.started' })),
  'test.settled': async ({ event, previous, state }) => {
    await act(() => testRun().send({ type: 'report.settled', state: event.state }));
    if (previous.matches({ ready: 'running' }) && state.matches({ ready: 'choosing' })) {
      // The batch of one finished: Run all tells the totals.
      expect(notices.at(-1)).toEqual(
        event.state === 'ok'
          ? { title: TESTS_COMPLETE, message: ALL_TESTS_OK, color: 'green' }
          : { title: TESTS_UNSUCCESSFUL, message: 'Failed: 1, Ok: 0', color: 'red' },
      );
    }
  },
} satisfies ModelExecutors<typeof machine>;

const counter = (label: string) => labelled(`${label} counter`);
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const reloadIcon = () => labelled('Reload tests');
const STATUS_LABEL: Record<TestRunState, string> = {
  unknown: "Didn't run",
  pending: 'Pending',
  ok: 'Ok',
  error: 'Failed',
};

const states: StateAssertions<typeof machine> = {
  loading: () => {
    expect(labelled('Loading tests')).toBeInTheDocument();
    expect(reloadIcon()).toBeDisabled();
    expect(counter("Didn't Run")).toHaveTextContent('0');
    expect(loadTests.pending).toBe(1);
  },
  loadFailed: () => {
    expect(screen.getByText('The tests could not be loaded.')).toBeInTheDocument();
    expect(button('Reload')).toBeEnabled();
    expect(reloadIcon()).toBeEnabled();
    expect(failures.at(-1)).toBe(loadTests.error);
    expect(screen.queryByLabelText(`Test ${TEST.name}`)).toBeNull();
  },
  ready: (state) => {
    const c = state.context;
    const count = counters(c);
    expect(counter('Ok')).toHaveTextContent(String(count.ok));
    expect(counter('Failed')).toHaveTextContent(String(count.failed));
    expect(counter("Didn't Run")).toHaveTextContent(String(count.notRun));
    expect(counter('Pending')).toHaveTextContent(String(count.pending));
    const status = c.statuses[TEST.id] ?? 'unknown';
    const card = labelled(`Test ${TEST.name}`);
    expect(card).toHaveAttribute('data-status', status);
    expect(within(card).getByLabelText(`Status ${STATUS_LABEL[status]}`)).toBeInTheDocument();
    expect(within(card).getByText('2 steps')).toBeInTheDocument();
    // The selected test's tab; a failed run opens its output.
    const tab = screen.getByRole('tab', { name: c.tab === 'output' ? 'Output' : 'Steps' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    if (c.tab === 'steps') {
      const steps = labelled('Steps');
      expect(within(steps).getByText('order')).toBeInTheDocument();
      expect(within(steps).getByText("intent == 'date'")).toBeInTheDocument();
    } else if (status === 'error' || status === 'ok') {
      expect(screen.getByTestId('test-result')).toHaveTextContent(status === 'ok' ? 'Passed' : FAILURE);
    }
  },
  'ready.choosing': () => {
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button(/^Run all/)).toBeEnabled();
    expect(button(/^Add\s*Ctrl\+A$/)).toBeEnabled();
    expect(labelled(`Edit ${TEST.name}`)).toBeEnabled();
    expect(reloadIcon()).toBeEnabled();
  },
  'ready.running': (state) => {
    expect(state.context.batch).toEqual([TEST.id]);
    expect(counter('Pending')).toHaveTextContent('1');
    expect(button(/^Run all/)).toBeDisabled();
    expect(labelled(`Clone ${TEST.name}`)).toBeDisabled();
    expect(reloadIcon()).toBeDisabled();
    // Run all asked every test's run machine, quietly (the summary replaces the per-test notices).
    expect(runRequests.at(-1)).toEqual({ testId: TEST.id, quiet: true });
  },
  'ready.editing': (state) => {
    const stored = state.context.draft?.id !== null;
    expect(dialog()).toHaveTextContent(stored ? `Edit test` : 'New test');
    expect(within(dialog()).getByLabelText('Test identifier')).toBeInTheDocument();
    expect(within(dialog()).queryByRole('button', { name: 'Remove test' }) !== null).toBe(stored);
    expect(within(dialog()).getByRole('button', { name: 'Save' })).not.toHaveAttribute('data-loading');
    if (failures.length && saveTest.calls.length + removeTest.calls.length > 0)
      expect([saveTest.error, removeTest.error, loadTests.error]).toContain(failures.at(-1));
  },
  'ready.editing.comparing': () => {
    throw new Error('transient state reached');
  },
  // Nothing typed: Cancel closes at once, and the navigation guard hears of no draft.
  'ready.editing.unchanged': (state) => {
    noQuestion();
    expect(draftStatusOf(state)).toBe('clean');
  },
  'ready.editing.changed': (state) => {
    noQuestion();
    expect(draftChanged(state.context.draft!, state.context.opened)).toBe(true);
    expect(draftStatusOf(state)).toBe('dirty');
  },
  // Cancel (or Esc) after typing asks instead of closing; the typed identifier stays behind the question.
  'ready.editing.leaving': (state) => {
    expect(question().getByText(LEAVING_TEXTS.message)).toBeInTheDocument();
    expect(within(dialog()).getByLabelText('Test identifier')).toHaveValue(state.context.draft!.name);
    expect(draftStatusOf(state)).toBe('dirty');
  },
  'ready.saving': (state) => {
    const draft = state.context.draft!;
    // Leaving while the test is sent waits for it.
    expect(draftStatusOf(state)).toBe('saving');
    expect(draftIsValid(draft, state.context.tests)).toBe(true);
    expect(within(dialog()).getByRole('button', { name: 'Save' })).toHaveAttribute('data-loading', 'true');
    expect(saveTest.calls.at(-1)?.id).toBe(draft.id);
    expect(saveTest.calls.at(-1)?.body.steps.every((step) => step.input !== '')).toBe(true);
  },
  'ready.cloning': () => {
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(saveTest.calls.at(-1)).toEqual({
      id: null,
      body: {
        name: `${TEST.name}_copy_1`,
        steps: [
          { ...TEST.steps[0], reactions: ['order'] },
          { ...TEST.steps[1], reactions: ['deliver'] },
        ],
      },
    });
    expect(button(/^Add\s*Ctrl\+A$/)).toBeDisabled();
  },
  'ready.removing': () => {
    expect(within(dialog()).getByRole('button', { name: 'Remove test' })).toHaveAttribute('data-loading', 'true');
    expect(removeTest.calls.at(-1)).toEqual({ id: TEST.id });
  },
  'ready.refreshing': (state) => {
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(state.context.draft).toBeNull();
    expect(loadTests.pending).toBe(1);
    expect(button(/^Run all/)).toBeDisabled();
    expect(reloadIcon()).toBeDisabled();
  },
};

const config: ModelTestConfig<typeof machine> = {
  name: 'runAllTests',
  machine,
  // Opened by the top bar's Run Tests: the batch starts as soon as the tests are loaded.
  input: { runOnLoad: true },
  render: (m) => {
    notices.length = 0;
    failures.length = 0;
    runRequests.length = 0;
    const actor = createActor(m, { input: { runOnLoad: true } }).start();
    current = actor;
    render(
      <MantineProvider env="test">
        <TestsView actor={actor} canEdit canRun />
      </MantineProvider>,
    );
    return { actor };
  },
  executors,
  states,
  invokes: { loadTests, refreshTests: loadTests, saveTest, cloneTest: saveTest, removeTest },
  events: [
    { type: 'test.select', id: TEST.id },
    { type: 'tab.change', tab: 'output' },
    { type: 'tab.change', tab: 'steps' },
    { type: 'test.run', id: TEST.id },
    { type: 'test.edit', id: TEST.id },
    { type: 'test.clone', id: TEST.id },
    { type: 'test.started', testId: TEST.id },
    { type: 'test.settled', testId: TEST.id, state: 'ok' },
    { type: 'test.settled', testId: TEST.id, state: 'error' },
    { type: 'draft.name', name: 'greeting' },
    { type: 'draft.step.remove', index: 0 },
    { type: 'draft.step.move', from: 0, to: 1 },
    { type: 'draft.step.change', index: 0, patch: { input: 'Hello' } },
  ],
  // What the guards read (runOnLoad, the batch, the draft's validity) and what the assertions read (the counters'
  // status, the tab); paths that share a projection must render alike, so nothing the view shows can be left out.
  serializeContext: (c) => ({
    runOnLoad: c.runOnLoad,
    batch: c.batch.map((id) => c.statuses[id]),
    status: c.statuses[TEST.id],
    tab: c.tab,
    draft: c.draft && {
      stored: c.draft.id !== null,
      valid: draftIsValid(c.draft, c.tests),
      changed: draftChanged(c.draft, c.opened),
    },
  }),
  // The shortest paths (one per state × projected context × incoming event, ~350) re-walk the same transitions in
  // other contexts for minutes; one walk to each state and each transition covers the chart.
  paths: 'perTransition',
};

describeModel(config);
