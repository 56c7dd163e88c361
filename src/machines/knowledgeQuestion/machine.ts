import type { DoneActorEvent, ErrorActorEvent, OutputFrom } from 'xstate';
import { assign, setup } from 'xstate';
import type { KnowledgeSearchAnswer } from './answer.ts';
import { knowledgeQuestionActors } from './actors.ts';

export type KnowledgeQuestionEvent = { type: 'question.change'; value: string } | { type: 'question.ask' };

export interface KnowledgeQuestionContext {
  question: string;
  /** The last answer and the question it answers (the box may have changed since). */
  answer: KnowledgeSearchAnswer | null;
  asked: string;
  error: string | null;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** "Try a question" (issue 16 item 2): asks the draft index and shows its top passages, scores and confidence. */
export const knowledgeQuestionMachine = setup({
  types: { context: {} as KnowledgeQuestionContext, events: {} as KnowledgeQuestionEvent },
  actors: knowledgeQuestionActors,
  guards: { hasQuestion: ({ context }) => context.question.trim() !== '' },
  actions: {
    rememberQuestion: assign({
      question: (_, event: Extract<KnowledgeQuestionEvent, { type: 'question.change' }>) => event.value,
    }),
    storeAnswerAndAsked: assign({
      answer: (_, event: DoneActorEvent<OutputFrom<(typeof knowledgeQuestionActors)['search']>>) => event.output,
      asked: ({ context }) => context.question.trim(),
      error: null,
    }),
    rememberError: assign({ answer: null, error: (_, event: ErrorActorEvent) => messageOf(event.error) }),
  },
}).createMachine({
  id: 'knowledgeQuestion',
  description: 'Try a question against the draft knowledge index.',
  context: { question: '', answer: null, asked: '', error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'A question can be typed and asked; the last answer shows below.',
      on: {
        'question.change': { actions: { type: 'rememberQuestion', params: ({ event }) => event } },
        'question.ask': { guard: 'hasQuestion', target: 'asking' },
      },
    },
    asking: {
      description: 'POST /knowledges/search.',
      tags: ['busy'],
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => ({ question: context.question.trim() }),
        onDone: {
          target: 'idle',
          actions: { type: 'storeAnswerAndAsked', params: ({ event }) => event },
        },
        onError: { target: 'idle', actions: { type: 'rememberError', params: ({ event }) => event } },
      },
    },
  },
});
