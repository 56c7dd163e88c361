import { z } from 'zod';
import { defineCall, grant } from './call.ts';
import { auditFields, mtimeQuery } from './audit.ts';
import { scopeQuery } from './common.ts';
import { languageCodes, voiceIds } from './platform.ts';

/** Texts the settings screen shows (spec 1 §8: save bar). */
export const SAVE_SUCCESS = 'Updated';
export const SAVE_FAILED = { title: 'Error!', message: 'Cannot save state.' } as const;

/** What a write-only secret is answered as when one is stored; sending it back keeps the stored value. */
export const SECRET_PLACEHOLDER = '********';

/** Text a person typed: bounded, and without NUL, which PostgreSQL cannot store. */
export const plainText = (label: string, max: number, min = 0) =>
  z
    .string({ error: `${label} must be text.` })
    .max(max, `${label} must be at most ${max} characters.`)
    .min(min, min === 1 ? `${label} cannot be empty.` : `${label} must be at least ${min} characters.`)
    .refine((s) => !s.includes('\u0000'), `${label} cannot contain NUL characters.`);

const MAX_JSON_CHARS = 100_000;
const jsonValue: z.ZodType<unknown> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValue), z.record(z.string(), jsonValue)]),
);
/** A JSON object of configuration values (config_struct/dev/prod), at most 100,000 characters as JSON. */
const jsonObject = (label: string) =>
  z
    .record(z.string(), jsonValue, { error: `${label} must be a JSON object.` })
    .refine(
      (o) => JSON.stringify(o).length <= MAX_JSON_CHARS,
      `${label} is too large (at most ${MAX_JSON_CHARS} characters).`,
    )
    .refine((o) => !JSON.stringify(o).includes('\\u0000'), `${label} cannot contain NUL characters.`);

const int = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max}.`);
const decimal = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .min(min, `${label} must be between ${min} and ${max}.`)
    .max(max, `${label} must be between ${min} and ${max}.`);
const flag = (label: string) => z.boolean({ error: `${label} must be true or false.` });

const sipServer = (label: string) =>
  plainText(label, 255).refine(
    (s) => s === '' || /^(sips?:)?[A-Za-z0-9.-]+(:\d{1,5})?(;[A-Za-z0-9=;._-]*)?$/.test(s),
    `${label} must be a host name or SIP URI, e.g. sip.example.com:5060.`,
  );
const sipNumber = (label: string) =>
  plainText(label, 64).refine(
    (s) => s === '' || /^\+?[0-9A-Za-z*#._-]{1,64}$/.test(s),
    `${label} must be a phone number or SIP user.`,
  );
const sipPassword = (label: string) => plainText(label, 256).nullable();

export const sttProviders = ['google', 'azure', 'whisper', 'vosk'] as const;
export type SttProvider = (typeof sttProviders)[number];
export const sttCorrection = z.object({
  from: plainText('A corrected phrase', 200, 1),
  to: plainText('A correction', 200),
});

/**
 * The fields a PUT may change (spec 2 §3), with their ranges. `chatbot_token` is renewed through
 * /project/api-token only; SIP passwords are write-only (absent or the placeholder keeps, '' or null clears).
 */
export const settingsFields = {
  name: plainText('Name', 120, 1).transform((s) => s.trim()),
  instances_dev: int('Instances for testing', 0, 50),
  instances_prod: int('Instances for production', 0, 50),
  context_phrases: z.array(plainText('A context phrase', 200, 1)).max(500, 'At most 500 context phrases.'),
  /** null: the threshold the project's model carries (chosen from its cross-validation at each training). */
  confidence_threshold: decimal('Confidence threshold', 0, 1).nullable(),
  voices_id: z
    .string({ error: 'Voice must be text.' })
    .refine((v) => voiceIds.includes(v), 'Unknown voice; choose one of the list.')
    .nullable(),
  voice_pitch: decimal('Voice pitch', -20, 20),
  voice_speed: decimal('Voice speed', 0.25, 4),
  long_silence_utter: plainText('Long silence utterance', 1000),
  long_silence_timeout: int('Long silence timeout (seconds)', 1, 600),
  long_silence_retries: int('Long silence retries', 0, 10),
  long_silence_hangup_utter: plainText('Long silence hang-up utterance', 1000),
  sip_server_dev: sipServer('SIP server for testing'),
  sip_number_dev: sipNumber('SIP number for testing'),
  sip_password_dev: sipPassword('SIP password for testing'),
  sip_server_prod: sipServer('SIP server for production'),
  sip_number_prod: sipNumber('SIP number for production'),
  sip_password_prod: sipPassword('SIP password for production'),
  stt_corrections: z.array(sttCorrection).max(1000, 'At most 1000 speech-to-text corrections.'),
  stt_provider: z.enum(sttProviders, { error: `Speech-to-text provider must be one of ${sttProviders.join(', ')}.` }),
  autocorrect_threshold: decimal('Autocorrect threshold', 0, 1),
  is_chat: flag('Chat only'),
  language: z.enum(languageCodes, { error: `Language must be one of ${languageCodes.join(', ')}.` }),
  chatbot_client_scss: plainText('Chatbot client style', 100_000),
  chatbot_client_js: plainText('Chatbot client script', 100_000),
  config_struct: jsonObject('Configuration structure'),
  config_dev: jsonObject('Testing configuration'),
  config_prod: jsonObject('Production configuration'),
  multi_intent: flag('Multiple intents'),
  chatbot_base_url: plainText('Chatbot base URL', 2000).refine(
    (s) => s === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(s),
    'Chatbot base URL must start with http:// or https://.',
  ),
  conversations_retention: int('Conversations retention (days)', 1, 3650),
  /** Issue 16: search the knowledge base when no intent clears the confidence threshold, before the fallback. */
  knowledge_fallback: flag('Search the knowledge base when no intent clears the confidence threshold'),
  /** Issue 16: a knowledge answer's confidence below this is "no answer". */
  knowledge_threshold: decimal('Knowledge threshold', 0, 1),
};

export const settingsUpdate = z.object(settingsFields).partial();
export type SettingsUpdate = z.infer<typeof settingsUpdate>;

export const SECRET_FIELDS = ['sip_password_dev', 'sip_password_prod'] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];

/** Everything stored in clear (the secrets are not). */
export const storedSettings = z.object(settingsFields).omit({ sip_password_dev: true, sip_password_prod: true });
export type StoredSettings = z.infer<typeof storedSettings>;

/** Settings as answered: every field, the project id, the chatbot token, secrets as placeholders plus flags. */
export const settingsView = z.object({
  ...storedSettings.shape,
  name: z.string(),
  id: z.number().int(),
  chatbot_token: z.string(),
  sip_password_dev: z.string(),
  sip_password_prod: z.string(),
  has_sip_password_dev: z.boolean(),
  has_sip_password_prod: z.boolean(),
  ...auditFields,
});
export type SettingsView = z.infer<typeof settingsView>;

export const getSettings = defineCall({
  name: 'getSettings',
  method: 'GET',
  path: '/settings',
  resource: '/settings',
  access: grant('GET', '/settings'),
  query: mtimeQuery,
  response: settingsView,
});

export const updateSettings = defineCall({
  name: 'updateSettings',
  method: 'PUT',
  path: '/settings',
  resource: '/settings',
  access: grant('PUT', '/settings'),
  query: scopeQuery,
  body: settingsUpdate,
  response: settingsView,
});

export const apiToken = z.object({ token: z.string() });

/** The chatbot token sits in the settings, so its calls share the settings' atime. */
export const getProjectToken = defineCall({
  name: 'getProjectToken',
  method: 'GET',
  path: '/project/api-token',
  resource: '/settings',
  access: grant('GET', '/settings'),
  query: scopeQuery,
  response: apiToken,
});

export const renewProjectToken = defineCall({
  name: 'renewProjectToken',
  method: 'PUT',
  path: '/project/api-token',
  resource: '/settings',
  access: grant('PUT', '/project/api-token'),
  query: scopeQuery,
  response: apiToken,
});
