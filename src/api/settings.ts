import type { PlatformSettings } from './contract/platform.ts';
import {
  getLanguages,
  getPlatformSettings,
  getVoices,
  resetUserOtp,
  updatePlatformSettings,
} from './contract/platform.ts';
import type { SettingsUpdate } from './contract/settings.ts';
import { getProjectToken, getSettings, renewProjectToken, updateSettings } from './contract/settings.ts';
import { callApi } from './client.ts';

/** Project settings (spec 2 §3); `mtime` answers them as they were then (history). */
export const loadSettings = (mtime?: number) => callApi(getSettings, { query: { mtime } });

/**
 * Saves changed fields. A 409 (someone saved after this screen loaded) is told by the client's error table;
 * 400/500 are left to the save bar, which says 'Error!' 'Cannot save state.' (spec 1 §8).
 */
export const saveSettings = (body: SettingsUpdate) => callApi(updateSettings, { body, expectedStatuses: [400, 500] });

export const loadProjectToken = () => callApi(getProjectToken);
export const replaceProjectToken = () => callApi(renewProjectToken);

export const loadLanguages = () => callApi(getLanguages);
export const loadVoices = () => callApi(getVoices);

export const loadPlatformSettings = () => callApi(getPlatformSettings);
export const savePlatformSettings = (body: Partial<PlatformSettings>) => callApi(updatePlatformSettings, { body });
export const removeUserOtp = (userId: number) => callApi(resetUserOtp, { params: { id: userId } });
