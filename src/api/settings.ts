import type { PlatformSettings } from './contract/platform.ts';
import {
  getLanguages as getLanguagesCall,
  getPlatformSettings as getPlatformSettingsCall,
  getVoices as getVoicesCall,
  resetUserOtp as resetUserOtpCall,
  updatePlatformSettings as updatePlatformSettingsCall,
} from './contract/platform.ts';
import type { SettingsUpdate } from './contract/settings.ts';
import {
  getProjectToken as getProjectTokenCall,
  getSettings as getSettingsCall,
  renewProjectToken as renewProjectTokenCall,
  updateSettings as updateSettingsCall,
} from './contract/settings.ts';
import { callApi } from './client.ts';

/** Project settings (spec 2 §3); `mtime` answers them as they were then (history). */
export const getSettings = (mtime?: number) => callApi(getSettingsCall, { query: { mtime } });

/**
 * Saves changed fields. A 409 (someone saved after this screen loaded) is told by the client's error table;
 * 400/500 are left to the save bar, which says 'Error!' 'Cannot save state.' (spec 1 §8).
 */
export const updateSettings = (body: SettingsUpdate) =>
  callApi(updateSettingsCall, { body, expectedStatuses: [400, 500] });

export const getProjectToken = () => callApi(getProjectTokenCall);
export const renewProjectToken = () => callApi(renewProjectTokenCall);

export const getLanguages = () => callApi(getLanguagesCall);
export const getVoices = () => callApi(getVoicesCall);

export const getPlatformSettings = () => callApi(getPlatformSettingsCall);
export const updatePlatformSettings = (body: Partial<PlatformSettings>) =>
  callApi(updatePlatformSettingsCall, { body });
export const resetUserOtp = (userId: number) => callApi(resetUserOtpCall, { params: { id: userId } });
