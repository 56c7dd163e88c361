import type { SettingsFormData } from './actors.ts';
import type { SettingsDraft } from './draft.ts';

export interface SettingsFormContext {
  /** As last loaded or saved. */
  saved: SettingsDraft | null;
  /** As being edited. */
  draft: SettingsDraft | null;
  token: string;
  projectId: number | null;
  voices: SettingsFormData['voices'];
  languages: SettingsFormData['languages'];
  chosenThreshold: SettingsFormData['chosenThreshold'];
}
