import { type ScreenshotRequest, takeChatbotTestScreenshot as takeScreenshotCall } from './contract/chatbot-test.ts';
import { callApi } from './client.ts';

/**
 * A screenshot for the chatbot test screen. Refusals (400), pages that cannot be captured (422) and a busy
 * server (429) are shown on the screen with the server's reason, so the error table stays quiet for them.
 */
export const takeChatbotTestScreenshot = (body: ScreenshotRequest) =>
  callApi(takeScreenshotCall, { body, expectedStatuses: [400, 422, 429] });
