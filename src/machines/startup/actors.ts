import { fromPromise } from 'xstate';

/** What the startup loads came to: answers kept, calls the user may not make, calls that failed. */
export interface StartupSummary {
  loaded: string[];
  skipped: string[];
  failed: string[];
}

const notProvided = (name: string) => () => Promise.reject(new Error(`startup actor ${name} not provided`));

/** Typed placeholders; src/console/provide.ts gives the real loads, tests give fakes. */
export const startupActors = {
  /** Loads spec 2 §7's list for the project; a call that fails is listed, not thrown. */
  loadStartup: fromPromise<StartupSummary, { projectId: number }>(notProvided('loadStartup')),
};
