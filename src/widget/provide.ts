import { provideChat } from '../machines/chat/providedChat.ts';
import type { WidgetConfig } from './widgetConfig.ts';

/** The chat machine with the chatbot token's calls: the same chart and effects as the console's test window. */
export function providedWidgetChat(config: WidgetConfig) {
  return provideChat(
    { kind: 'token', token: config.token, env: config.env, projectId: config.projectId },
    { loadClientStyle: () => loadClientStyle(config) },
  );
}

/** The project's `chatbot_client_scss`, served beside the bundle for the token (plain CSS; flags read from it). */
async function loadClientStyle(config: WidgetConfig): Promise<string> {
  try {
    const url = new URL('client-style', config.base);
    url.searchParams.set('chatbot_token', config.token);
    const response = await fetch(url, { credentials: 'omit' });
    return response.ok ? await response.text() : '';
  } catch {
    return '';
  }
}
