import type { FastifyInstance } from 'fastify';
import { takeChatbotTestScreenshot } from '../../../src/api/contract/chatbot-test.ts';
import type { RouteServices } from '../../http/register-call.ts';
import type { ScreenshotSettings } from './screenshots/screenshot-settings.ts';
import type { ScreenshotService } from './screenshots/screenshot-service.ts';
import { invalidInput } from '../../domain-errors.ts';
import { HttpError } from '../../http/http-error.ts';
import { registerCall } from '../../http/register-call.ts';
import { ConcurrencyLimit, LimitBusyError } from './screenshots/concurrency-limit.ts';
import { ScreenshotFailure } from './screenshots/screenshot-service.ts';
import { checkTarget } from './screenshots/target-guard.ts';

/** A page gets this long to load and be captured. */
export const SCREENSHOT_TIMEOUT_MS = 15_000;
/** Screenshots taken at once (each is a browser tab), and how many more may wait for a turn. */
export const SCREENSHOT_LIMIT = { running: 2, waiting: 4 };

/**
 * POST /v1/chatbot-test/screenshot (spec 2 §7): the chatbot test screen's background. The target must resolve
 * to public addresses (unless SCREENSHOT_ALLOW_PRIVATE=1); the service (server/app-scope.ts) starts the local
 * browser at the first use and closes it with the server. Failures answer 422 with the reason, a full line 429; nothing answers 500.
 */
export default async function chatbotTestRoutes(
  app: FastifyInstance,
  services: RouteServices & { config: { screenshots: ScreenshotSettings }; screenshots: ScreenshotService | null },
) {
  const settings = services.config.screenshots;
  const service = services.screenshots;
  const limit = new ConcurrencyLimit(SCREENSHOT_LIMIT);

  registerCall(app, services, takeChatbotTestScreenshot, async ({ body, requireProject }) => {
    requireProject();
    const target = await checkTarget(new URL(body.url).hostname, settings.allowPrivate);
    if ('refused' in target) throw invalidInput(target.refused);
    if (!service) {
      throw new HttpError(
        422,
        'No screenshot service is available: install Chromium on the server or set SCREENSHOT_SERVICE_URL.',
      );
    }
    try {
      const shot = await limit.run(() => service.take(body, SCREENSHOT_TIMEOUT_MS));
      return { base64_raw: shot.base64, content_type: shot.contentType, width: body.width, height: body.height };
    } catch (error) {
      if (error instanceof LimitBusyError) {
        throw new HttpError(429, 'Too many screenshots are being taken; try again in a moment.');
      }
      if (error instanceof ScreenshotFailure) throw new HttpError(422, error.message);
      throw error;
    }
  });
}
