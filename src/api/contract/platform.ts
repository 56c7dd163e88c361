import { z } from 'zod';
import { defineCall, grant, sessionAccess } from './call.ts';
import { okResponse, scopeQuery } from './common.ts';

/**
 * Platform-wide reference lists and settings: languages, voices, the password-age and one-time-code
 * policies, and the administrator's one-time-code reset of a user.
 */

/** Languages the language model understands (server/nlu/languages/registry.ts; a test keeps them equal). */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'cs', name: 'Czech' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const languageCodes = LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]];

/** Voices of the bundled text-to-speech engine (espeak-ng voice + variant), by language. */
export const VOICES = [
  {
    id: 'espeak-en-us-female',
    name: 'English (US), female',
    language: 'en',
    gender: 'female',
    engine_voice: 'en-us+f3',
  },
  { id: 'espeak-en-us-male', name: 'English (US), male', language: 'en', gender: 'male', engine_voice: 'en-us+m3' },
  {
    id: 'espeak-en-gb-female',
    name: 'English (UK), female',
    language: 'en',
    gender: 'female',
    engine_voice: 'en-gb+f3',
  },
  { id: 'espeak-en-gb-male', name: 'English (UK), male', language: 'en', gender: 'male', engine_voice: 'en-gb+m3' },
  { id: 'espeak-cs-female', name: 'Czech, female', language: 'cs', gender: 'female', engine_voice: 'cs+f3' },
  { id: 'espeak-cs-male', name: 'Czech, male', language: 'cs', gender: 'male', engine_voice: 'cs+m3' },
] as const;
export const voiceIds = VOICES.map((v) => v.id) as string[];

export const language = z.object({ code: z.string(), name: z.string() });
export const voice = z.object({
  id: z.string(),
  name: z.string(),
  language: z.string(),
  gender: z.enum(['female', 'male']),
  engine_voice: z.string(),
});
export type Voice = z.infer<typeof voice>;

export const getLanguages = defineCall({
  name: 'getLanguages',
  method: 'GET',
  path: '/languages',
  resource: '/languages',
  access: sessionAccess,
  query: scopeQuery,
  response: z.array(language),
});

export const getVoices = defineCall({
  name: 'getVoices',
  method: 'GET',
  path: '/voices',
  resource: '/voices',
  access: sessionAccess,
  query: scopeQuery,
  response: z.array(voice),
});

export const MAX_PASSWORD_AGE_LIMIT = 3650;

export const platformSettings = z.object({
  /** Days after which a password counts as expired; null (the default) means never. */
  max_password_age_days: z
    .number({ error: 'Maximum password age must be a number of days.' })
    .int('Maximum password age must be a whole number of days.')
    .min(1, 'Maximum password age must be at least 1 day.')
    .max(MAX_PASSWORD_AGE_LIMIT, `Maximum password age must be at most ${MAX_PASSWORD_AGE_LIMIT} days.`)
    .nullable(),
  /** Every user must enrol and give a one-time code at login. */
  require_otp: z.boolean({ error: 'require_otp must be true or false.' }),
});
export type PlatformSettings = z.infer<typeof platformSettings>;

/** The resource whose atime platform-wide writes compare-and-set (kept under project 0, not per project). */
export const PLATFORM_RESOURCE = '/platform';

export const getPlatformSettings = defineCall({
  name: 'getPlatformSettings',
  method: 'GET',
  path: '/platform/settings',
  resource: PLATFORM_RESOURCE,
  access: grant('PUT', '/platform'),
  query: scopeQuery,
  response: platformSettings,
});

export const updatePlatformSettings = defineCall({
  name: 'updatePlatformSettings',
  method: 'PUT',
  path: '/platform/settings',
  resource: PLATFORM_RESOURCE,
  access: grant('PUT', '/platform'),
  query: scopeQuery,
  body: platformSettings.partial(),
  response: platformSettings,
});

export const userIdParam = z.object({
  id: z.coerce
    .number({ error: 'The user id must be a number.' })
    .int('The user id must be a whole number.')
    .min(1, 'No such user.')
    .max(2_147_483_647, 'No such user.'),
});

/** Removes a user's one-time-code enrolment (lost phone); they enrol again at their next login if required. */
export const resetUserOtp = defineCall({
  name: 'resetUserOtp',
  method: 'POST',
  path: '/users/:id/otp-reset',
  resource: '/users',
  access: grant('POST', '/users/{id}/otp-reset'),
  query: scopeQuery,
  params: userIdParam,
  response: okResponse,
});
