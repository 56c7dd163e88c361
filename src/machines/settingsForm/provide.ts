import { ApiError } from '../../api/client.ts';
import { fromPromise } from 'xstate';
import { loadSettings, loadLanguages, loadVoices, replaceProjectToken, saveSettings } from '../../api/settings.ts';
import type { SettingsUpdate } from '../../api/contract/settings.ts';
import { settingsFormMachine } from './machine.ts';
import { showNotice } from '../../console/notices.ts';

/**
 * The settings form with its real side effects. Beside the machine (like roleEditing) so the settings screen's
 * chunk carries it. 409 is told by the client's error table; 400/500 by the machine's 'Error!' 'Cannot save state.'.
 */
export const providedSettingsFormMachine = settingsFormMachine.provide({
  actors: {
    loadSettings: fromPromise(async () => {
      const [settings, voices, languages] = await Promise.all([loadSettings(), loadVoices(), loadLanguages()]);
      return { settings, voices, languages };
    }),
    saveSettings: fromPromise(async ({ input }) => {
      try {
        return await saveSettings(input.changes as SettingsUpdate);
      } catch (error) {
        if (error instanceof ApiError) throw { status: error.status, message: error.message };
        throw error;
      }
    }),
    renewToken: fromPromise(() => replaceProjectToken()),
  },
  actions: { notify: (_, params) => showNotice(params) },
});
