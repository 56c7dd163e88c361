import { fromPromise } from 'xstate';
import { loadSettings, loadProjectToken } from '../../api/settings.ts';
import { captureChatbotTest } from '../../api/chatbotTest.ts';
import { chatbotTestMachine } from './machine.ts';
import { bundleUrl } from './widgetFrame.ts';

/** The chatbot test machine with its real side effects: the settings, the token and the screenshot call. */
export const providedChatbotTestMachine = chatbotTestMachine.provide({
  actors: {
    loadWidget: fromPromise(async () => {
      const [settings, token] = await Promise.all([loadSettings(), loadProjectToken()]);
      return {
        bundleSrc: bundleUrl(settings.chatbot_base_url, window.location.origin),
        token: token.token,
        projectId: settings.id,
      };
    }),
    takeScreenshot: fromPromise(async ({ input }) => {
      const shot = await captureChatbotTest(input);
      return `data:${shot.content_type};base64,${shot.base64_raw}`;
    }),
  },
});
