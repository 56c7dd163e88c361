import { fromPromise } from 'xstate';

export interface TemplateTarget {
  intentId: number;
  template: string;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`templateEditing actor ${name} not provided`));

/** Typed placeholders; the chart's provide.ts gives the real ones, tests give fakes. Each sends one template. */
export const templateEditingActors = {
  addTemplate: fromPromise<unknown, TemplateTarget>(notProvided('addTemplate')),
  /** Inserts `template` and deletes `replaces` (one call, one transaction on the server). */
  replaceTemplate: fromPromise<unknown, TemplateTarget & { replaces: string }>(notProvided('replaceTemplate')),
  deleteTemplate: fromPromise<unknown, TemplateTarget>(notProvided('deleteTemplate')),
};
