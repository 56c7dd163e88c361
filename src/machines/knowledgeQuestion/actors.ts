import { fromPromise } from 'xstate';
import type { KnowledgeSearchAnswer } from './answer.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`knowledgeQuestion actor ${name} not provided`));

/** Typed placeholders; the chart's provide.ts gives POST /knowledges/search, tests give deferred fakes. */
export const knowledgeQuestionActors = {
  search: fromPromise<KnowledgeSearchAnswer, { question: string }>(notProvided('search')),
};
