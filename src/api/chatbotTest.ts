import { type ScreenshotRequest, takeChatbotTestScreenshot } from './contract/chatbot-test.ts';
import { callApi } from './client.ts';

/**
 * A screenshot for the chatbot test screen. Refusals (400), pages that cannot be captured (422) and a busy
 * server (429) are shown on the screen with the server's reason, so the error table stays quiet for them.
 */
export const captureChatbotTest = (body: ScreenshotRequest) =>
  callApi(takeChatbotTestScreenshot, { body, expectedStatuses: [400, 422, 429] });
