// Model-based tests of the knowledge base's job chart, walked twice against its two real views: the reindex panel
// of /app/knowledge and the evaluation panel of /app/qa-trainings (status read, job queued, polled, done or failed).
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { type ActorRefFrom, createActor } from 'xstate';
import { KNOWLEDGE_TOASTS, type ReindexStatus } from '../../src/api/contract/knowledges.ts';
import { QA_TOASTS, type QaEvaluationResult, type QaEvaluationStatus } from '../../src/api/contract/qa-trainings.ts';
import type { JobAnswer } from '../../src/machines/knowledgeJob/actors.ts';
import { knowledgeJobMachine } from '../../src/machines/knowledgeJob/machine.ts';
import { REINDEX_FAILED } from '../../src/machines/knowledgeScreen/machine.ts';
import { EVALUATION_FAILED } from '../../src/machines/qaTrainingsScreen/machine.ts';
import { ReindexPanel } from '../../src/screens/knowledge/ReindexPanel.tsx';
import { EvaluationPanel } from '../../src/screens/qaTrainings/EvaluationPanel.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';

type Job = ActorRefFrom<typeof knowledgeJobMachine>;
const FAILURE = 'The index could not be built: out of memory';

/** One walk of the chart against one view; `answer` builds that view's status for a job state. */
function describeJob<TDetail>(config: {
  name: string;
  texts: { queued: string; done: string; failed: string };
  answer: (state: 'done' | 'running' | 'failed', jobId: number) => JobAnswer<TDetail>;
  view: (actor: Job) => ReactNode;
  button: string;
  loadingLabel: string;
  runningText: string;
  /** What the idle view shows for a status read (or null when it could not be read). */
  expectIdle: (answer: JobAnswer<TDetail> | null) => void;
}) {
  const loadStatus = createDeferredActor<JobAnswer, unknown>({
    output: config.answer('done', 4),
    error: new Error('offline'),
  });
  const submitJob = createDeferredActor<{ job_id: number }, unknown>({
    output: { job_id: 5 },
    error: new Error('402'),
  });
  const notices: Array<{ title: string; message?: string }> = [];
  let finished = 0;
  let current: Job;
  const machine = knowledgeJobMachine.provide({
    actors: { loadStatus: loadStatus.logic, submitJob: submitJob.logic },
    actions: { notify: (_, params) => notices.push(params) },
  });
  const button = () => screen.getByRole('button', { name: config.button });
  const executors = {
    'job.start': ({ user }) => user.click(button()),
    // Sent by the screen chart when entries or questions change.
    'job.refresh': () => current.send({ type: 'job.refresh' }),
  } satisfies ModelExecutors<typeof machine>;
  const states: StateAssertions<typeof machine> = {
    loading: () => expect(screen.getByLabelText(config.loadingLabel)).toBeInTheDocument(),
    idle: (state) => {
      expect(button()).toBeEnabled();
      expect(button()).not.toHaveAttribute('data-loading');
      expect(screen.queryByText(config.runningText, { exact: false })).toBeNull();
      config.expectIdle(state.context.answer as JobAnswer<TDetail> | null);
      const last = notices.at(-1);
      if (state.context.answer?.status.state === 'done' && state.context.answer.status.job_id === 5) {
        expect(last?.title).toBe(config.texts.done);
        expect(finished).toBe(1);
      }
      if (state.context.answer?.status.state === 'failed')
        expect(last).toMatchObject({ title: config.texts.failed, message: FAILURE });
    },
    submitting: () => {
      expect(submitJob.pending).toBe(1);
      expect(button()).toHaveAttribute('data-loading');
    },
    running: (state) => {
      expect(screen.getByText(config.runningText, { exact: false })).toBeInTheDocument();
      expect(button()).toHaveAttribute('data-loading');
      if (state.context.jobId === 5) expect(notices.at(-1)?.title).toBe(config.texts.queued);
    },
    'running.waiting': () => expect(loadStatus.pending).toBe(0),
    'running.checking': () => expect(loadStatus.pending).toBe(1),
  };
  describeModel({
    name: config.name,
    machine,
    input: { texts: config.texts },
    render: (m) => {
      notices.length = 0;
      finished = 0;
      current = createActor(m, { input: { texts: config.texts } }).start();
      current.on('job.done', () => {
        finished++;
      });
      render(<MantineProvider env="test">{config.view(current)}</MantineProvider>);
      return { actor: current };
    },
    executors,
    states,
    invokes: { loadStatus, checkStatus: loadStatus, submitJob },
    events: [
      { type: 'xstate.done.actor.loadStatus', output: config.answer('done', 4) },
      { type: 'xstate.done.actor.loadStatus', output: config.answer('running', 4) },
      { type: 'xstate.done.actor.checkStatus', output: config.answer('running', 5) },
      { type: 'xstate.done.actor.checkStatus', output: config.answer('done', 5) },
      { type: 'xstate.done.actor.checkStatus', output: config.answer('failed', 5) },
    ] as never,
    serializeContext: (c) => ({ jobId: c.jobId, state: c.answer?.status.state ?? null, job: c.answer?.status.job_id }),
    paths: 'perTransition',
  });
}

const reindexStatus = (state: 'done' | 'running' | 'failed', jobId: number): ReindexStatus => ({
  state,
  job_id: jobId,
  error: state === 'failed' ? FAILURE : null,
  indexed_at: '2026-11-24T09:00:00.000Z',
  entries: 3,
  passages: jobId === 5 ? 8 : 7,
  stale: jobId === 4,
  report: {
    fetched: 1,
    changed: 0,
    unchanged: 1,
    failed: [{ id: 2, link: 'https://example.com/gone', error: 'The page answered 404' }],
  },
  used_by_bot: true,
});

describeJob<ReindexStatus>({
  name: 'knowledgeJob (reindex)',
  texts: { queued: KNOWLEDGE_TOASTS.reindexQueued, done: KNOWLEDGE_TOASTS.reindexed, failed: REINDEX_FAILED },
  answer: (state, jobId) => {
    const status = reindexStatus(state, jobId);
    return { status, detail: status };
  },
  view: (actor) => <ReindexPanel actor={actor} canReindex />,
  button: 'Reindex',
  loadingLabel: 'Loading index status',
  runningText: 'Reindexing…',
  expectIdle: (answer) => {
    if (!answer) {
      expect(screen.getByText('The index status could not be read.')).toBeInTheDocument();
      return;
    }
    const passages = answer.detail.passages;
    expect(screen.getByTestId('index-summary')).toHaveTextContent(`3 entries, ${passages} passages`);
    expect(screen.getByTestId('reindex-report')).toHaveTextContent(
      '1 pages fetched again, 0 changed, 1 unchanged, 1 failed',
    );
    expect(screen.getByText('https://example.com/gone: The page answered 404')).toBeInTheDocument();
    if (answer.detail.stale) expect(screen.getByText('Changed since the last reindex')).toBeInTheDocument();
    else expect(screen.queryByText('Changed since the last reindex')).toBeNull();
    if (answer.status.state === 'failed') expect(screen.getByText(FAILURE)).toBeInTheDocument();
  },
});

const evaluationResult = (jobId: number): QaEvaluationResult => ({
  recall_at_1: jobId === 5 ? 1 : 0.667,
  recall_at_3: 1,
  mrr: jobId === 5 ? 1 : 0.833,
  no_answer_precision: 1,
  perfect: jobId === 5,
  threshold: 0.5,
  folds: 5,
  questions: [],
});

describeJob<QaEvaluationResult | null>({
  name: 'knowledgeJob (QA evaluation)',
  texts: { queued: QA_TOASTS.evaluationQueued, done: QA_TOASTS.evaluated, failed: EVALUATION_FAILED },
  answer: (state, jobId) => {
    const status: QaEvaluationStatus = {
      state,
      job_id: jobId,
      error: state === 'failed' ? FAILURE : null,
      evaluated_at: '2026-11-24T09:00:00.000Z',
      stale: jobId === 4,
    };
    return { status, detail: state === 'failed' ? null : evaluationResult(jobId) };
  },
  view: (actor) => <EvaluationPanel actor={actor} canEvaluate />,
  button: 'Evaluate',
  loadingLabel: 'Loading evaluation',
  runningText: 'Evaluating…',
  expectIdle: (answer) => {
    const result = answer?.detail ?? null;
    if (!result) {
      expect(screen.getByText('Not evaluated yet', { exact: false })).toBeInTheDocument();
      if (answer?.status.state === 'failed') expect(screen.getByText(FAILURE)).toBeInTheDocument();
      return;
    }
    expect(screen.getByTestId('figure-recall@1')).toHaveTextContent(result.recall_at_1 === 1 ? '1.000' : '0.667');
    expect(screen.getByTestId('figure-recall@3')).toHaveTextContent('1.000');
    expect(screen.getByTestId('figure-MRR')).toHaveTextContent(result.mrr === 1 ? '1.000' : '0.833');
    expect(screen.getByTestId('figure-no-answer precision')).toHaveTextContent('1.000');
    if (result.perfect) expect(screen.getByTestId('qa-perfect')).toHaveTextContent('The evaluation is perfect');
    else expect(screen.queryByTestId('qa-perfect')).toBeNull();
    if ((answer?.status as QaEvaluationStatus | undefined)?.stale)
      expect(screen.getByText('Questions or entries changed since')).toBeInTheDocument();
  },
});
