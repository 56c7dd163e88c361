import type { DoneActorEvent, OutputFrom } from 'xstate';
import { type ActorRefFrom, assign, enqueueActions, setup } from 'xstate';
import type { Notice } from '../../api/contract/notice.ts';
import {
  ALL_TESTS_OK,
  TEST_CREATED,
  TEST_UPDATED,
  TESTS_COMPLETE,
  TESTS_UNSUCCESSFUL,
  type Test,
} from '../../api/contract/tests.ts';
import type { TestVocabulary } from '../../api/contract/tests.ts';
import type { TestRunState } from '../testRun/events.ts';
import type { testRunMachine } from '../testRun/machine.ts';
import { runAllTestsActors, type TestsLoad } from './actors.ts';
import { dialogDraftStates } from '../navigationGuard/leaving.ts';
import {
  bodyOf,
  cloneName,
  draftChanged,
  draftIsValid,
  draftOf,
  emptyStep,
  moveStep,
  newDraft,
  type TestDraft,
} from './draft.ts';
import type { RunAllTestsEvent } from './events.ts';

type RunRef = ActorRefFrom<typeof testRunMachine>;

export interface RunAllTestsContext {
  tests: Test[];
  vocabulary: TestVocabulary;
  /** One run machine per test (its card's status dot). */
  runs: Record<number, RunRef>;
  statuses: Record<number, TestRunState>;
  /** The tests of the Run all in progress. */
  batch: number[];
  selectedId: number | null;
  tab: 'steps' | 'output';
  draft: TestDraft | null;
  /** The draft as the editor opened with it (Esc, Cancel or leaving asks once they differ). */
  opened: TestDraft | null;
  /** Start Run all as soon as the tests are loaded (the top bar's Run Tests from another screen). */
  runOnLoad: boolean;
  /** Counted generations, so a re-created run machine never reuses an id. */
  generation: number;
}

const summary = (statuses: Record<number, TestRunState>, batch: number[]) => {
  const failed = batch.filter((id) => statuses[id] === 'error').length;
  return { failed, ok: batch.filter((id) => statuses[id] === 'ok').length };
};

/**
 * The tests screen (spec 1 §2 "Tests screen", §4 "Test"): the list with one testRun machine per test, Run
 * all with its counters and summary, single runs (a failed one opens its output), clone, and the editor.
 */
export const runAllTestsMachine = setup({
  types: {
    context: {} as RunAllTestsContext,
    events: {} as RunAllTestsEvent,
    input: {} as { runOnLoad?: boolean } | undefined,
  },
  actors: runAllTestsActors,
  guards: {
    runOnLoad: ({ context }) => context.runOnLoad && context.tests.length > 0,
    hasTests: ({ context }) => context.tests.length > 0,
    batchDone: ({ context }) =>
      context.batch.every((id) => context.statuses[id] === 'ok' || context.statuses[id] === 'error'),
    draftValid: ({ context }) => context.draft !== null && draftIsValid(context.draft, context.tests),
    editingStored: ({ context }) => context.draft?.id !== null && context.draft?.id !== undefined,
    isDraftChanged: ({ context }) => context.draft !== null && draftChanged(context.draft, context.opened),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    notifyFailure: (_, _params: { error: unknown }) => {},
    /** Keeps one run machine per loaded test: new and changed tests get a fresh one (unknown), removed ones stop. */
    syncRuns: enqueueActions(({ context, event, enqueue }) => {
      const load = (event as unknown as { output: TestsLoad }).output;
      const before = new Map(context.tests.map((t) => [t.id, JSON.stringify(t)]));
      const changed = (t: Test) => !context.runs[t.id] || before.get(t.id) !== JSON.stringify(t);
      for (const [id, ref] of Object.entries(context.runs)) {
        const test = load.tests.find((t) => t.id === Number(id));
        if (!test || changed(test)) enqueue.stopChild(ref);
      }
      enqueue.assign(({ context: c, spawn }) => {
        let generation = c.generation;
        const runs: Record<number, RunRef> = {};
        const statuses: Record<number, TestRunState> = {};
        for (const t of load.tests) {
          if (!changed(t)) {
            runs[t.id] = c.runs[t.id];
            statuses[t.id] = c.statuses[t.id] ?? 'unknown';
            continue;
          }
          generation++;
          runs[t.id] = spawn('testRun', {
            id: `test-run-${t.id}-${generation}`,
            input: { testId: t.id, name: t.name },
          });
          statuses[t.id] = 'unknown';
        }
        const selectedId =
          c.selectedId !== null && load.tests.some((t) => t.id === c.selectedId)
            ? c.selectedId
            : (load.tests[0]?.id ?? null);
        return { tests: load.tests, vocabulary: load.vocabulary, runs, statuses, generation, selectedId };
      });
    }),
    runBatch: enqueueActions(({ context, enqueue }) => {
      for (const test of context.tests) enqueue.sendTo(context.runs[test.id], { type: 'test.run', quiet: true });
    }),
    rememberSelectedIdAndTab: assign({
      selectedId: (_, event: Extract<RunAllTestsEvent, { type: 'test.select' }>) => event.id,
      tab: 'steps',
    }),
    rememberTab: assign({ tab: (_, event: Extract<RunAllTestsEvent, { type: 'tab.change' }>) => event.tab }),
    rememberStatuses: assign({
      statuses: ({ context }, event: Extract<RunAllTestsEvent, { type: 'test.started' }>) => ({
        ...context.statuses,
        [event.testId]: 'pending',
      }),
    }),
    rememberStatusesOnTestSettled: assign({
      statuses: ({ context }, event: Extract<RunAllTestsEvent, { type: 'test.settled' }>) => ({
        ...context.statuses,
        [event.testId]: event.state,
      }),
    }),
    rememberOnTestSettled: assign(({ context }, event: Extract<RunAllTestsEvent, { type: 'test.settled' }>) => {
      if (event.state !== 'error') return {};
      const firstFailure = !context.batch.some((id) => id !== event.testId && context.statuses[id] === 'error');
      return context.batch.length === 0 || firstFailure ? { selectedId: event.testId, tab: 'output' as const } : {};
    }),
    clearRunOnLoad: assign({ runOnLoad: false }),
    resetDraft: assign(({ context }) => {
      const draft = newDraft(context.tests);
      return { draft, opened: draft };
    }),
    rememberDraft: assign(({ context }, event: Extract<RunAllTestsEvent, { type: 'test.edit' }>) => {
      const test = context.tests.find((t) => t.id === event.id);
      const draft = test ? draftOf(test, new Map(context.vocabulary.reactions.map((r) => [r.id, r.name]))) : null;
      return { draft, opened: draft };
    }),
    rememberDraftOnTestClone: assign({
      draft: ({ context }, event: Extract<RunAllTestsEvent, { type: 'test.clone' }>) => {
        const test = context.tests.find((t) => t.id === event.id);
        if (!test) return null;
        const copy = draftOf(test, new Map(context.vocabulary.reactions.map((r) => [r.id, r.name])));
        return { ...copy, id: null, name: cloneName(test.name, context.tests) };
      },
    }),
    resetBatchAndStatuses: assign({
      batch: ({ context }) => context.tests.map((t) => t.id),
      statuses: ({ context }) => Object.fromEntries(context.tests.map((t) => [t.id, 'pending' as const])),
    }),
    clearBatch: assign({ batch: [] }),
    rememberDraftOnDraftName: assign({
      draft: ({ context }, event: Extract<RunAllTestsEvent, { type: 'draft.name' }>) =>
        context.draft && { ...context.draft, name: event.name },
    }),
    resetDraftOnDraftStepAdd: assign({
      draft: ({ context }) => context.draft && { ...context.draft, steps: [...context.draft.steps, emptyStep()] },
    }),
    rememberDraftOnDraftStepRemove: assign({
      draft: ({ context }, event: Extract<RunAllTestsEvent, { type: 'draft.step.remove' }>) =>
        context.draft && { ...context.draft, steps: context.draft.steps.filter((_, i) => i !== event.index) },
    }),
    rememberDraftOnDraftStepMove: assign({
      draft: ({ context }, event: Extract<RunAllTestsEvent, { type: 'draft.step.move' }>) =>
        context.draft && { ...context.draft, steps: moveStep(context.draft.steps, event.from, event.to) },
    }),
    rememberDraftOnDraftStepChange: assign({
      draft: ({ context }, event: Extract<RunAllTestsEvent, { type: 'draft.step.change' }>) =>
        context.draft && {
          ...context.draft,
          steps: context.draft.steps.map((s, i) => (i === event.index ? { ...s, ...event.patch } : s)),
        },
    }),
    resetDraftOnDraftSave: assign({ draft: ({ context }) => context.draft && { ...context.draft, touched: true } }),
    clearDraft: assign({ draft: null, opened: null }),
    storeSelectedId: assign({
      selectedId: (_, event: DoneActorEvent<OutputFrom<(typeof runAllTestsActors)['saveTest']>>) => event.output.id,
      draft: null,
    }),
  },
}).createMachine({
  id: 'runAllTests',
  description: 'Run tests from the top bar: every test of the project run in turn, results and failures shown.',
  context: ({ input }) => ({
    tests: [],
    vocabulary: { reactions: [], actions: [] },
    runs: {},
    statuses: {},
    batch: [],
    selectedId: null,
    tab: 'steps',
    draft: null,
    opened: null,
    runOnLoad: input?.runOnLoad ?? false,
    generation: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /tests with the reactions and actions the editor offers.',
      tags: ['loading'],
      invoke: {
        id: 'loadTests',
        src: 'loadTests',
        onDone: { target: 'ready', actions: 'syncRuns' },
        onError: {
          target: 'loadFailed',
          actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The tests could not be loaded; Reload tries again.',
      on: { 'tests.reload': 'loading' },
    },
    ready: {
      initial: 'choosing',
      on: {
        'test.select': { actions: { type: 'rememberSelectedIdAndTab', params: ({ event }) => event } },
        'tab.change': { actions: { type: 'rememberTab', params: ({ event }) => event } },
        'test.started': {
          actions: { type: 'rememberStatuses', params: ({ event }) => event },
        },
        'test.settled': {
          actions: [
            { type: 'rememberStatusesOnTestSettled', params: ({ event }) => event },
            // A failed run opens its output (spec 1 §4); in Run all, the first failure does.
            { type: 'rememberOnTestSettled', params: ({ event }) => event },
          ],
        },
      },
      states: {
        choosing: {
          description: 'Lists the tests; Run all, run, clone, edit and Add are offered.',
          always: { guard: 'runOnLoad', target: 'running', actions: 'clearRunOnLoad' },
          on: {
            'tests.runAll': { guard: 'hasTests', target: 'running' },
            'test.run': {
              actions: enqueueActions(({ context, event, enqueue }) => {
                const ref = context.runs[event.id];
                if (ref) enqueue.sendTo(ref, { type: 'test.run' });
              }),
            },
            'test.add': { target: 'editing', actions: 'resetDraft' },
            'test.edit': {
              target: 'editing',
              actions: { type: 'rememberDraft', params: ({ event }) => event },
            },
            'test.clone': {
              target: 'cloning',
              actions: { type: 'rememberDraftOnTestClone', params: ({ event }) => event },
            },
            'tests.reload': '#runAllTests.loading',
          },
        },
        running: {
          description: 'Run all: every test runs (two at a time on the server threads); the counters move.',
          tags: ['running'],
          entry: ['resetBatchAndStatuses', 'runBatch'],
          always: {
            guard: 'batchDone',
            target: 'choosing',
            actions: [
              {
                type: 'notify',
                params: ({ context }) => {
                  const { failed, ok } = summary(context.statuses, context.batch);
                  return failed === 0
                    ? { title: TESTS_COMPLETE, message: ALL_TESTS_OK, color: 'green' as const }
                    : { title: TESTS_UNSUCCESSFUL, message: `Failed: ${failed}, Ok: ${ok}`, color: 'red' as const };
                },
              },
              'clearBatch',
            ],
          },
        },
        editing: {
          description: 'The edit modal: identifier, draggable steps, autocompletes, add step (Ctrl+D), remove test.',
          ...dialogDraftStates({
            cancel: 'draft.cancel',
            close: { target: '#runAllTests.ready.choosing', actions: 'clearDraft' } as const,
            save: [
              { guard: 'draftValid', target: '#runAllTests.ready.saving' },
              { target: 'changed', actions: 'resetDraftOnDraftSave' },
            ] as const,
            editing: {
              'draft.name': {
                target: 'comparing',
                actions: {
                  type: 'rememberDraftOnDraftName',
                  params: ({ event }: { event: Extract<RunAllTestsEvent, { type: 'draft.name' }> }) => event,
                },
              },
              'draft.step.add': { target: 'comparing', actions: 'resetDraftOnDraftStepAdd' },
              'draft.step.remove': {
                target: 'comparing',
                actions: {
                  type: 'rememberDraftOnDraftStepRemove',
                  params: ({ event }: { event: Extract<RunAllTestsEvent, { type: 'draft.step.remove' }> }) => event,
                },
              },
              'draft.step.move': {
                target: 'comparing',
                actions: {
                  type: 'rememberDraftOnDraftStepMove',
                  params: ({ event }: { event: Extract<RunAllTestsEvent, { type: 'draft.step.move' }> }) => event,
                },
              },
              'draft.step.change': {
                target: 'comparing',
                actions: {
                  type: 'rememberDraftOnDraftStepChange',
                  params: ({ event }: { event: Extract<RunAllTestsEvent, { type: 'draft.step.change' }> }) => event,
                },
              },
              'draft.save': [
                { guard: 'draftValid', target: '#runAllTests.ready.saving' },
                { actions: 'resetDraftOnDraftSave' },
              ],
              'test.remove': { guard: 'editingStored', target: '#runAllTests.ready.removing' },
            } as const,
          }),
        },
        saving: {
          description: 'PUT /tests/-1 (Test created) or PUT /tests/{id} (Test updated); leaving waits for it.',
          tags: ['busy', 'saving', 'unsaved'],
          invoke: {
            id: 'saveTest',
            src: 'saveTest',
            input: ({ context }) => ({ id: context.draft?.id ?? null, body: bodyOf(context.draft!) }),
            onDone: {
              target: 'refreshing',
              actions: [
                {
                  type: 'notify',
                  params: ({ context }) => ({
                    title: context.draft?.id ? TEST_UPDATED : TEST_CREATED,
                    color: 'green' as const,
                  }),
                },
                { type: 'storeSelectedId', params: ({ event }) => event },
              ],
            },
            onError: {
              target: 'editing',
              actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        cloning: {
          description: 'PUT /tests/-1 with {name}_copy_N; the clone starts unknown.',
          tags: ['busy'],
          invoke: {
            id: 'cloneTest',
            src: 'saveTest',
            input: ({ context }) => ({ id: null, body: bodyOf(context.draft!) }),
            onDone: {
              target: 'refreshing',
              actions: [
                { type: 'notify', params: { title: TEST_CREATED, color: 'green' as const } },
                { type: 'storeSelectedId', params: ({ event }) => event },
              ],
            },
            onError: {
              target: 'choosing',
              actions: ['clearDraft', { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) }],
            },
          },
        },
        removing: {
          description: 'DELETE /tests/{id}.',
          tags: ['busy'],
          invoke: {
            id: 'removeTest',
            src: 'removeTest',
            input: ({ context }) => ({ id: context.draft?.id ?? 0 }),
            onDone: { target: 'refreshing', actions: 'clearDraft' },
            onError: {
              target: 'editing',
              actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        refreshing: {
          description: 'GET /tests again; unchanged tests keep their state.',
          tags: ['busy'],
          invoke: {
            id: 'refreshTests',
            src: 'loadTests',
            onDone: { target: 'choosing', actions: 'syncRuns' },
            onError: {
              target: 'choosing',
              actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});
