import { z } from 'zod';
import { defineCall, grant } from './call.ts';
import { trackerEntry } from './chat.ts';
import { idOrNewParam, idParam, idResponse, okResponse, scopeQuery } from './common.ts';
import { MAX_ROW_ID } from './row-id.ts';

/** Texts of spec 1 §5 and §8, verbatim. */
export const DUPLICIT_TEST_NAME = 'Duplicit test name, please change the test name!';
export const TEST_CREATED = 'Test created';
export const TEST_UPDATED = 'Test updated';
export const TESTS_COMPLETE = 'Tests complete!';
export const ALL_TESTS_OK = 'All tests successfully completed';
export const TESTS_UNSUCCESSFUL = 'Tests unsuccessfully complete!';
/** Ours: the spec says a new step needs a non-empty utterance without giving the words. */
export const STEP_INPUT_EMPTY = 'Utterance of a step cannot be empty';
export const TEST_NAME_REQUIRED = 'Test name cannot be empty';

/** Spec 1 §9: unique test names (new_test_N, {name}_copy_N) try N up to this. */
export const TEST_NAME_TRIES = 998;
export const TEST_STEPS_MAX = 200;
export const TEST_NAME_MAX = 120;

/** The result of a run that passed; anything else names the failing step and what differed. */
export const TEST_OK = 'ok';

/**
 * One step of a test (spec 1 §3): what the user says, the reactions expected to run (ids, or names), a
 * test expression (Jexl over `variables`, `entities`, `intent`, `confidence`, `scope`; empty: not checked)
 * and the actions expected to run (built-in or project action names). Expected reactions and actions
 * must each have run, in the order given; others may run besides them.
 */
export const testStep = z.object({
  input: z.string().trim().min(1, STEP_INPUT_EMPTY).max(2000),
  reactions: z
    .array(z.union([z.number().int(), z.string().trim().min(1).max(120)]))
    .max(20)
    .default([]),
  condition: z.string().max(2000).default(''),
  actions: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
});
export type TestStep = z.infer<typeof testStep>;
export type TestStepInput = z.input<typeof testStep>;

export const testBody = z.object({
  name: z.string().trim().min(1, TEST_NAME_REQUIRED).max(TEST_NAME_MAX),
  steps: z.array(testStep).max(TEST_STEPS_MAX),
});
export type TestBody = z.input<typeof testBody>;

/** A stored test. Its run state (unknown, pending, ok, error) lives in the browser's testRun machine. */
export const test = testBody.extend({ id: z.number().int() });
export type Test = z.infer<typeof test>;

const readQuery = scopeQuery.extend({ mtime: z.coerce.number().int().optional() });

export const getTests = defineCall({
  name: 'getTests',
  method: 'GET',
  path: '/tests',
  resource: '/tests',
  access: grant('GET', '/tests'),
  query: readQuery,
  response: z.array(test),
  summary: 'Every test of the project; with mtime, as they were at that time (microseconds).',
});

/** PUT /tests/-1 creates (answers the id), PUT /tests/{id} updates. */
export const saveTest = defineCall({
  name: 'saveTest',
  method: 'PUT',
  path: '/tests/:id',
  resource: '/tests',
  access: grant('PUT', '/tests/{id}'),
  params: idOrNewParam,
  query: scopeQuery,
  body: testBody,
  response: idResponse,
});

export const deleteTest = defineCall({
  name: 'deleteTest',
  method: 'DELETE',
  path: '/tests/:id',
  resource: '/tests',
  access: grant('PUT', '/tests/{id}'),
  params: idParam,
  query: scopeQuery,
  response: okResponse,
});

/** What one step did in the run: the reactions and actions that ran, and whether its checks held. */
export const stepOutcome = z.object({
  input: z.string(),
  /** Names of the reactions that ran for this message. */
  reactions: z.array(z.string()),
  /** Names of the actions that ran ('utter' for what the bot said). */
  actions: z.array(z.string()),
  intent: z.string().nullable(),
  confidence: z.number(),
  /** null: passed (or not reached); else what differed. */
  error: z.string().nullable(),
  reached: z.boolean(),
});
export type StepOutcome = z.infer<typeof stepOutcome>;

export const testRunResult = z.object({
  /** 'ok', or the first failure: which step and what differed. */
  result: z.string(),
  /** The conversation of the run (with intents and confidence), for the output tab. */
  tracker: z.array(trackerEntry),
  steps: z.array(stepOutcome),
  /** Index of the failing step (0-based), null when the test passed or failed before any step. */
  failed_step: z.number().int().nullable(),
  duration_ms: z.number(),
});
export type TestRunResult = z.infer<typeof testRunResult>;

/**
 * Runs the test's steps in a fresh, unstored conversation with the working draft, or with a deployment's frozen
 * bot (`deploymentId`: the production dialog's tests of the build on Testing, issue 34).
 */
export const runTest = defineCall({
  name: 'runTest',
  method: 'GET',
  path: '/run/test/:id',
  resource: '/run/test',
  access: grant('GET', '/run/test/{id}'),
  params: idParam,
  query: scopeQuery.extend({ deploymentId: z.coerce.number().int().min(1).max(MAX_ROW_ID).optional() }),
  response: testRunResult,
});

export interface TestVocabulary {
  reactions: { id: number; name: string }[];
  actions: string[];
}
