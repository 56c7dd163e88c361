import type { z } from 'zod';
import { type SettingsView, settingsUpdate } from '../../api/contract/settings.ts';

/** What the form edits: every field a PUT may change (the token, id, has_* flags and audit fields are not edited). */
export type SettingsDraft = Omit<
  SettingsView,
  'id' | 'chatbot_token' | 'has_sip_password_dev' | 'has_sip_password_prod' | 'version' | 'who'
>;

export function draftOf(settings: SettingsView): SettingsDraft {
  const {
    id: _id,
    chatbot_token: _token,
    has_sip_password_dev: _a,
    has_sip_password_prod: _b,
    version: _version,
    who: _who,
    ...draft
  } = settings;
  return draft;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Only the fields that differ from what was loaded: a save never rewrites what this user did not touch. */
export function changesOf(saved: SettingsDraft, draft: SettingsDraft): Partial<SettingsDraft> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(draft) as Array<keyof SettingsDraft>) {
    if (!same(saved[key], draft[key])) out[key] = draft[key];
  }
  return out as Partial<SettingsDraft>;
}

export const hasChanges = (saved: SettingsDraft, draft: SettingsDraft): boolean =>
  Object.keys(changesOf(saved, draft)).length > 0;

/** Field → first message of the contract's own validation (the server says the same). */
export function fieldErrorsOf(saved: SettingsDraft, draft: SettingsDraft): Record<string, string> {
  const parsed = settingsUpdate.safeParse(changesOf(saved, draft));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of (parsed.error as z.ZodError).issues) {
    const field = String(issue.path[0] ?? '');
    if (!errors[field]) errors[field] = issue.message;
  }
  return errors;
}
