// Model-based test of the deployment modal: xstate/graph walks the deployModal chart, each path drives the real DeployModal.
import { Button, MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import {
  DEPLOY_WITHOUT_DIFF,
  DIFF_FAILED,
  DIFF_UNAVAILABLE_NOTE,
  DRAFT_NOT_TESTED,
  type DeployDiff,
  NO_TESTING_BUILD,
  SOURCE_DRAFT,
  SOURCE_TESTING,
  testsOnBuild,
  MODEL_STALE_NOTE,
  MODEL_TRAINING_NOTE,
} from '../../src/api/contract/deploy-diff.ts';
import {
  DEPLOY_FAILED,
  DEPLOY_MESSAGE_REQUIRED,
  DEPLOY_SUCCESS,
  type Deployment,
  TESTS_STILL_RUNNING,
} from '../../src/api/contract/deployments.ts';
import type { DeployInput, DeployTest, LoadDiffInput, RunTestsInput } from '../../src/machines/deployModal/actors.ts';
import type { DeployModalEvent } from '../../src/machines/deployModal/events.ts';
import { fromDeploymentId, messageValid, modelStale } from '../../src/machines/deployModal/guards.ts';
import { deployModalMachine } from '../../src/machines/deployModal/machine.ts';
import { DeployModal } from '../../src/ui/DeployModal.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';

const TEST: DeployTest = { id: 1, name: 'order_pizza' };
const ROLLBACK_ID = 7;
const deployed: Deployment = {
  id: 9,
  version: 1_700_000_000,
  created: '2026-01-01T00:00:00.000Z',
  users_id: 1,
  user_name: 'Administrator',
  project_env: 'prod',
  note: 'Fixed the greeting',
  rollback_of: null,
  live: true,
};
/** The build on Testing that QA tested (issue 34). */
const BUILD: Deployment = {
  id: 8,
  version: 1_699_990_000,
  created: '2026-01-01T00:00:00.000Z',
  users_id: 2,
  user_name: 'QA',
  project_env: 'dev',
  note: 'For QA',
  rollback_of: null,
  live: true,
};

const trainingStatus = {
  state: 'done' as const,
  job_id: 3,
  error: null,
  trained_at: '2026-01-01T00:00:00.000Z',
  evaluated_at: '2026-01-01T00:00:00.000Z',
  stale: false,
};
/** One reaction changed; the model is current; the draft goes live (Testing serves BUILD). */
const DIFF: DeployDiff = {
  env: 'prod',
  current_deployment_id: 4,
  rollback_of: null,
  source: 'draft',
  source_deployment_id: null,
  testing_build: BUILD,
  training: trainingStatus,
  resources: [
    {
      resource: 'reactions',
      label: 'Reactions',
      added: 0,
      changed: 1,
      removed: 0,
      truncated: 0,
      items: [
        {
          key: '5',
          name: 'opening_hours',
          change: 'changed',
          before: { id: 5, name: 'opening_hours', text: 'open' },
          after: { id: 5, name: 'opening_hours', text: 'closed' },
        },
      ],
    },
    { resource: 'intents', label: 'Intents', added: 0, changed: 0, removed: 0, truncated: 0, items: [] },
  ],
};
/** The same, with a draft model older than its intents. */
const STALE_DIFF: DeployDiff = { ...DIFF, training: { ...trainingStatus, stale: true } };
/** The build on Testing goes live: its frozen model, no training state. */
const PROMOTION_DIFF: DeployDiff = { ...DIFF, source: 'testing', source_deployment_id: BUILD.id, training: null };
/** Testing has no build yet: only the draft can go live. */
const NO_BUILD_DIFF: DeployDiff = { ...DIFF, testing_build: null };

const loadDiff = createDeferredActor<DeployDiff, LoadDiffInput>({ output: DIFF, error: new Error('offline') });
const train = createDeferredActor<void, undefined>({ output: undefined, error: new Error('Training failed') });
const loadTests = createDeferredActor<DeployTest[], unknown>({ output: [TEST], error: new Error('offline') });
const deploy = createDeferredActor<Deployment, DeployInput>({
  output: deployed,
  error: new Error('The language model is not trained'),
});
/** The fake runner: the model's test.running / test.settled events come through its sendBack, as the real one's do. */
const runner: { sendBack: ((event: DeployModalEvent) => void) | null; calls: RunTestsInput[] } = {
  sendBack: null,
  calls: [],
};
const runTests = fromCallback<{ type: 'never' }, RunTestsInput>(({ input, sendBack }) => {
  runner.calls.push(input);
  runner.sendBack = sendBack as (event: DeployModalEvent) => void;
  return () => {
    runner.sendBack = null;
  };
});

const notices: { title: string; message?: string }[] = [];
const machine = deployModalMachine.provide({
  actors: { loadDiff: loadDiff.logic, train: train.logic, loadTests: loadTests.logic, deploy: deploy.logic, runTests },
  actions: {
    notify: (_, params) => notices.push(params),
    notifyFailure: (_, params) => notices.push({ title: params.title, message: (params.error as Error).message }),
  },
});

const fromRunner = (event: DeployModalEvent) =>
  act(() => {
    if (!runner.sendBack) throw new Error('the tests are not running');
    runner.sendBack(event);
  });
const textarea = () => screen.getByLabelText('Commit message');

const executors = {
  // The openers live in the top bar and on the deployments screen; here plain buttons stand for them.
  'deploy.open': ({ user, event }) =>
    user.click(
      screen.getByRole('button', {
        name: event.rollbackOf
          ? `Rollback ${event.rollbackOf}`
          : event.env === 'prod'
            ? 'Open production'
            : 'Open testing',
      }),
    ),
  'message.change': ({ event }) => fireEvent.change(textarea(), { target: { value: event.message } }),
  'deploy.submit': async ({ user }) => {
    textarea().focus();
    await user.keyboard('{Control>}{Enter}{/Control}');
  },
  'deploy.anyway': ({ user }) => user.click(screen.getByRole('button', { name: 'Deploy anyway' })),
  'deploy.cancel': ({ user }) => user.click(screen.getByRole('button', { name: 'Cancel' })),
  'diff.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Retry' })),
  'diff.skip': ({ user }) => user.click(screen.getByRole('button', { name: DEPLOY_WITHOUT_DIFF })),
  'deploy.train': ({ user }) => user.click(screen.getByRole('button', { name: 'Train first' })),
  'test.running': ({ event }) => fromRunner(event),
  'test.settled': ({ event }) => fromRunner(event),
  // Without a loaded diff naming a build on Testing there is no choice on screen, and the chart takes none.
  'source.choose': async ({ user, event, previous }) => {
    const radio = screen.queryByRole('radio', { name: event.source === 'testing' ? SOURCE_TESTING : SOURCE_DRAFT });
    if (radio) await user.click(radio);
    else expect(previous.can(event)).toBe(false);
  },
} satisfies ModelExecutors<typeof machine>;

const title = (text: string) => expect(screen.getByRole('dialog')).toHaveTextContent(text);
const badge = () => screen.getByRole('row', { name: `Test ${TEST.name}` });
/**
 * The diff is shown: the one changed reaction, expandable to the diff viewer; the stale model says so. Without it
 * ('Deploy without it' after a failed load) the modal says it is unavailable, with the reason.
 */
const diffShown = (c: { diff: DeployDiff | null; rollbackOf: number | null }) => {
  if (c.diff === null) {
    expect(screen.getByText(DIFF_UNAVAILABLE_NOTE)).toBeInTheDocument();
    expect(screen.getByText('offline')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reactions/ })).toBeNull();
    return;
  }
  expect(screen.queryByText(DIFF_UNAVAILABLE_NOTE)).toBeNull();
  expect(screen.getByRole('button', { name: 'Reactions: 1 changed' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Intents/ })).toBeNull();
  if (modelStale(c.diff)) expect(screen.getByText(MODEL_STALE_NOTE)).toBeInTheDocument();
  else expect(screen.queryByText(MODEL_STALE_NOTE)).toBeNull();
};
/**
 * Production (issue 34): the build on Testing or the draft, the chosen one checked; the draft warns it was not
 * deployed to Testing; without a testing build only the draft is offered. Testing and rollbacks choose nothing.
 */
const sourceShown = (c: { env: string; rollbackOf: number | null; diff: DeployDiff | null }) => {
  if (c.env !== 'prod' || c.rollbackOf !== null) {
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByText(DRAFT_NOT_TESTED)).toBeNull();
    return;
  }
  if (c.diff === null) {
    expect(screen.getByText(DRAFT_NOT_TESTED)).toBeInTheDocument();
    return;
  }
  if (c.diff.testing_build === null) {
    expect(screen.getByText(NO_TESTING_BUILD)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    return;
  }
  const testing = screen.getByRole('radio', { name: SOURCE_TESTING });
  expect(screen.getByText(/^Deployment 8 · .* · QA · “For QA”$/)).toBeInTheDocument();
  if (c.diff.source === 'testing') {
    expect(testing).toBeChecked();
    expect(screen.queryByText(DRAFT_NOT_TESTED)).toBeNull();
  } else {
    expect(screen.getByRole('radio', { name: SOURCE_DRAFT })).toBeChecked();
    expect(screen.getByText(DRAFT_NOT_TESTED)).toBeInTheDocument();
  }
};

const states: StateAssertions<typeof machine> = {
  closed: () => {
    expect(screen.queryByRole('dialog')).toBeNull();
    if (deploy.calls.length && notices.at(-1)?.title === DEPLOY_SUCCESS)
      expect(deploy.calls.at(-1)?.message).toBeDefined();
  },
  loadingDiff: (state) => {
    expect(screen.getByText('Comparing with what the environment serves…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deploy' })).toBeDisabled();
    expect(loadDiff.calls.at(-1)).toEqual({
      env: state.context.env,
      rollbackOf: state.context.rollbackOf,
      source: state.context.source,
    });
  },
  diffFailed: () => {
    expect(screen.getByText(DIFF_FAILED)).toBeInTheDocument();
    // The reason, and the way on without the diff; Deploy itself waits for that choice.
    expect(screen.getByText('offline')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: DEPLOY_WITHOUT_DIFF })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Deploy' })).toBeDisabled();
  },
  training: () => {
    expect(screen.getByText(MODEL_TRAINING_NOTE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deploy' })).toBeDisabled();
    expect(train.pending).toBe(1);
  },
  loadingTests: (state) => {
    title('Deploy to production');
    diffShown(state.context);
    expect(screen.getByText(TESTS_STILL_RUNNING)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deploy' })).toBeDisabled();
  },
  testing: (state) => {
    title('Deploy to production');
    diffShown(state.context);
    expect(screen.getByText(TESTS_STILL_RUNNING)).toBeInTheDocument();
    expect(badge()).toHaveTextContent(state.context.tests[0].status);
    expect(screen.getByRole('button', { name: 'Deploy' })).toBeDisabled();
    sourceShown(state.context);
    // A promotion's tests run on the build on Testing, never on the draft.
    const build = fromDeploymentId(state.context.env, null, state.context.diff);
    expect(runner.calls.at(-1)).toEqual({ tests: [TEST], deploymentId: build });
    if (build !== null) expect(screen.getByText(testsOnBuild(build))).toBeInTheDocument();
    else expect(screen.queryByText(/the build on Testing\.$/)).toBeNull();
  },
  blocked: (state) => {
    diffShown(state.context);
    expect(badge()).toHaveTextContent('failed');
    expect(screen.getByRole('button', { name: 'Deploy anyway' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deploy' })).toBeNull();
    expect(screen.queryByText(TESTS_STILL_RUNNING)).toBeNull();
  },
  ready: (state) => {
    const c = state.context;
    title(
      c.rollbackOf !== null
        ? `Rollback to version ${ROLLBACK_ID}`
        : c.env === 'prod'
          ? 'Deploy to production'
          : 'Deploy to testing',
    );
    diffShown(c);
    sourceShown(c);
    expect(screen.getByRole('button', { name: 'Deploy' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Train first' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deploy anyway' })).toBeNull();
    expect(textarea()).toHaveValue(c.message);
    if (c.rollbackOf !== null) expect(screen.queryByRole('table')).toBeNull();
    if (c.touched && !messageValid(c.env, c.message))
      expect(screen.getByText(DEPLOY_MESSAGE_REQUIRED)).toBeInTheDocument();
    else expect(screen.queryByText(DEPLOY_MESSAGE_REQUIRED)).toBeNull();
    if (notices.at(-1)?.title === DEPLOY_FAILED)
      expect(notices.at(-1)?.message).toBe('The language model is not trained');
  },
  untrained: (state) => {
    diffShown(state.context);
    expect(screen.getByRole('button', { name: 'Deploy' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Train first' })).toBeEnabled();
    expect(textarea()).toHaveValue(state.context.message);
  },
  deploying: (state) => {
    expect(screen.getByRole('button', { name: 'Deploy' })).toHaveAttribute('data-loading', 'true');
    expect(deploy.calls.at(-1)).toEqual({
      env: state.context.env,
      message: state.context.message,
      rollbackOf: state.context.rollbackOf,
      fromDeploymentId: fromDeploymentId(state.context.env, state.context.rollbackOf, state.context.diff),
    });
  },
};

describeModel({
  name: 'deployModal',
  machine,
  render: (m) => {
    notices.length = 0;
    runner.calls = [];
    const actor = createActor(m).start();
    render(
      <MantineProvider env="test">
        <Button onClick={() => actor.send({ type: 'deploy.open', env: 'dev' })}>Open testing</Button>
        <Button onClick={() => actor.send({ type: 'deploy.open', env: 'prod' })}>Open production</Button>
        <Button onClick={() => actor.send({ type: 'deploy.open', env: 'prod', rollbackOf: ROLLBACK_ID })}>
          Rollback {ROLLBACK_ID}
        </Button>
        <DeployModal actor={actor} />
      </MantineProvider>,
    );
    return { actor };
  },
  executors,
  states,
  invokes: { loadDiff, train, loadTests, deploy },
  events: [
    { type: 'deploy.open', env: 'dev' },
    { type: 'deploy.open', env: 'prod' },
    { type: 'deploy.open', env: 'prod', rollbackOf: ROLLBACK_ID },
    { type: 'message.change', message: 'Fixed the greeting' },
    { type: 'test.running', id: TEST.id },
    { type: 'test.settled', id: TEST.id, ok: true, result: 'ok' },
    {
      type: 'test.settled',
      id: TEST.id,
      ok: false,
      result: 'Step 1 ("hi"): expected reaction greeting, but ran fallback',
    },
    { type: 'xstate.done.actor.loadDiff', output: DIFF } as never,
    { type: 'xstate.done.actor.loadDiff', output: STALE_DIFF } as never,
    // The walk's fake server answers with the draft (the build on Testing offered beside it); the promotion itself
    // is walked step by step below.
    { type: 'source.choose', source: 'testing' },
    { type: 'xstate.done.actor.loadTests', output: [TEST] } as never,
    { type: 'xstate.done.actor.loadTests', output: [] } as never,
  ],
  serializeContext: (c) => ({
    env: c.env,
    rollbackOf: c.rollbackOf,
    message: c.message,
    touched: c.touched,
    stale: modelStale(c.diff),
    diff: c.diff === null ? 'none' : 'loaded',
    tests: c.tests.map((t) => t.status),
  }),
  // The shortest path to each state and to each transition (every one covered): the walk had grown to hundreds of
  // paths (issue 34), minutes of the suite's budget for no more coverage.
  paths: 'perTransition',
});

describe('promotion of the build on Testing (issue 34)', () => {
  const open = () => {
    notices.length = 0;
    runner.calls = [];
    loadDiff.reset();
    loadTests.reset();
    deploy.reset();
    const actor = createActor(machine).start();
    render(
      <MantineProvider env="test">
        <DeployModal actor={actor} />
      </MantineProvider>,
    );
    act(() => actor.send({ type: 'deploy.open', env: 'prod' }));
    return actor;
  };

  it('offers the build on Testing first, runs the tests on it and deploys exactly it; the draft warns', async () => {
    const actor = open();
    expect(loadDiff.calls.at(-1)).toEqual({ env: 'prod', rollbackOf: null, source: 'testing' });
    await act(async () => loadDiff.resolve(PROMOTION_DIFF));
    await act(async () => loadTests.resolve([TEST]));
    expect(runner.calls.at(-1)).toEqual({ tests: [TEST], deploymentId: BUILD.id });
    expect(screen.getByText(testsOnBuild(BUILD.id))).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: SOURCE_TESTING })).toBeChecked();
    expect(screen.queryByText(DRAFT_NOT_TESTED)).toBeNull();
    await fromRunner({ type: 'test.settled', id: TEST.id, ok: true, result: 'ok' });
    expect(actor.getSnapshot().value).toBe('ready');

    // The draft instead: the diff and the tests load again for it, and the dialog warns.
    fireEvent.click(screen.getByRole('radio', { name: SOURCE_DRAFT }));
    expect(loadDiff.calls.at(-1)).toEqual({ env: 'prod', rollbackOf: null, source: 'draft' });
    await act(async () => loadDiff.resolve(DIFF));
    await act(async () => loadTests.resolve([TEST]));
    expect(runner.calls.at(-1)).toEqual({ tests: [TEST], deploymentId: null });
    expect(screen.getByText(DRAFT_NOT_TESTED)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: SOURCE_DRAFT })).toBeChecked();

    // And back to the build: what is deployed is its id, never the draft.
    fireEvent.click(screen.getByRole('radio', { name: SOURCE_TESTING }));
    await act(async () => loadDiff.resolve(PROMOTION_DIFF));
    await act(async () => loadTests.resolve([TEST]));
    await fromRunner({ type: 'test.settled', id: TEST.id, ok: true, result: 'ok' });
    fireEvent.change(textarea(), { target: { value: 'Release what QA tested' } });
    fireEvent.click(screen.getByRole('button', { name: 'Deploy' }));
    expect(deploy.calls.at(-1)).toEqual({
      env: 'prod',
      message: 'Release what QA tested',
      rollbackOf: null,
      fromDeploymentId: BUILD.id,
    });
    const done: unknown[] = [];
    actor.on('deploy.done', (event) => done.push(event));
    await act(async () => deploy.resolve({ ...deployed, rollback_of: BUILD.id }));
    expect(done).toEqual([{ type: 'deploy.done', env: 'prod', deployment: { ...deployed, rollback_of: BUILD.id } }]);
    actor.stop();
  });

  it('without a build on Testing offers only the draft, and says why', async () => {
    const actor = open();
    await act(async () => loadDiff.resolve(NO_BUILD_DIFF));
    expect(screen.getByText(NO_TESTING_BUILD)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(actor.getSnapshot().can({ type: 'source.choose', source: 'testing' })).toBe(false);
    actor.stop();
  });
});
