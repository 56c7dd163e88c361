// The settings of one project as the server sends them, for the settings form's and the navigation guard's models.
import { LANGUAGES, VOICES } from '../../src/api/contract/platform.ts';
import type { SettingsView as Settings } from '../../src/api/contract/settings.ts';
import type { SettingsFormData } from '../../src/machines/settingsForm/actors.ts';

export const ORIGINAL = 'Demo bot';
export const CHANGED = 'Renamed bot';

export const settings: Settings = {
  id: 1,
  name: ORIGINAL,
  instances_dev: 1,
  instances_prod: 1,
  context_phrases: [],
  confidence_threshold: 0.5,
  voices_id: 'espeak-en-us-female',
  voice_pitch: 0,
  voice_speed: 1,
  long_silence_utter: 'Are you there?',
  long_silence_timeout: 10,
  long_silence_retries: 2,
  long_silence_hangup_utter: 'Goodbye.',
  sip_server_dev: '',
  sip_number_dev: '',
  sip_password_dev: '',
  sip_server_prod: '',
  sip_number_prod: '',
  sip_password_prod: '********',
  has_sip_password_dev: false,
  has_sip_password_prod: true,
  stt_corrections: [],
  stt_provider: 'google',
  autocorrect_threshold: 0.8,
  is_chat: true,
  language: 'en',
  chatbot_client_scss: '',
  chatbot_client_js: '',
  config_struct: {},
  config_dev: {},
  config_prod: {},
  multi_intent: false,
  chatbot_base_url: '',
  chatbot_token: 'token-one',
  conversations_retention: 365,
  knowledge_fallback: false,
  knowledge_threshold: 0.5,
};
export const data: SettingsFormData = {
  settings,
  voices: VOICES.map((v) => ({ ...v })),
  languages: LANGUAGES.map((l) => ({ ...l })),
  chosenThreshold: 0.62,
};
