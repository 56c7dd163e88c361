/** How the chatbot test screen's screenshots are taken (server/config.ts reads these from the environment). */
export interface ScreenshotSettings {
  /** An external screenshot service (SCREENSHOT_SERVICE_URL); null: the local Chromium, when installed. */
  serviceUrl: string | null;
  /** Sent to the external service as `key` (SCREENSHOT_SERVICE_KEY). */
  serviceKey: string;
  /** The local browser (CHROMIUM_PATH, else /usr/bin/chromium); used only when the file exists. */
  chromiumPath: string;
  /**
   * SCREENSHOT_ALLOW_PRIVATE=1 lets pages on private and loopback addresses be captured (a developer's own
   * machine, the tests); off, only public addresses are reached, so the screen cannot be used to look inside.
   */
  allowPrivate: boolean;
}

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

export function readScreenshotSettings(env: NodeJS.ProcessEnv): ScreenshotSettings {
  const serviceUrl = env.SCREENSHOT_SERVICE_URL || null;
  if (serviceUrl !== null && !/^https?:\/\//i.test(serviceUrl)) {
    throw new Error('SCREENSHOT_SERVICE_URL must be an http:// or https:// URL.');
  }
  return {
    serviceUrl,
    serviceKey: env.SCREENSHOT_SERVICE_KEY ?? '',
    chromiumPath: env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH,
    allowPrivate: env.SCREENSHOT_ALLOW_PRIVATE === '1',
  };
}
