import { fromPromise } from 'xstate';
import type { ProjectSummary } from '../../api/contract/projects.ts';
import { startupMachine } from '../startup/machine.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`projectSelection actor ${name} not provided`));

/** Typed placeholders; the chart's provide.ts gives the real ones, tests give fakes. */
export const projectSelectionActors = {
  loadProjects: fromPromise<ProjectSummary[]>(notProvided('loadProjects')),
  /** A new project, or with `cloneOf` a copy of that project's configuration (which the server trains). */
  createProject: fromPromise<{ project_id: number }, { name: string; cloneOf?: number | null }>(
    notProvided('createProject'),
  ),
  /** First run: trains the new project's model; resolves when the training is done (rejects when it failed). */
  trainFirstModel: fromPromise<void, { projectId: number }>(notProvided('trainFirstModel')),
  /** The startup loads of the selected project (its own chart); provided with its real loads. */
  startup: startupMachine,
};
