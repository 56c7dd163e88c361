import { fromPromise } from 'xstate';
import type { ClassificationUndo, KeptTest, UnclassifiedIntent } from '../../api/contract/unclassified.ts';

/** The fallbacks screen's page (the startup load asks for the same one). */
export const FALLBACKS_PAGE_LIMIT = 500;

export interface FallbacksLoad {
  items: UnclassifiedIntent[];
  total: number;
  /** The class selector's choices. */
  intents: { id: number; name: string }[];
}

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`fallbackClassification actor ${name} not provided`));

/** Typed placeholders; the chart's provide.ts gives the real ones, tests give fakes. */
export const fallbackClassificationActors = {
  loadFallbacks: fromPromise<FallbacksLoad>(notProvided('loadFallbacks')),
  /** POST /intents/strip-stopwords: the suggested phrase. */
  suggestPhrase: fromPromise<string, { template: string }>(notProvided('suggestPhrase')),
  /** POST /intents/{id}/mark-classified. */
  classify: fromPromise<
    { test?: KeptTest | null; undo?: ClassificationUndo },
    { id: number; intentId: number | null; template: string; keepAsTest: boolean }
  >(notProvided('classify')),
  /** POST /intents/unclassified/restore: a classification undone (issue 34). */
  restore: fromPromise<{ id: number }, ClassificationUndo>(notProvided('restore')),
  /** POST /intents/unclassified/classify: several fallbacks, one class, one click. */
  classifyMany: fromPromise<
    { classified: number; test: KeptTest | null },
    { ids: number[]; intentId: number | null; keepAsTest: boolean }
  >(notProvided('classifyMany')),
};
