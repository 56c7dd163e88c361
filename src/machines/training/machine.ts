import type { DoneActorEvent, OutputFrom } from 'xstate';
import { assign, emit, setup } from 'xstate';
import type { Notice } from '../../api/contract/notice.ts';
import { TRAIN_SUBMITTED } from '../../api/contract/training.ts';
import { type EvaluationAnswer, trainingActors } from './actors.ts';
import type { TrainingEmitted, TrainingEvent } from './events.ts';
import { hasFailed, isTrained } from './guards.ts';
import { trainedNotice } from './threshold-summary.ts';

export interface TrainingContext {
  /** The job GET /run/train queued; polling waits for it (or a later one) to finish. */
  jobId: number | null;
  /** The evaluation loaded when the training finished. */
  answer: EvaluationAnswer | null;
  error: string | null;
}

/** Shown when the training job failed without saying why. */
export const TRAINING_FAILED = 'Training failed';

/**
 * Train NLU (spec 2 §4 "Model state"), one machine for the intents, entities and fallbacks screens and the
 * top bar: submit, poll the training status until the job is done, then 'Successfully trained' and the
 * evaluation is handed to whoever shows it.
 */
export const trainingMachine = setup({
  types: {
    context: {} as TrainingContext,
    events: {} as TrainingEvent,
    emitted: {} as TrainingEmitted,
  },
  actors: trainingActors,
  delays: { trainingPollInterval: 1000 },
  guards: {
    isTrained: ({ context }, params: { answer: EvaluationAnswer }) => isTrained(context.jobId, params.answer),
    hasFailed: ({ context }, params: { answer: EvaluationAnswer }) => hasFailed(context.jobId, params.answer),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    /** Tells the user why a call failed, unless the client's error table already did. */
    notifyFailure: (_, _params: { error: unknown }) => {},
    storeJobId: assign({
      jobId: (_, event: DoneActorEvent<OutputFrom<(typeof trainingActors)['submitTraining']>>) => event.output.job_id,
      error: null,
    }),
    storeAnswer: assign({
      answer: (_, event: DoneActorEvent<OutputFrom<(typeof trainingActors)['checkTraining']>>) => event.output,
    }),
    storeError: assign({
      error: (_, event: DoneActorEvent<OutputFrom<(typeof trainingActors)['checkTraining']>>) =>
        event.output.status.error ?? TRAINING_FAILED,
    }),
  },
}).createMachine({
  id: 'training',
  description: 'Train the language model from the top bar: the training job queued, followed and its result shown.',
  context: { jobId: null, answer: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'Train NLU is offered.',
      on: { 'train.start': 'submitting' },
    },
    submitting: {
      description: 'GET /run/train queues the training; the button hides behind a spinner.',
      tags: ['loading'],
      invoke: {
        id: 'submitTraining',
        src: 'submitTraining',
        input: () => undefined,
        onDone: {
          target: 'training',
          actions: [
            { type: 'storeJobId', params: ({ event }) => event },
            { type: 'notify', params: { title: TRAIN_SUBMITTED, color: 'blue' } },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    training: {
      description: 'The job runs (train, then the 5-fold evaluation); its status is polled.',
      tags: ['loading'],
      initial: 'waiting',
      states: {
        waiting: {
          description: 'Pause between two status checks.',
          after: { trainingPollInterval: 'checking' },
        },
        checking: {
          description: 'GET /intents/evaluation: status of the job and, once done, its evaluation.',
          invoke: {
            id: 'checkTraining',
            src: 'checkTraining',
            input: () => undefined,
            onDone: [
              {
                guard: { type: 'isTrained', params: ({ event }) => ({ answer: event.output }) },
                target: '#training.trained',
                actions: [
                  { type: 'storeAnswer', params: ({ event }) => event },
                  { type: 'notify', params: ({ event }) => trainedNotice(event.output) },
                  emit(({ event }) => ({ type: 'training.done' as const, answer: event.output })),
                ],
              },
              {
                guard: { type: 'hasFailed', params: ({ event }) => ({ answer: event.output }) },
                target: '#training.failed',
                actions: [
                  { type: 'storeError', params: ({ event }) => event },
                  {
                    type: 'notify',
                    params: ({ context }) => ({
                      title: 'Error!',
                      message: context.error ?? TRAINING_FAILED,
                      color: 'red',
                    }),
                  },
                ],
              },
              { target: 'waiting' },
            ],
            onError: {
              target: '#training.failed',
              actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    trained: {
      description:
        "'Successfully trained' with the confidence threshold the training left (chosen or set in Settings); the evaluation was reloaded.",
      on: { 'train.start': 'submitting' },
    },
    failed: {
      description: 'Training could not be submitted or the job failed; Train NLU is offered again.',
      on: { 'train.start': 'submitting' },
    },
  },
});
