import { z } from 'zod';
import { defineCall, grant } from './call.ts';
import { scopeQuery } from './common.ts';

/** Texts of the chatbot test screen (spec 2 §2, §8), verbatim where the spec gives them. */
export const CHATBOT_TEST_TEXTS = {
  urlLabel: 'Webpage URL',
  show: 'Show',
  bundleFailed:
    'Chatbot bundle loading have failed. Please make sure that the settings were properly saved and deployed.',
  screenshotFailed: 'Cannot show the page.',
} as const;

/** Spec 2 §5: a URL without http or https gets http:// in front. */
export function withScheme(url: string): string {
  const trimmed = url.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
}

export const SCREENSHOT_URL_MAX = 2000;
export const SCREENSHOT_BOUNDS = { width: { min: 320, max: 1920 }, height: { min: 240, max: 1600 } } as const;

const dimension = (label: string, bounds: { min: number; max: number }) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(bounds.min, `${label} must be between ${bounds.min} and ${bounds.max}.`)
    .max(bounds.max, `${label} must be between ${bounds.min} and ${bounds.max}.`);

/** What spec 2 §7 posts to the screenshot service (the key is added by the server). */
export const screenshotRequest = z.object({
  url: z
    .string({ error: 'URL must be text.' })
    .max(SCREENSHOT_URL_MAX, `URL must be at most ${SCREENSHOT_URL_MAX} characters.`)
    .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), 'URL must start with http:// or https://.')
    .refine(
      (u) => !URL.canParse(u) || (new URL(u).username === '' && new URL(u).password === ''),
      'URL cannot contain a user name or password.',
    ),
  width: dimension('Width', SCREENSHOT_BOUNDS.width),
  height: dimension('Height', SCREENSHOT_BOUNDS.height),
});
export type ScreenshotRequest = z.infer<typeof screenshotRequest>;

/** The service's answer: the image as `base64_raw` (spec 2 §7), with its type so the page can show it. */
export const screenshotAnswer = z.object({
  base64_raw: z.string(),
  content_type: z.enum(['image/png', 'image/jpeg']),
  width: z.number().int(),
  height: z.number().int(),
});
export type ScreenshotAnswer = z.infer<typeof screenshotAnswer>;

/**
 * POST /v1/chatbot-test/screenshot: a picture of a web page for the chatbot test screen's background, taken by
 * the configured screenshot service or the local Chromium. Public addresses only unless the server allows
 * private ones. Nothing is stored, so no atime; anyone who may read the settings (the chatbot token) may use it.
 */
export const takeChatbotTestScreenshot = defineCall({
  name: 'takeChatbotTestScreenshot',
  method: 'POST',
  path: '/chatbot-test/screenshot',
  resource: '/settings',
  access: grant('GET', '/settings'),
  query: scopeQuery,
  body: screenshotRequest,
  response: screenshotAnswer,
  atimeExempt: true,
  summary: 'Takes a screenshot of a web page for the chatbot test screen (SSRF-guarded, nothing stored).',
});
