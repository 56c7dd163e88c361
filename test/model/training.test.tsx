// Model-based test of Train NLU (spec 2 §4 "Model state") against the real intents screen.
import { screen, within } from '@testing-library/react';
import { fireEvent } from '@testing-library/react';
import { expect } from 'vitest';
import { TRAIN_DONE, TRAIN_SUBMITTED } from '../../src/api/contract/training.ts';
import { providedTrainingMachine } from '../../src/machines/training/provide.ts';
import type { EvaluationAnswer, TrainAnswer } from '../../src/machines/training/actors.ts';
import IntentsScreen from '../../src/screens/intents/IntentsScreen.tsx';
import { evaluationAnswer, intentsLogic, noticeLog, renderWithSession, route } from './authoringScreens.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';

const submitTraining = createDeferredActor<TrainAnswer>({ output: { status: 'ok', job_id: 7, state: 'queued' } });
const checkTraining = createDeferredActor<EvaluationAnswer>({ output: evaluationAnswer('done') });
const notices = noticeLog();
const machine = providedTrainingMachine.provide({
  actors: { submitTraining: submitTraining.logic, checkTraining: checkTraining.logic },
  actions: { notify: notices.notify, notifyFailure: () => notices.titles.push('failure') },
});

const trainButton = () => screen.queryByRole('button', { name: /Train NLU/ });

const executors = {
  'train.start': () => {
    fireEvent.click(trainButton() as HTMLElement);
  },
} satisfies ModelExecutors<typeof machine>;

const states: StateAssertions<typeof machine> = {
  idle: () => {
    expect(trainButton()).toBeInTheDocument();
    // No evaluation yet: no threshold to show.
    expect(screen.queryByTestId('threshold-panel')).not.toBeInTheDocument();
    expect(screen.getByTestId('intent-greeting')).toBeInTheDocument();
  },
  submitting: () => {
    expect(trainButton()).not.toBeInTheDocument();
    expect(screen.getByTestId('training-spinner')).toHaveTextContent('Submitting');
  },
  'training.waiting': () => {
    expect(trainButton()).not.toBeInTheDocument();
    expect(screen.getByTestId('training-spinner')).toHaveTextContent('Training');
    expect(notices.titles).toContain(TRAIN_SUBMITTED);
  },
  'training.checking': () => {
    expect(screen.getByTestId('training-spinner')).toHaveTextContent('Training');
    expect(checkTraining.pending).toBe(1);
  },
  trained: () => {
    expect(trainButton()).toBeInTheDocument();
    // 'Successfully trained' says the threshold the training left and what it does.
    expect(notices.titles).toContain(
      `${TRAIN_DONE} | Confidence threshold 0.45, chosen by this training. A message whose best intent is less sure than 0.45 gets the fallback reaction.`,
    );
    expect(screen.getByTestId('threshold-title')).toHaveTextContent(
      'Confidence threshold 0.45, chosen by this training.',
    );
    expect(screen.getByTestId('threshold-panel')).toHaveTextContent('90 % of the templates were recognised at it');
    // The evaluation is reloaded into the list: scores to 3 decimals.
    const row = screen.getByTestId('intent-order_pizza');
    expect(within(row).getByTestId('precision')).toHaveTextContent('P 0.500');
    expect(within(row).getByTestId('recall')).toHaveTextContent('R 0.667');
  },
  failed: () => {
    expect(trainButton()).toBeInTheDocument();
    expect(notices.titles.some((t) => t === 'failure' || t.startsWith('Error!'))).toBe(true);
  },
};

describeModel({
  name: 'training',
  machine,
  render: async (m) => {
    notices.clear();
    // The list starts without an evaluation: the scores come from the finished training.
    await renderWithSession(
      <IntentsScreen
        route={route('/app/intents', 'Intents')}
        logic={{ ...intentsLogic(undefined, null), training: m }}
      />,
    );
    return undefined;
  },
  executors,
  states,
  invokes: { submitTraining, checkTraining },
  events: [
    { type: 'xstate.done.actor.checkTraining', output: evaluationAnswer('done') } as never,
    { type: 'xstate.done.actor.checkTraining', output: evaluationAnswer('running') } as never,
    { type: 'xstate.done.actor.checkTraining', output: evaluationAnswer('failed') } as never,
  ],
  serializeContext: () => '',
  timers: 'fake',
});
