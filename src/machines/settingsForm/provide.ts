import { fromPromise } from 'xstate';
import { loadSettings, loadLanguages, loadVoices, replaceProjectToken, saveSettings } from '../../api/settings.ts';
import type { SettingsUpdate } from '../../api/contract/settings.ts';
import { settingsFormMachine } from './machine.ts';
import { noticeActions } from '../../console/notices.ts';
import { loadEvaluation } from '../../api/training.ts';

/**
 * The settings form with its real side effects. Beside the machine (like roleEditing) so the settings screen's
 * chunk carries it. 409 and a lost session are told by the client's error table; any other failure by the machine's
 * one toast, 'Error!' 'Cannot save state.' with the server's reason.
 */
export const providedSettingsFormMachine = settingsFormMachine.provide({
  actors: {
    loadSettings: fromPromise(async () => {
      const [settings, voices, languages, chosenThreshold] = await Promise.all([
        loadSettings(),
        loadVoices(),
        loadLanguages(),
        // What an empty confidence threshold means now; the form works without it (no training, no grant).
        loadEvaluation().then(
          (answer) => answer.threshold_choice?.chosen ?? null,
          () => null,
        ),
      ]);
      return { settings, voices, languages, chosenThreshold };
    }),
    saveSettings: fromPromise(({ input }) => saveSettings(input.changes as SettingsUpdate)),
    renewToken: fromPromise(() => replaceProjectToken()),
  },
  actions: noticeActions,
});
