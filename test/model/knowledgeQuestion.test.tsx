// Model-based test of "try a question": xstate/graph walks the knowledgeQuestion chart against the real QuestionBox.
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import type { KnowledgeSearchAnswer } from '../../src/machines/knowledgeQuestion/answer.ts';
import { knowledgeQuestionMachine } from '../../src/machines/knowledgeQuestion/machine.ts';
import { QuestionBox } from '../../src/screens/knowledge/QuestionBox.tsx';
import { createDeferredActor, describeModel, type ModelExecutors, type StateAssertions } from './harness.ts';

const answered: KnowledgeSearchAnswer = {
  hits: [
    {
      knowledge_id: 1,
      link: 'https://example.com/hours',
      title: 'Opening hours',
      passage: 'The shop is open from nine to five on weekdays. It is closed on public holidays.',
      answer: 'The shop is open from nine to five on weekdays.',
      score: 7.25,
      confidence: 0.8333,
    },
    {
      knowledge_id: 3,
      link: '',
      title: 'Parking',
      passage: 'Parking is free after six.',
      answer: 'Parking is free after six.',
      score: 1.5,
      confidence: 0.2,
    },
  ],
  threshold: 0.5,
  answered: true,
  indexed: true,
};
const search = createDeferredActor<KnowledgeSearchAnswer, { question: string }>({
  output: answered,
  error: new Error('Question is too long (at most 2000 characters)'),
});
const machine = knowledgeQuestionMachine.provide({ actors: { search: search.logic } });
const box = () => screen.getByTestId('question-box');
const input = () => within(box()).getByLabelText('Question') as HTMLInputElement;

const executors = {
  'question.change': ({ event }) => {
    if (input().value === event.value) fireEvent.change(input(), { target: { value: `${event.value}?` } });
    fireEvent.change(input(), { target: { value: event.value } });
  },
  'question.ask': ({ user }) => user.type(input(), '{Enter}'),
} satisfies ModelExecutors<typeof machine>;

const states: StateAssertions<typeof machine> = {
  idle: (state) => {
    const { question, answer, error } = state.context;
    expect(input().value).toBe(question);
    const ask = within(box()).getByRole('button', { name: 'Ask' });
    if (question.trim() === '') expect(ask).toBeDisabled();
    else expect(ask).toBeEnabled();
    if (error) expect(box()).toHaveTextContent(error);
    if (!answer) {
      expect(screen.queryByTestId('question-answer')).toBeNull();
      return;
    }
    const hits = screen.getAllByTestId('question-hit');
    expect(hits).toHaveLength(2);
    expect(hits[0]).toHaveTextContent('1.Opening hours');
    expect(hits[0]).toHaveTextContent('The shop is open from nine to five on weekdays.');
    expect(hits[0]).toHaveTextContent('score 7.250');
    expect(hits[0]).toHaveTextContent('confidence 0.833');
    expect(within(hits[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', 'https://example.com/hours');
    expect(hits[1]).toHaveTextContent('confidence 0.200');
    expect(screen.getByTestId('question-answer')).toHaveTextContent('Answered');
    expect(screen.getByTestId('question-answer')).toHaveTextContent(`“${state.context.asked}”`);
  },
  asking: (state) => {
    expect(search.calls.at(-1)).toEqual({ question: state.context.question.trim() });
    expect(within(box()).getByRole('button', { name: 'Ask' })).toHaveAttribute('data-loading');
  },
};

describeModel({
  name: 'knowledgeQuestion',
  machine,
  render: (m) => {
    const actor = createActor(m).start();
    render(
      <MantineProvider env="test">
        <QuestionBox actor={actor} />
      </MantineProvider>,
    );
    return { actor };
  },
  executors,
  states,
  invokes: { search },
  events: [
    { type: 'question.change', value: 'when are you open' },
    { type: 'question.change', value: '   ' },
  ],
  serializeContext: (c) => ({ question: c.question, answer: c.answer !== null, error: c.error !== null }),
});
