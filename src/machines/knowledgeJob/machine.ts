import type { DoneActorEvent, OutputFrom } from 'xstate';
import { assign, emit, setup } from 'xstate';
import type { Notice } from '../../api/contract/notice.ts';
import { type JobAnswer, knowledgeJobActors } from './actors.ts';
import type { KnowledgeJobEmitted, KnowledgeJobEvent } from './events.ts';
import { jobActive, jobFailed, jobFinished } from './guards.ts';

export interface KnowledgeJobInput {
  /** The toasts: queued ('Submitted for reindexing') and finished ('Knowledge base indexed'). */
  texts: { queued: string; done: string; failed: string };
}

export interface KnowledgeJobContext extends KnowledgeJobInput {
  /** The latest status read, with its detail; null until read (or when it could not be). */
  answer: JobAnswer | null;
  /** The job followed: the one queued here, or the one found running. */
  jobId: number | null;
}

/**
 * A background job of the knowledge base, one chart for both (issue 16 items 2 and 4): Reindex and QA Evaluate.
 * The status is read when the screen opens (a job already running is followed); the button queues a job, whose
 * status is polled until it is done or failed.
 */
export const knowledgeJobMachine = setup({
  types: {
    context: {} as KnowledgeJobContext,
    events: {} as KnowledgeJobEvent,
    input: {} as KnowledgeJobInput,
    emitted: {} as KnowledgeJobEmitted,
  },
  actors: knowledgeJobActors,
  delays: { jobPollInterval: 1000 },
  guards: {
    isActive: (_, params: { answer: JobAnswer }) => jobActive(params.answer),
    isFinished: ({ context }, params: { answer: JobAnswer }) => jobFinished(context.jobId, params.answer),
    hasFailed: ({ context }, params: { answer: JobAnswer }) => jobFailed(context.jobId, params.answer),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    notifyFailure: (_, _params: { error: unknown }) => {},
    storeAnswer: assign({ answer: (_, params: { answer: JobAnswer }) => params.answer }),
    storeJobId: assign({
      jobId: (_, event: DoneActorEvent<OutputFrom<(typeof knowledgeJobActors)['loadStatus']>>) =>
        event.output.status.job_id,
    }),
    storeJobIdOnSubmitJob: assign({
      jobId: (_, event: DoneActorEvent<OutputFrom<(typeof knowledgeJobActors)['submitJob']>>) => event.output.job_id,
    }),
  },
}).createMachine({
  id: 'knowledgeJob',
  description: 'Reindex or Evaluate: the status read, a job queued and followed until it is done or failed.',
  context: ({ input }) => ({ texts: input.texts, answer: null, jobId: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The status of the latest job and what it produced.',
      tags: ['loading'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          {
            guard: { type: 'isActive', params: ({ event }) => ({ answer: event.output }) },
            target: 'running',
            actions: [
              { type: 'storeAnswer', params: ({ event }) => ({ answer: event.output }) },
              { type: 'storeJobId', params: ({ event }) => event },
            ],
          },
          { target: 'idle', actions: { type: 'storeAnswer', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: {
          target: 'idle',
          actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    idle: {
      description: 'The latest result shows; the button queues a new job.',
      on: { 'job.start': 'submitting', 'job.refresh': 'loading' },
    },
    submitting: {
      description: 'The job is being queued.',
      tags: ['busy'],
      invoke: {
        id: 'submitJob',
        src: 'submitJob',
        onDone: {
          target: 'running',
          actions: [
            { type: 'storeJobIdOnSubmitJob', params: ({ event }) => event },
            { type: 'notify', params: ({ context }) => ({ title: context.texts.queued, color: 'blue' as const }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    running: {
      description: 'The job is queued or running; its status is polled.',
      tags: ['busy'],
      initial: 'waiting',
      states: {
        waiting: {
          description: 'Pause between two status checks.',
          after: { jobPollInterval: 'checking' },
        },
        checking: {
          description: 'Is the job done?',
          invoke: {
            id: 'checkStatus',
            src: 'loadStatus',
            onDone: [
              {
                guard: { type: 'isFinished', params: ({ event }) => ({ answer: event.output }) },
                target: '#knowledgeJob.idle',
                actions: [
                  { type: 'storeAnswer', params: ({ event }) => ({ answer: event.output }) },
                  { type: 'notify', params: ({ context }) => ({ title: context.texts.done, color: 'green' as const }) },
                  emit({ type: 'job.done' as const }),
                ],
              },
              {
                guard: { type: 'hasFailed', params: ({ event }) => ({ answer: event.output }) },
                target: '#knowledgeJob.idle',
                actions: [
                  { type: 'storeAnswer', params: ({ event }) => ({ answer: event.output }) },
                  {
                    type: 'notify',
                    params: ({ context, event }) => ({
                      title: context.texts.failed,
                      message: event.output.status.error ?? undefined,
                      color: 'red' as const,
                    }),
                  },
                ],
              },
              {
                target: 'waiting',
                actions: { type: 'storeAnswer', params: ({ event }) => ({ answer: event.output }) },
              },
            ],
            onError: {
              target: '#knowledgeJob.idle',
              actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});
