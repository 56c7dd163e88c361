import { fromPromise } from 'xstate';

/** What the startup loads came to: answers kept, calls the user may not make, calls that failed. */
export interface StartupSummary {
  loaded: string[];
  skipped: string[];
  failed: string[];
  /** The project's `is_chat` setting from the settings load; null when it could not be read (then nothing is hidden). */
  chatOnly: boolean | null;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`startup actor ${name} not provided`));

/** Typed placeholders; the chart's provide.ts gives the real loads, tests give fakes. */
export const startupActors = {
  /** Loads spec 2 §7's list for the project; a call that fails is listed, not thrown. */
  loadStartup: fromPromise<StartupSummary, { projectId: number }>(notProvided('loadStartup')),
};
