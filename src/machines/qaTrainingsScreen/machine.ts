import { type ActorRefFrom, sendTo, setup } from 'xstate';
import { QA_TOASTS } from '../../api/contract/qa-trainings.ts';
import { knowledgeJobMachine } from '../knowledgeJob/machine.ts';
import { qaTrainingsMachine } from '../qaTrainings/machine.ts';
import { relayEmitted } from '../relay/relayEmitted.ts';

/** Shown when an evaluation job failed without saying why. */
export const EVALUATION_FAILED = 'Evaluation failed';

export interface QaTrainingsScreenContext {
  trainings: ActorRefFrom<typeof qaTrainingsMachine>;
  evaluation: ActorRefFrom<typeof knowledgeJobMachine>;
}

/** The QA trainings screen: a change of the questions makes the evaluation panel read its (now stale) status again. */
export const qaTrainingsScreenMachine = setup({
  types: { context: {} as QaTrainingsScreenContext, events: {} as { type: 'qa.changed' } },
  actors: { trainings: qaTrainingsMachine, evaluation: knowledgeJobMachine, relay: relayEmitted },
}).createMachine({
  id: 'qaTrainingsScreen',
  description: 'The QA trainings screen: the questions and their evaluation, kept in step.',
  context: ({ spawn }) => ({
    trainings: spawn('trainings', { id: 'trainings' }),
    evaluation: spawn('evaluation', {
      id: 'evaluation',
      input: { texts: { queued: QA_TOASTS.evaluationQueued, done: QA_TOASTS.evaluated, failed: EVALUATION_FAILED } },
    }),
  }),
  initial: 'coordinating',
  states: {
    coordinating: {
      description: 'The screen is open: a change of the questions reaches the evaluation.',
      invoke: {
        id: 'relay',
        src: 'relay',
        input: ({ context }) => ({ sources: [{ from: context.trainings, types: ['qa.changed'] }] }),
      },
      on: { 'qa.changed': { actions: sendTo(({ context }) => context.evaluation, { type: 'job.refresh' }) } },
    },
  },
});
