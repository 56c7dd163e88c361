import type { ScreenshotRequest } from '../../../../src/api/contract/chatbot-test.ts';
import { type Screenshot, ScreenshotFailure, type ScreenshotService, imageTypeOf } from './screenshot-service.ts';

/** Larger answers are refused: a screenshot of a 1920×1600 page is a few MB at most. */
export const EXTERNAL_ANSWER_MAX_BYTES = 20 * 1024 * 1024;

/**
 * The external screenshot service of spec 2 §7: POST {key, url, width, height} as JSON, the answer carries
 * the image as `base64_raw`. The service URL and key come from the server's configuration only.
 */
export function externalScreenshotService(options: { url: string; key: string }): ScreenshotService {
  return {
    kind: 'external',
    async take(request: ScreenshotRequest, timeoutMs: number): Promise<Screenshot> {
      let answer: Response;
      try {
        answer = await fetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ key: options.key, url: request.url, width: request.width, height: request.height }),
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        throw new ScreenshotFailure(
          timedOut
            ? `The screenshot service did not answer within ${timeoutMs / 1000} s.`
            : 'The screenshot service cannot be reached.',
        );
      }
      if (!answer.ok) throw new ScreenshotFailure(`The screenshot service answered HTTP ${answer.status}.`);
      const length = Number(answer.headers.get('content-length') ?? 0);
      if (length > EXTERNAL_ANSWER_MAX_BYTES) throw new ScreenshotFailure('The screenshot service answered too much.');
      let body: unknown;
      try {
        const text = await answer.text();
        if (text.length > EXTERNAL_ANSWER_MAX_BYTES) throw new Error('too large');
        body = JSON.parse(text);
      } catch {
        throw new ScreenshotFailure('The screenshot service answered something other than JSON.');
      }
      const raw = body && typeof body === 'object' && 'base64_raw' in body ? body.base64_raw : null;
      if (typeof raw !== 'string' || raw === '') throw new ScreenshotFailure('The screenshot service sent no image.');
      const cleaned = raw.replace(/^data:image\/\w+;base64,/, '').replace(/\s+/g, '');
      if (!/^[A-Za-z0-9+/]+=*$/.test(cleaned)) throw new ScreenshotFailure('The screenshot service sent no image.');
      const contentType = imageTypeOf(Buffer.from(cleaned.slice(0, 16), 'base64'));
      if (!contentType) throw new ScreenshotFailure('The screenshot service sent an image that is not PNG or JPEG.');
      return { base64: cleaned, contentType };
    },
    async close() {},
  };
}
