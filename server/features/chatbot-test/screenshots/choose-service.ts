import fs from 'node:fs';
import { externalScreenshotService } from './external-service.ts';
import { localChromiumScreenshots } from './local-chromium.ts';
import type { ScreenshotService } from './screenshot-service.ts';
import type { ScreenshotSettings } from './screenshot-settings.ts';

/** The configured external service first; else the local Chromium when it is installed; else none. */
export function chooseScreenshotService(settings: ScreenshotSettings): ScreenshotService | null {
  if (settings.serviceUrl) return externalScreenshotService({ url: settings.serviceUrl, key: settings.serviceKey });
  if (fs.existsSync(settings.chromiumPath)) {
    return localChromiumScreenshots({ chromiumPath: settings.chromiumPath, allowPrivate: settings.allowPrivate });
  }
  return null;
}
