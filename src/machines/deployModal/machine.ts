import type { DoneActorEvent, ErrorActorEvent, OutputFrom } from 'xstate';
import { and, assign, emit, setup } from 'xstate';
import type { DeployDiff } from '../../api/contract/deploy-diff.ts';
import type { Notice } from '../../api/contract/notice.ts';
import { DEPLOY_FAILED, DEPLOY_SUCCESS, rollbackMessage } from '../../api/contract/deployments.ts';
import { type DeployTest, deployModalActors } from './actors.ts';
import type { DeployEnv, DeployModalEmitted, DeployModalEvent, DeploySource, DeployTestStatus } from './events.ts';
import { currentSource, fromDeploymentId, messageValid, modelStale, offersSource } from './guards.ts';

export interface DeployModalContext {
  env: DeployEnv;
  rollbackOf: number | null;
  /** Production: what should go live; the diff says what does (the draft when Testing has no build). */
  source: DeploySource;
  message: string;
  tests: (DeployTest & { status: DeployTestStatus; result: string | null })[];
  /** Deploy was pressed: show the message's problem. */
  touched: boolean;
  /** What the deploy (or rollback) changes in the environment, per resource; null until loaded. */
  diff: DeployDiff | null;
  /** Why the diff could not be loaded (the server's message), shown until it loads. */
  diffError: string | null;
}

/** The build on Testing or the draft, chosen in the production dialog: what goes live loads again. */
const chooseSource = {
  guard: {
    type: 'otherSource',
    params: ({ event }: { event: Extract<DeployModalEvent, { type: 'source.choose' }> }) => event,
  },
  target: 'loadingDiff',
  actions: {
    type: 'chooseSource',
    params: ({ event }: { event: Extract<DeployModalEvent, { type: 'source.choose' }> }) => event,
  },
} as const;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The deployment modal (spec 1 §2, §4, §5): for production (not rollback) the tests run first, each running
 * then ok or failed; while they run the modal says so; a failure hides Deploy until 'Deploy anyway'.
 * Production needs a 3-character message; a rollback's is pre-filled. Deploying calls GET /run/deploy.
 * First it loads what would go live (GET /run/deploy/diff, per resource, with the draft model's training state);
 * a stale model blocks Deploy and offers 'Train first', after which the diff and the tests load again. When the diff
 * cannot be loaded the modal says so, with Retry and 'Deploy without it' (the tests still run for production).
 * Production takes the build on Testing by default (issue 34: what QA tested, its tests run on that build, the
 * server deploys its frozen copy) or, when chosen, the current draft; choosing loads the diff and the tests again.
 */
export const deployModalMachine = setup({
  types: {
    context: {} as DeployModalContext,
    events: {} as DeployModalEvent,
    emitted: {} as DeployModalEmitted,
  },
  actors: deployModalActors,
  guards: {
    runsTests: ({ context }) => context.env === 'prod' && context.rollbackOf === null,
    modelStale: ({ context }) => modelStale(context.diff),
    hasTests: (_, params: { tests: DeployTest[] }) => params.tests.length > 0,
    allSettled: ({ context }) => context.tests.every((t) => t.status === 'ok' || t.status === 'failed'),
    anyFailedAndSettled: ({ context }) =>
      context.tests.every((t) => t.status === 'ok' || t.status === 'failed') &&
      context.tests.some((t) => t.status === 'failed'),
    messageValid: ({ context }) => messageValid(context.env, context.message),
    /** Production with a build on Testing, and the other choice than what the diff shows. */
    otherSource: ({ context }, params: { source: DeploySource }) =>
      offersSource(context.env, context.rollbackOf, context.diff) && params.source !== currentSource(context.diff),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    /** A failure's one toast, unless the client's table already told the user (409, an expired session). */
    notifyFailure: (_, _params: { error: unknown; title: string }) => {},
    open: assign(({ event }) => {
      if (event.type !== 'deploy.open') return {};
      const rollbackOf = event.rollbackOf ?? null;
      return {
        env: rollbackOf !== null ? ('prod' as const) : event.env,
        rollbackOf,
        source: rollbackOf === null && event.env === 'prod' ? ('testing' as const) : ('draft' as const),
        message: rollbackOf !== null ? rollbackMessage(rollbackOf) : '',
        tests: [],
        touched: false,
        diff: null,
        diffError: null,
      };
    }),
    /** A diff that failed to load again is unknown: the earlier one (before 'Train first') no longer holds. */
    rememberDiffError: assign({ diff: null, diffError: (_, event: ErrorActorEvent) => messageOf(event.error) }),
    setMessage: assign({
      message: ({ context, event }) => (event.type === 'message.change' ? event.message : context.message),
    }),
    storeDiff: assign({
      diff: (_, event: DoneActorEvent<OutputFrom<(typeof deployModalActors)['loadDiff']>>) => event.output,
      diffError: null,
      tests: [],
    }),
    storeTests: assign({
      tests: (_, event: DoneActorEvent<OutputFrom<(typeof deployModalActors)['loadTests']>>) =>
        event.output.map((t) => ({ ...t, status: 'pending' as const, result: null })),
    }),
    rememberTests: assign({
      tests: ({ context }, event: Extract<DeployModalEvent, { type: 'test.running' }>) =>
        context.tests.map((t) => (t.id === event.id ? { ...t, status: 'running' as const } : t)),
    }),
    rememberTestsOnTestSettled: assign({
      tests: ({ context }, event: Extract<DeployModalEvent, { type: 'test.settled' }>) =>
        context.tests.map((t) =>
          t.id === event.id
            ? { ...t, status: event.ok ? ('ok' as const) : ('failed' as const), result: event.result }
            : t,
        ),
    }),
    resetTouched: assign({ touched: true }),
    chooseSource: assign({
      source: (_, event: Extract<DeployModalEvent, { type: 'source.choose' }>) => event.source,
      tests: [],
    }),
  },
}).createMachine({
  id: 'deployModal',
  description: "Deploy to testing or production, or roll back: commit message, test gate and 'Deploy anyway'.",
  context: {
    env: 'dev',
    rollbackOf: null,
    source: 'draft',
    message: '',
    tests: [],
    touched: false,
    diff: null,
    diffError: null,
  },
  initial: 'closed',
  states: {
    closed: {
      description: 'No modal.',
      on: {
        'deploy.open': { target: 'loadingDiff', actions: 'open' },
      },
    },
    loadingDiff: {
      description: 'GET /run/deploy/diff: what goes live, per resource, and the training state of the draft model.',
      tags: ['diffLoading'],
      invoke: {
        id: 'loadDiff',
        src: 'loadDiff',
        input: ({ context }) => ({ env: context.env, rollbackOf: context.rollbackOf, source: context.source }),
        onDone: [
          {
            guard: 'runsTests',
            target: 'loadingTests',
            actions: { type: 'storeDiff', params: ({ event }) => event },
          },
          {
            guard: ({ event }) => modelStale(event.output),
            target: 'untrained',
            actions: { type: 'storeDiff', params: ({ event }) => event },
          },
          { target: 'ready', actions: { type: 'storeDiff', params: ({ event }) => event } },
        ],
        onError: { target: 'diffFailed', actions: { type: 'rememberDiffError', params: ({ event }) => event } },
      },
      on: { 'message.change': { actions: 'setMessage' }, 'deploy.cancel': 'closed' },
    },
    diffFailed: {
      description:
        "The diff could not be loaded and the modal says so: Retry, or 'Deploy without it' (production's tests still run).",
      on: {
        'diff.retry': 'loadingDiff',
        'diff.skip': [{ guard: 'runsTests', target: 'loadingTests' }, { target: 'ready' }],
        'message.change': { actions: 'setMessage' },
        'deploy.cancel': 'closed',
      },
    },
    training: {
      description: "'Train first': the draft model trains; then the diff (and the tests) load again.",
      tags: ['training'],
      invoke: {
        id: 'train',
        src: 'train',
        input: () => undefined,
        onDone: { target: 'loadingDiff' },
        onError: {
          target: 'loadingDiff',
          // One toast: a refused training call was told by the client's table already.
          actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error, title: 'Error!' }) },
        },
      },
      on: { 'message.change': { actions: 'setMessage' }, 'deploy.cancel': 'closed' },
    },
    loadingTests: {
      description: 'GET /tests: production runs them before deploying.',
      tags: ['testing'],
      invoke: {
        id: 'loadTests',
        src: 'loadTests',
        onDone: [
          {
            guard: { type: 'hasTests', params: ({ event }) => ({ tests: event.output }) },
            target: 'testing',
            actions: { type: 'storeTests', params: ({ event }) => event },
          },
          { guard: 'modelStale', target: 'untrained' },
          { target: 'ready' },
        ],
        onError: [{ guard: 'modelStale', target: 'untrained' }, { target: 'ready' }],
      },
      on: { 'message.change': { actions: 'setMessage' }, 'deploy.cancel': 'closed' },
    },
    testing: {
      description: "Each test goes running, then ok or failed. 'There are still running tests! Please wait.'",
      tags: ['testing'],
      invoke: {
        id: 'runTests',
        src: 'runTests',
        input: ({ context }) => ({
          tests: context.tests.map(({ id, name }) => ({ id, name })),
          deploymentId: fromDeploymentId(context.env, null, context.diff),
        }),
      },
      always: [
        { guard: 'anyFailedAndSettled', target: 'blocked' },
        { guard: and(['allSettled', 'modelStale']), target: 'untrained' },
        { guard: 'allSettled', target: 'ready' },
      ],
      on: {
        'test.running': {
          actions: { type: 'rememberTests', params: ({ event }) => event },
        },
        'test.settled': {
          actions: { type: 'rememberTestsOnTestSettled', params: ({ event }) => event },
        },
        'message.change': { actions: 'setMessage' },
        'source.choose': chooseSource,
        'deploy.cancel': 'closed',
      },
    },
    blocked: {
      description: "A test failed: Deploy is hidden until 'Deploy anyway'.",
      on: {
        'deploy.anyway': [{ guard: 'modelStale', target: 'untrained' }, { target: 'ready' }],
        'message.change': { actions: 'setMessage' },
        'source.choose': chooseSource,
        'deploy.cancel': 'closed',
      },
    },
    untrained: {
      description: "The draft's model is older than its intents: Deploy is disabled, 'Train first' is offered.",
      on: {
        'deploy.train': 'training',
        'message.change': { actions: 'setMessage' },
        'source.choose': chooseSource,
        'deploy.cancel': 'closed',
      },
    },
    ready: {
      description: 'The commit message; Deploy (or Ctrl+Enter).',
      on: {
        'message.change': { actions: 'setMessage' },
        'deploy.submit': [{ guard: 'messageValid', target: 'deploying' }, { actions: 'resetTouched' }],
        'source.choose': chooseSource,
        'deploy.cancel': 'closed',
      },
    },
    deploying: {
      description: 'GET /run/deploy.',
      tags: ['loading'],
      invoke: {
        id: 'deploy',
        src: 'deploy',
        input: ({ context }) => ({
          env: context.env,
          message: context.message,
          rollbackOf: context.rollbackOf,
          fromDeploymentId: fromDeploymentId(context.env, context.rollbackOf, context.diff),
        }),
        onDone: {
          target: 'closed',
          actions: [
            { type: 'notify', params: { title: DEPLOY_SUCCESS, color: 'green' } },
            emit(({ context, event }) => ({
              type: 'deploy.done' as const,
              env: context.env,
              deployment: event.output,
            })),
          ],
        },
        onError: {
          target: 'ready',
          actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error, title: DEPLOY_FAILED }) },
        },
      },
    },
  },
});
