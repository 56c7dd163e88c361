import type { SettingsDraft } from './draft.ts';

/** Dot-namespaced events of the settings form; views only send these. */
export type SettingsFormEvent =
  | { type: 'settings.change'; field: keyof SettingsDraft; value: SettingsDraft[keyof SettingsDraft] }
  | { type: 'settings.save' }
  | { type: 'settings.discard' }
  | { type: 'settings.reload' }
  | { type: 'settings.renewToken' };
