import { fromPromise } from 'xstate';
import type { ActionTestBody, ActionTestResult } from '../../api/contract/action-test-call.ts';
import type { ActionCatalogue, ProjectAction, ProjectActionInput } from '../../api/contract/actions.ts';

export interface ActionsData {
  actions: ProjectAction[];
  catalogue: ActionCatalogue;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`actionEditor actor ${name} not provided`));

/** Typed placeholders; src/machines/actionEditor/provided.ts gives the real ones, tests give fakes. */
export const actionEditorActors = {
  loadActions: fromPromise<ActionsData>(notProvided('loadActions')),
  saveActions: fromPromise<ProjectAction[], { actions: ProjectActionInput[] }>(notProvided('saveActions')),
  testAction: fromPromise<ActionTestResult, { id: number; body: ActionTestBody }>(notProvided('testAction')),
};
