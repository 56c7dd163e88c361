// Model-based view tests: xstate/graph walks the machine, each path drives the real React view, coverage is recorded.
import { act, cleanup } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  type ActorLogic,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createEmptyActor,
  type EventFromLogic,
  type EventObject,
  fromPromise,
  type InputFrom,
  type PromiseActorLogic,
  type SnapshotFrom,
} from 'xstate';
import { TestModel } from 'xstate/graph';
import {
  describeMachine,
  type MachineDefinition,
  nodeTransitions,
  walkStates,
} from '../../scripts/statecharts/machine-definition.ts';
import { type ModelCoverage, recordCoverage } from './coverage-reporter.ts';
import { type MachineRun, type PathRecord, stateName, writeMachineRun } from './report.ts';

// ---------------------------------------------------------------------------------------------------------------
// Deferred fake actors

export interface DeferredActor<TOutput, TInput> {
  /** Give this to `machine.provide({ actors: { <src>: deferred.logic } })`. */
  logic: PromiseActorLogic<TOutput, TInput>;
  /** Sample output the model puts on `xstate.done.actor.<id>` and resolve() uses by default. */
  output: TOutput;
  /** Sample error the model puts on `xstate.error.actor.<id>` and reject() uses by default. */
  error: unknown;
  /** Inputs of every invocation since the last reset, oldest first. */
  calls: TInput[];
  /** Invocations still waiting. */
  readonly pending: number;
  /** Settles the most recent waiting invocation; throws if the view never started one. */
  resolve(output?: TOutput): void;
  reject(error?: unknown): void;
  reset(): void;
}

export function createDeferredActor<TOutput, TInput = unknown>(sample: {
  output: TOutput;
  error?: unknown;
}): DeferredActor<TOutput, TInput> {
  let waiting: Array<{ resolve: (value: TOutput) => void; reject: (reason: unknown) => void }> = [];
  const deferred: DeferredActor<TOutput, TInput> = {
    output: sample.output,
    error: sample.error ?? new Error('deferred actor rejected'),
    calls: [],
    get pending() {
      return waiting.length;
    },
    logic: fromPromise<TOutput, TInput>(({ input, signal }) => {
      deferred.calls.push(input);
      return new Promise<TOutput>((resolve, reject) => {
        const entry = { resolve, reject };
        waiting.push(entry);
        // A stopped actor (state left, view unmounted) must not be settled later by mistake.
        signal.addEventListener('abort', () => {
          waiting = waiting.filter((w) => w !== entry);
        });
      });
    }),
    resolve(output = deferred.output) {
      const entry = waiting.pop();
      if (!entry) throw new Error('resolve(): no invocation is waiting; the view did not start the actor');
      entry.resolve(output);
    },
    reject(error = deferred.error) {
      const entry = waiting.pop();
      if (!entry) throw new Error('reject(): no invocation is waiting; the view did not start the actor');
      entry.reject(error);
    },
    reset() {
      waiting = [];
      deferred.calls = [];
    },
  };
  return deferred;
}

// ---------------------------------------------------------------------------------------------------------------
// The harness: paths from xstate/graph, executed against the real view, with coverage of states and transitions.

type EventOf<TMachine extends AnyStateMachine> = EventFromLogic<TMachine>;
type EventType<TMachine extends AnyStateMachine> = EventOf<TMachine>['type'];
type Snapshot<TMachine extends AnyStateMachine> = SnapshotFrom<TMachine>;

/** A generic machine's snapshot type stays opaque to TypeScript; inside the harness read it as any machine's. */
const machineSnapshot = (snapshot: unknown) => snapshot as AnyMachineSnapshot;

export interface StepContext<TMachine extends AnyStateMachine, TEvent = EventOf<TMachine>> {
  /** The event the model took; perform the user gesture that makes the view send it. */
  event: TEvent;
  /** Snapshot before the step. */
  previous: Snapshot<TMachine>;
  /** Snapshot the model expects after the step. */
  state: Snapshot<TMachine>;
  /** user-event instance of this path (wired to the fake clock when fake timers are on). */
  user: UserEvent;
  /** Moves the (fake) clock forward inside act(). */
  advance: (ms: number) => Promise<void>;
}

export type Executor<TMachine extends AnyStateMachine, TEvent = EventOf<TMachine>> = (
  step: StepContext<TMachine, TEvent>,
) => unknown;

/** The executor table: one gesture per event type. Use `satisfies ModelExecutors<typeof machine>`. */
export type ModelExecutors<TMachine extends AnyStateMachine> = {
  [K in EventType<TMachine>]: Executor<TMachine, Extract<EventOf<TMachine>, { type: K }>>;
};

/** Assertions on the rendered view, keyed by state path as `snapshot.matches()` reads it: `'ready.editing'`. */
export type StateAssertions<TMachine extends AnyStateMachine> = Record<string, (state: Snapshot<TMachine>) => unknown>;

export interface RenderedView {
  /** When the view runs an actor the test can see, the harness checks its state equals the model's at each step. */
  actor?: AnyActorRef;
}

export interface ModelTestConfig<TMachine extends AnyStateMachine> {
  /** Machine name in the coverage line and artifact (the folder name under src/machines). */
  name: string;
  /** The machine, already `.provide`d with deferred fake actors; the same instance is given to `render`. */
  machine: TMachine;
  /** Renders the real view driven by `machine` (fresh for every path). */
  render: (machine: TMachine) => RenderedView | undefined | Promise<RenderedView | undefined>;
  executors: ModelExecutors<TMachine>;
  states: StateAssertions<TMachine>;
  /** Deferred actors by invoke id: done/error events resolve/reject them. */
  // biome-ignore lint/suspicious/noExplicitAny: each invoke has its own output/input types; the harness only relays them.
  invokes?: Record<string, DeferredActor<any, any>>;
  /** Overrides for internal events (`xstate.done.actor.x`, `xstate.error.actor.x`, `xstate.after.<delay>.<state id>`). */
  internalExecutors?: Record<string, Executor<TMachine, EventObject>>;
  /** Sample events with payloads; an event type not listed is sent as `{ type }`. */
  events?: EventOf<TMachine>[];
  input?: InputFrom<TMachine>;
  /** Context projection used to tell states apart (default: the whole context). Return '' to ignore context. */
  serializeContext?: (context: Snapshot<TMachine>['context']) => unknown;
  /** Bounds on the traversal, passed to xstate/graph. */
  limit?: number;
  stopWhen?: (state: Snapshot<TMachine>) => boolean;
  /**
   * `shortest` (default): one shortest path per serialised state (state value, `serializeContext`, incoming event,
   * previous state value); `simple`: all simple paths; `perTransition`: for every state and every transition, only
   * the shortest path whose last step enters or takes it (for charts whose context makes `shortest` too many to run).
   */
  paths?: 'shortest' | 'simple' | 'perTransition';
  /** Default: `fake` when the machine has `after` delays, else `real`. */
  timers?: 'fake' | 'real';
  /** Fail the coverage test unless every state and transition was exercised (default true). */
  requireFullCoverage?: boolean;
}

export interface ModelPath<TMachine extends AnyStateMachine> {
  description: string;
  steps: Array<{ state: Snapshot<TMachine>; event: EventObject }>;
}

export interface ModelHarness<TMachine extends AnyStateMachine> {
  definition: MachineDefinition;
  paths: ModelPath<TMachine>[];
  /** Problems that make the table incomplete; empty when complete. */
  completenessProblems(): string[];
  /** Throws listing every state without assertion, event without executor, invoke without deferred actor. */
  assertComplete(): void;
  runPath(path: ModelPath<TMachine>): Promise<void>;
  runAll(): Promise<void>;
  coverage(): ModelCoverage;
  /** The paths run so far (outcome, events, states) and what they walked: QA's report and the gallery read it. */
  run(): MachineRun;
}

const INIT = 'xstate.init';
/** The real clock, taken before any path installs the fake one (which fakes performance.now too): path durations. */
const realNow = performance.now.bind(performance);
const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

type NodeLike = AnyStateNode & { ownEvents: string[] };
type Microstep = (transitions: AnyTransitionDefinition[], snapshot: AnyMachineSnapshot | undefined) => void;

/** A side-effect-free actor scope (like xstate/graph's) that also reports each microstep: transitions and snapshot. */
function inspectingScope(onMicrostep: Microstep) {
  const empty = createEmptyActor();
  const system = Object.create(empty.system) as typeof empty.system & {
    _sendInspectionEvent: (event: {
      type: string;
      snapshot?: unknown;
      _transitions?: AnyTransitionDefinition[];
    }) => void;
  };
  system._sendInspectionEvent = (event) => {
    if (event.type === '@xstate.microstep' && event._transitions)
      onMicrostep(event._transitions, event.snapshot as AnyMachineSnapshot | undefined);
  };
  return {
    self: empty,
    logger: () => {},
    id: '',
    sessionId: 'model',
    defer: () => {},
    system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  };
}

/**
 * Testing Library drains its async wrapper with setTimeout(0) and only advances fake clocks it recognises as Jest's;
 * the `jest` alias lets user-event and waitFor advance vitest's fake clock instead of waiting forever.
 */
function installFakeClock(): void {
  vi.useFakeTimers();
  (globalThis as { jest?: unknown }).jest = { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) };
}

function restoreRealClock(): void {
  delete (globalThis as { jest?: unknown }).jest;
  vi.useRealTimers();
}

/** Settles a deferred actor inside act() and lets the resulting done/error event reach React. */
async function settle(action: () => void): Promise<void> {
  await act(async () => {
    action();
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...(Object.values(node.states) as AnyStateNode[]).flatMap(allNodes)];
}

function leafPaths(definition: MachineDefinition): string[] {
  const leaves: string[] = [];
  walkStates(definition.root, (s) => {
    if ((s.type === 'atomic' || s.type === 'final') && s.path) leaves.push(s.path);
  });
  return leaves;
}

function describeValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** What one step exercises: state node ids (transient ones included) and transition keys. */
interface StepCoverage {
  states: Set<string>;
  transitions: Set<string>;
}

/**
 * Paths whose event sequence is the start of (or equal to) another's add nothing: each step is asserted anyway.
 * Like xstate/graph's own deduplication (longest first, order kept), but comparing events by the harness's key,
 * which tells apart samples of one type that JSON cannot (errors without own properties).
 */
function withoutPrefixes<TPath extends { steps: Array<{ event: EventObject }> }>(
  paths: TPath[],
  eventKey: (event: EventObject) => string,
): TPath[] {
  const byLength = paths
    .map((path) => ({ path, keys: path.steps.map((s) => eventKey(s.event)) }))
    .sort((a, b) => b.keys.length - a.keys.length);
  const kept: typeof byLength = [];
  for (const candidate of byLength) {
    const contained = kept.some((longer) => candidate.keys.every((key, i) => key === longer.keys[i]));
    if (!contained) kept.push(candidate);
  }
  return kept.map((k) => k.path);
}

export function createModelHarness<TMachine extends AnyStateMachine>(
  config: ModelTestConfig<TMachine>,
): ModelHarness<TMachine> {
  const { machine, invokes = {}, internalExecutors = {} } = config;
  const definition = describeMachine(machine);
  const timers = config.timers ?? (definition.delays.length ? 'fake' : 'real');

  // Transition objects of this very machine instance → stable keys shared with docs/statecharts/*.json.
  const transitionKeys = new Map<AnyTransitionDefinition, string>();
  for (const node of allNodes(machine.root)) {
    for (const [t, def] of nodeTransitions(node)) transitionKeys.set(t, def.key);
  }
  const allTransitionKeys = [...transitionKeys.values()];
  const allStateIds: string[] = [];
  walkStates(definition.root, (s) => {
    if (s.path) allStateIds.push(s.id);
  });
  const coveredStates = new Set<string>();
  const coveredTransitions = new Set<string>();

  // Several samples of one event type (a guarded branch each) must stay apart in the traversal: they get a key of
  // their own in the serialised state and in the graph's edges; a lone sample is keyed as before (by type / JSON).
  const sampleKeys = new Map<EventObject, string>();
  for (const sample of config.events ?? []) {
    const sameType = (config.events ?? []).filter((e) => e.type === sample.type);
    if (sameType.length > 1) sampleKeys.set(sample, `${sample.type}#${sameType.indexOf(sample) + 1}`);
  }
  const eventKey = (event: EventObject): string => sampleKeys.get(event) ?? event.type;
  const serializeEvent = (event: EventObject): string => sampleKeys.get(event) ?? JSON.stringify(event);

  const sampleEvents = (type: string): Array<EventObject & Record<string, unknown>> => {
    const samples = (config.events ?? []).filter((e) => e.type === type);
    if (samples.length) return samples;
    if (type.startsWith(DONE_ACTOR)) {
      const deferred = invokes[type.slice(DONE_ACTOR.length)];
      return [deferred ? { type, output: deferred.output } : { type }];
    }
    if (type.startsWith(ERROR_ACTOR)) {
      const deferred = invokes[type.slice(ERROR_ACTOR.length)];
      return [deferred ? { type, error: deferred.error } : { type }];
    }
    return [{ type }];
  };
  const enabledEvents = (snapshot: Snapshot<TMachine>): EventOf<TMachine>[] => {
    const types = new Set((machineSnapshot(snapshot)._nodes as NodeLike[]).flatMap((n) => n.ownEvents));
    return [...types].filter((t) => !t.includes('*')).flatMap(sampleEvents) as EventOf<TMachine>[];
  };
  const serializeContext = config.serializeContext ?? ((context) => context);
  const serializeState = (state: Snapshot<TMachine>, event?: EventObject, previous?: Snapshot<TMachine>) =>
    JSON.stringify([
      machineSnapshot(state).value,
      serializeContext(machineSnapshot(state).context) ?? '',
      event ? eventKey(event) : '',
      previous ? machineSnapshot(previous).value : '',
    ]);

  const model = new TestModel<Snapshot<TMachine>, EventOf<TMachine>, InputFrom<TMachine>>(
    machine as unknown as ActorLogic<Snapshot<TMachine>, EventOf<TMachine>, InputFrom<TMachine>>,
    {
      events: enabledEvents,
      serializeState,
      serializeEvent: serializeEvent as (event: EventOf<TMachine>) => string,
      limit: config.limit ?? Number.POSITIVE_INFINITY,
      stopWhen: config.stopWhen,
      input: config.input,
    },
  );
  /**
   * Replays one step on the machine alone and reports what it exercised: every transition of every microstep, and
   * every state node active in a microstep or left by an eventless transition, so transient states (entered and left
   * within one macrostep) count as covered too.
   */
  const stepCoverage = (previous: Snapshot<TMachine> | undefined, event: EventObject): StepCoverage => {
    const covered: StepCoverage = { states: new Set(), transitions: new Set() };
    const addNode = (node: AnyStateNode | undefined) => {
      for (let n = node; n?.path.length; n = n.parent) covered.states.add(n.id);
    };
    const scope = inspectingScope((taken, snapshot) => {
      for (const t of taken) {
        const key = transitionKeys.get(t);
        if (key) covered.transitions.add(key);
        addNode(t.source);
      }
      for (const node of (snapshot?._nodes ?? []) as AnyStateNode[]) addNode(node);
    });
    const logic = machine as unknown as {
      getInitialSnapshot: (scope: unknown, input: unknown) => unknown;
      transition: (snapshot: unknown, event: EventObject, scope: unknown) => unknown;
    };
    if (!previous) logic.getInitialSnapshot(scope, config.input);
    else logic.transition(previous, event, scope);
    return covered;
  };
  const recordStep = (previous: Snapshot<TMachine> | undefined, event: EventObject) => {
    const { states, transitions } = stepCoverage(previous, event);
    for (const id of states) coveredStates.add(id);
    for (const key of transitions) coveredTransitions.add(key);
  };

  /** For every state and every transition, the shortest path whose last step enters or takes it; nothing else. */
  const perTransition = <TPath extends ModelPath<TMachine>>(candidates: TPath[]): TPath[] => {
    const chosen = new Map<string, TPath>();
    for (const path of [...candidates].sort((a, b) => a.steps.length - b.steps.length)) {
      const last = path.steps.at(-1);
      if (!last) continue;
      const { states, transitions } = stepCoverage(path.steps.at(-2)?.state, last.event);
      for (const node of machineSnapshot(last.state)._nodes as AnyStateNode[])
        if (node.path.length) states.add(node.id);
      for (const item of [...[...states].map((id) => `state ${id}`), ...transitions]) {
        if (!chosen.has(item)) chosen.set(item, path);
      }
    }
    return [...new Set(chosen.values())];
  };

  const generated = (
    config.paths === 'simple'
      ? model.getSimplePaths({ allowDuplicatePaths: true })
      : model.getShortestPaths({ allowDuplicatePaths: true })
  ).map((p) => ({ description: p.description, steps: p.steps as ModelPath<TMachine>['steps'] }));
  const paths: ModelPath<TMachine>[] = withoutPrefixes(
    config.paths === 'perTransition' ? perTransition(generated) : generated,
    serializeEvent,
  );

  const internalExecutor = (type: string): Executor<TMachine, EventObject> | undefined => {
    if (internalExecutors[type]) return internalExecutors[type];
    if (type.startsWith(DONE_ACTOR) && invokes[type.slice(DONE_ACTOR.length)]) {
      const deferred = invokes[type.slice(DONE_ACTOR.length)];
      return ({ event }) => settle(() => deferred.resolve((event as { output?: unknown }).output));
    }
    if (type.startsWith(ERROR_ACTOR) && invokes[type.slice(ERROR_ACTOR.length)]) {
      const deferred = invokes[type.slice(ERROR_ACTOR.length)];
      return ({ event }) => settle(() => deferred.reject((event as { error?: unknown }).error));
    }
    if (type.startsWith(AFTER) && timers === 'fake') {
      return async ({ previous, advance }) => advance(resolveDelay(type, previous));
    }
    return undefined;
  };
  const resolveDelay = (type: string, previous: Snapshot<TMachine>): number => {
    const delay = definition.delays.find((d) => type.startsWith(`${AFTER}${d}.`));
    if (typeof delay === 'number') return delay;
    const implementation = (machine.implementations.delays as Record<string, unknown>)[delay ?? ''];
    if (typeof implementation === 'number') return implementation;
    if (typeof implementation === 'function')
      return implementation({ context: machineSnapshot(previous).context, event: { type } });
    throw new Error(`No duration for delay of ${type}; add it to setup({ delays }) or give an internalExecutor`);
  };
  const executorFor = (type: string): Executor<TMachine, EventObject> | undefined =>
    (config.executors as Record<string, Executor<TMachine, EventObject> | undefined>)[type] ?? internalExecutor(type);

  const completenessProblems = (): string[] => {
    const problems: string[] = [];
    const keys = Object.keys(config.states);
    const statePaths = new Set<string>();
    walkStates(definition.root, (s) => {
      if (s.path) statePaths.add(s.path);
    });
    for (const leaf of leafPaths(definition)) {
      if (!keys.includes(leaf)) problems.push(`state "${leaf}" has no assertion`);
    }
    for (const key of keys) {
      if (!statePaths.has(key)) problems.push(`assertion "${key}" names no state of ${definition.id}`);
    }
    const eventTypes = new Set<string>();
    walkStates(definition.root, (s) => {
      for (const t of s.transitions) if (t.kind !== 'always' && !t.event.includes('*')) eventTypes.add(t.event);
    });
    for (const type of [...eventTypes].sort()) {
      if (!executorFor(type)) {
        const hint = type.startsWith(AFTER)
          ? ' (use fake timers or an internalExecutor)'
          : type.startsWith(DONE_ACTOR) || type.startsWith(ERROR_ACTOR)
            ? ' (add a deferred actor to `invokes`)'
            : '';
        problems.push(`event "${type}" has no executor${hint}`);
      }
    }
    return problems;
  };

  const flush = async () => {
    // Promise settlements and React updates need a few microtask turns to reach the DOM.
    await act(async () => {
      for (let i = 0; i < 10; i++) await Promise.resolve();
    });
    if (timers === 'real') await act(() => new Promise<void>((r) => setTimeout(r, 0)));
  };

  const assertState = async (state: Snapshot<TMachine>) => {
    const { value } = machineSnapshot(state);
    const matching = Object.keys(config.states).filter((key) => machineSnapshot(state).matches(key));
    if (!matching.length) throw new Error(`no assertion matches state ${describeValue(value)}`);
    for (const key of matching) await config.states[key](state);
  };

  const records: PathRecord[] = [];
  const runPath = async (path: ModelPath<TMachine>) => {
    const started = realNow();
    const steps = path.steps.map((s) => ({ event: s.event.type, state: stateName(machineSnapshot(s.state).value) }));
    cleanup();
    for (const deferred of Object.values(invokes)) deferred.reset();
    if (timers === 'fake') installFakeClock();
    const advance = async (ms: number) => {
      await act(async () => {
        if (timers === 'fake') await vi.advanceTimersByTimeAsync(ms);
        else await new Promise((r) => setTimeout(r, ms));
      });
    };
    const user = userEvent.setup(timers === 'fake' ? { advanceTimers: vi.advanceTimersByTime } : {});
    let previous: Snapshot<TMachine> | undefined;
    let stepIndex = 0;
    let phase = 'render';
    let view: RenderedView | undefined;
    try {
      view = (await config.render(machine)) ?? {};
      for (const step of path.steps) {
        const { event, state } = step;
        const expected = machineSnapshot(state).value;
        if (event.type !== INIT && previous) {
          phase = `executing ${event.type}`;
          const executor = executorFor(event.type);
          if (!executor) throw new Error(`no executor for event "${event.type}"`);
          await executor({ event, previous, state, user, advance } as StepContext<TMachine, EventObject>);
        }
        await flush();
        recordStep(previous, event);
        phase = `checking state ${describeValue(expected)}`;
        if (view.actor) {
          const actual = (view.actor.getSnapshot() as { value: unknown }).value;
          if (JSON.stringify(actual) !== JSON.stringify(expected)) {
            throw new Error(
              `the view's actor is in ${describeValue(actual)}, the model expects ${describeValue(expected)}`,
            );
          }
        }
        await assertState(state);
        for (const node of machineSnapshot(state)._nodes as AnyStateNode[])
          if (node.path.length) coveredStates.add(node.id);
        previous = state;
        stepIndex++;
      }
      records.push({ description: path.description, status: 'passed', durationMs: realNow() - started, steps });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      records.push({
        description: path.description,
        status: 'failed',
        durationMs: realNow() - started,
        steps,
        failedAt: stepIndex,
        error: `${message} (at step ${stepIndex}, while ${phase})`,
      });
      const trail = path.steps
        .map((s) => `${s.event.type} → ${describeValue(machineSnapshot(s.state).value)}`)
        .join('\n    ');
      throw new Error(
        `${config.name}: ${path.description}\n  failed at step ${stepIndex} while ${phase}:\n  ${message}\n  path:\n    ${trail}`,
        { cause: error },
      );
    } finally {
      // A chart spawned by a screen's parent chart stops with it when the view unmounts (cleanup).
      if (view?.actor && !(view.actor as { _parent?: unknown })._parent) view.actor.stop();
      cleanup();
      if (timers === 'fake') restoreRealClock();
    }
  };

  const coverage = (): ModelCoverage => ({
    machine: config.name,
    paths: paths.length,
    states: {
      covered: allStateIds.filter((id) => coveredStates.has(id)).length,
      total: definition.counts.states,
      missing: allStateIds.filter((id) => !coveredStates.has(id)).sort(),
    },
    transitions: {
      covered: allTransitionKeys.filter((k) => coveredTransitions.has(k)).length,
      total: definition.counts.transitions,
      missing: allTransitionKeys.filter((k) => !coveredTransitions.has(k)).sort(),
    },
  });

  return {
    definition,
    paths,
    completenessProblems,
    assertComplete() {
      const problems = completenessProblems();
      if (problems.length) throw new Error(`${config.name} model is incomplete:\n  ${problems.join('\n  ')}`);
    },
    runPath,
    run() {
      const { states, transitions } = coverage();
      return {
        machine: config.name,
        paths: [...records],
        states: { walked: allStateIds.filter((id) => coveredStates.has(id)), unwalked: states.missing },
        transitions: {
          walked: allTransitionKeys.filter((k) => coveredTransitions.has(k)),
          unwalked: transitions.missing,
        },
      };
    },
    async runAll() {
      for (const path of paths) await runPath(path);
    },
    coverage,
  };
}

/**
 * Declares the vitest suite for one machine: a completeness test, one test per generated path (fresh render each),
 * a coverage test, and an afterAll that prints `model coverage <name>: states a/b, transitions c/d`.
 */
export function describeModel<TMachine extends AnyStateMachine>(config: ModelTestConfig<TMachine>): void {
  describe(`model ${config.name}`, () => {
    const harness = createModelHarness(config);
    it('has an assertion for every state and an executor for every event', () => harness.assertComplete());
    for (const path of harness.paths) it(path.description, () => harness.runPath(path));
    if (config.requireFullCoverage ?? true) {
      it('covers every state and transition', () => {
        const { states, transitions } = harness.coverage();
        expect({ states: states.missing, transitions: transitions.missing }).toEqual({ states: [], transitions: [] });
      });
    }
    afterAll(() => {
      recordCoverage(harness.coverage());
      writeMachineRun(harness.run());
    });
  });
}
