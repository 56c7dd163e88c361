import { fromPromise } from 'xstate';
import type { Voice } from '../../api/contract/platform.ts';
import type { SettingsView } from '../../api/contract/settings.ts';
import type { SettingsDraft } from './draft.ts';

export interface SettingsFormData {
  settings: SettingsView;
  voices: Voice[];
  languages: Array<{ code: string; name: string }>;
  /**
   * The threshold the project's latest training chose from its cross-validation (what an empty field means), or
   * null: no training yet, or the user may not read the intents' evaluation.
   */
  chosenThreshold: number | null;
}

/** Typed placeholders; provided.ts gives the API client, tests give deferred fakes. */
export const settingsFormActors = {
  loadSettings: fromPromise<SettingsFormData, void>(async () => {
    throw new Error('loadSettings not provided');
  }),
  saveSettings: fromPromise<SettingsView, { changes: Partial<SettingsDraft> }>(async () => {
    throw new Error('saveSettings not provided');
  }),
  renewToken: fromPromise<{ token: string }, void>(async () => {
    throw new Error('renewToken not provided');
  }),
};
