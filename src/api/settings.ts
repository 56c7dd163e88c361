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
 * Saves changed fields. A 409 (someone saved after this screen loaded) and an expired session are told by the
 * client's error table; any other failure by the save bar: 'Error!' 'Cannot save state.' with the server's reason
 * (spec 1 §8), one toast (ownsFailure).
 */
export const saveSettings = (body: SettingsUpdate) => callApi(updateSettings, { body, ownsFailure: true });

export const loadProjectToken = () => callApi(getProjectToken);
/** A failure is the screen's one toast, like the save bar's. */
export const replaceProjectToken = () => callApi(renewProjectToken, { ownsFailure: true });

export const loadLanguages = () => callApi(getLanguages);
export const loadVoices = () => callApi(getVoices);

export const loadPlatformSettings = () => callApi(getPlatformSettings);
// The platform-settings screen shows a change's failure itself, once, with the server's reason (ownsFailure).
export const savePlatformSettings = (body: Partial<PlatformSettings>) =>
  callApi(updatePlatformSettings, { body, ownsFailure: true });
export const removeUserOtp = (userId: number) => callApi(resetUserOtp, { params: { id: userId }, ownsFailure: true });
