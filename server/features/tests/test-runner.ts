import { availableParallelism } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { TrackerEntry } from '../../../src/api/contract/chat.ts';
import { TEST_OK, type StepOutcome, type TestRunResult, type TestStep } from '../../../src/api/contract/tests.ts';
import type { BotSnapshot } from '../../chat/bot-snapshot.ts';
import { evaluateCondition } from '../../chat/condition.ts';
import type { ConversationState } from '../../chat/conversation-state.ts';
import { type TurnHooks, runTurn } from '../../chat/run-turn.ts';
import { callWebhook } from '../../webhook/call-webhook.ts';
import { loadKnowledgeIndex } from '../../knowledge/index.ts';
import type { KnowledgeIndex, SerializedKnowledgeIndex } from '../../knowledge/types.ts';
import { NluModel, loadModel } from '../../nlu/index.ts';

/**
 * Runs a test (spec 1 §3–§4) in a fresh conversation that is never stored: the opening turn, then each
 * step's input through the same runtime as the chat (`runTurn`), checking after each message the
 * expected reactions and actions (each must have run, in the given order) and the test expression.
 * The first difference ends the run and names its step.
 *
 * Runs go to a pool of worker threads (one per core, at most 4), so "Run all" uses every core while the
 * server's event loop stays free; each thread keeps the models it loaded, keyed by their stored version.
 */

/** What a run needs of the bot besides the model: plain data, so it can travel to a worker thread. */
export type BotConfiguration = Omit<BotSnapshot, 'model' | 'env' | 'deploymentId'>;

export interface RunRequest {
  configuration: BotConfiguration;
  /** The model's bytes (shared, not copied, with the threads) and a key that changes when they do. */
  model: { key: string; bytes: Uint8Array } | null;
  /**
   * The knowledge index as plain JSON (an index object holds functions, which cannot travel to a thread) and a key
   * that changes when it does; `configuration.knowledge.index` is null in the request.
   */
  knowledgeIndex: { key: string; json: SerializedKnowledgeIndex } | null;
  steps: TestStep[];
}

const clip = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const quoted = (list: readonly string[]) => (list.length ? list.join(', ') : 'none');

/** Whether `expected` occurs in `actual` in order (others may run in between). */
function inOrder(expected: readonly string[], actual: readonly string[]): string | null {
  let at = 0;
  for (const want of expected) {
    const found = actual.indexOf(want, at);
    if (found < 0) return want;
    at = found + 1;
  }
  return null;
}

const stepHooks: TurnHooks = {
  // A test's messages are not fallbacks people should classify, and nothing is stored.
  countUnclassified: async () => {},
  checkpoint: async () => {},
  callWebhook,
};

/** The run itself, on a snapshot: pure but for webhooks the bot may call. */
export async function runTestSteps(snapshot: BotSnapshot, steps: readonly TestStep[]): Promise<TestRunResult> {
  const started = performance.now();
  const tracker: TrackerEntry[] = [];
  let state: ConversationState = {
    variables: {},
    scopeId: null,
    projects: [snapshot.projectId],
    timers: {},
    ended: false,
  };
  let lastTs = 0;
  const turn = async (input: Parameters<typeof runTurn>[4]) => {
    const result = await runTurn(snapshot, 0, state, lastTs, input, stepHooks);
    state = result.state;
    tracker.push(...result.entries);
    lastTs = result.entries.at(-1)?.timestamp ?? lastTs;
    return result.entries;
  };
  const outcomes: StepOutcome[] = steps.map((s) => ({
    input: s.input,
    reactions: [],
    actions: [],
    intent: null,
    confidence: 0,
    error: null,
    reached: false,
  }));
  const finish = (result: string, failed: number | null): TestRunResult => ({
    result,
    tracker,
    steps: outcomes,
    failed_step: failed,
    duration_ms: Math.round((performance.now() - started) * 10) / 10,
  });

  await turn({ kind: 'start' });
  const reactionNames = new Map(snapshot.reactions.map((r) => [r.id, r.name]));
  for (const [index, step] of steps.entries()) {
    const outcome = outcomes[index];
    const where = `Step ${index + 1} ("${clip(step.input)}")`;
    outcome.reached = true;
    const fail = (message: string) => {
      outcome.error = message;
      return finish(`${where}: ${message}`, index);
    };
    if (state.ended) return fail('the conversation had already ended');
    const entries = await turn({ kind: 'message', text: step.input });
    const intentEntry = entries.find((e) => e.type === 'intent');
    outcome.intent = intentEntry?.value ?? null;
    outcome.confidence = Number(intentEntry?.args.confidence ?? 0);
    outcome.reactions = entries.filter((e) => e.type === 'reaction').map((e) => e.value ?? '');
    outcome.actions = entries
      .filter((e) => e.type === 'action' || (e.type === 'utter' && e.args.who === 'bot'))
      .map((e) => (e.type === 'utter' ? 'utter' : (e.value ?? '')));

    const expectedReactions = step.reactions.map((r) =>
      typeof r === 'number' ? (reactionNames.get(r) ?? `#${r}`) : r,
    );
    const missingReaction = inOrder(expectedReactions, outcome.reactions);
    if (missingReaction !== null) {
      return fail(
        `expected reaction ${missingReaction}, but ran ${quoted(outcome.reactions)} (intent ${outcome.intent ?? 'none'}, confidence ${outcome.confidence.toFixed(2)})`,
      );
    }
    const missingAction = inOrder(step.actions, outcome.actions);
    if (missingAction !== null) {
      return fail(`expected action ${missingAction}, but ran ${quoted(outcome.actions)}`);
    }
    if (step.condition.trim()) {
      let holds: boolean;
      try {
        holds = evaluateCondition(step.condition, {
          variables: state.variables,
          entities: Object.fromEntries(
            ((intentEntry?.args.entities ?? []) as { name: string; value: unknown }[]).map((e) => [e.name, e.value]),
          ),
          intent: outcome.intent,
          confidence: outcome.confidence,
          scope: snapshot.scopes.find((s) => s.id === state.scopeId)?.name ?? null,
        });
      } catch (error) {
        return fail(`the test expression ${step.condition} failed: ${error instanceof Error ? error.message : error}`);
      }
      if (!holds) {
        return fail(
          `the test expression ${step.condition} is false (intent ${outcome.intent ?? 'none'}, variables ${clip(JSON.stringify(state.variables), 120)})`,
        );
      }
    }
  }
  return finish(TEST_OK, null);
}

// ---- the worker threads ----

const WORKER_ROLE = 'test-runner';
const MODELS_PER_THREAD = 16;

interface Job {
  id: number;
  request: RunRequest;
}
type Answer = { id: number; result: TestRunResult } | { id: number; error: string };

/** A model built from shared bytes once per key (per thread). */
const models = new Map<string, NluModel>();
function modelFor(request: RunRequest): NluModel | null {
  if (!request.model) return null;
  let model = models.get(request.model.key);
  if (!model) {
    const trained = loadModel(request.model.bytes);
    // As the draft does: the project's current entities over the trained parts.
    model = new NluModel({ ...trained.parts, entities: request.configuration.entities });
    models.set(request.model.key, model);
    if (models.size > MODELS_PER_THREAD) models.delete(models.keys().next().value as string);
  }
  return model;
}

/** A knowledge index loaded once per key (per thread). */
const knowledgeIndexes = new Map<string, KnowledgeIndex>();
function knowledgeIndexFor(request: RunRequest): KnowledgeIndex | null {
  if (!request.knowledgeIndex) return null;
  let index = knowledgeIndexes.get(request.knowledgeIndex.key);
  if (!index) {
    index = loadKnowledgeIndex(request.knowledgeIndex.json);
    knowledgeIndexes.set(request.knowledgeIndex.key, index);
    if (knowledgeIndexes.size > MODELS_PER_THREAD)
      knowledgeIndexes.delete(knowledgeIndexes.keys().next().value as string);
  }
  return index;
}

export function runRequest(request: RunRequest): Promise<TestRunResult> {
  const { knowledge } = request.configuration;
  const snapshot: BotSnapshot = {
    ...request.configuration,
    knowledge: knowledge && { ...knowledge, index: knowledgeIndexFor(request) },
    env: 'draft',
    deploymentId: null,
    model: modelFor(request),
  };
  return runTestSteps(snapshot, request.steps);
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === WORKER_ROLE) {
  parentPort?.on('message', async (job: Job) => {
    let answer: Answer;
    try {
      answer = { id: job.id, result: await runRequest(job.request) };
    } catch (error) {
      answer = { id: job.id, error: error instanceof Error ? error.message : String(error) };
    }
    parentPort?.postMessage(answer);
  });
}

interface PoolThread {
  worker: Worker;
  busy: number;
}

/**
 * A small pool: each run goes to the least busy thread. A thread that dies is replaced; its runs fail
 * with a message (the browser shows it as the test's result).
 */
export class TestRunnerPool {
  private readonly size: number;
  private threads: PoolThread[] = [];
  private readonly waiting = new Map<
    number,
    { thread: PoolThread; resolve: (r: TestRunResult) => void; reject: (e: Error) => void }
  >();
  private nextId = 1;

  constructor(size = Math.max(1, Math.min(4, availableParallelism()))) {
    this.size = size;
  }

  get threadCount(): number {
    return this.size;
  }

  run(request: RunRequest): Promise<TestRunResult> {
    const thread = this.pick();
    const id = this.nextId++;
    thread.busy++;
    return new Promise<TestRunResult>((resolve, reject) => {
      this.waiting.set(id, { thread, resolve, reject });
      thread.worker.postMessage({ id, request } satisfies Job);
    });
  }

  async close(): Promise<void> {
    const threads = this.threads;
    this.threads = [];
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }

  private pick(): PoolThread {
    if (this.threads.length < this.size) {
      const least = this.threads.find((t) => t.busy === 0);
      if (least) return least;
      return this.spawn();
    }
    return this.threads.reduce((a, b) => (b.busy < a.busy ? b : a));
  }

  private spawn(): PoolThread {
    const worker = new Worker(new URL(import.meta.url), { workerData: { role: WORKER_ROLE } });
    worker.unref();
    const thread: PoolThread = { worker, busy: 0 };
    worker.on('message', (answer: Answer) => {
      const entry = this.waiting.get(answer.id);
      if (!entry) return;
      this.waiting.delete(answer.id);
      thread.busy--;
      if ('error' in answer) entry.reject(new Error(answer.error));
      else entry.resolve(answer.result);
    });
    const fail = (error: Error) => {
      this.threads = this.threads.filter((t) => t !== thread);
      for (const [id, entry] of this.waiting) {
        if (entry.thread !== thread) continue;
        this.waiting.delete(id);
        entry.reject(error);
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The test runner thread stopped (${code}).`)));
    this.threads.push(thread);
    return thread;
  }
}

/** Copies bytes into shared memory once, so every run hands the threads the same buffer without copying. */
export function sharedBytes(bytes: Uint8Array): Uint8Array {
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  shared.set(bytes);
  return shared;
}
