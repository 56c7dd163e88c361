import { fromPromise } from 'xstate';
import {
  type ChatAuth,
  chatAttachments,
  chatInit,
  chatProvisional,
  chatReadUtter,
  chatSend,
  chatSocketUrl,
  chatTimeout,
} from '../api/chat.ts';
import { browserIntegrationSocket } from '../machines/chat/browserSocket.ts';
import { browserTimeoutTimers } from '../machines/chat/browserTimers.ts';
import { chatMachine } from '../machines/chat/machine.ts';
import { playWav } from '../machines/chat/playWav.ts';
import type { NewTest } from '../machines/chat/testConversion.ts';
import type { WidgetConfig } from './widgetConfig.ts';

/** The chat machine with the chatbot token's calls: the same chart as the console's test window. */
export function providedWidgetChat(config: WidgetConfig) {
  const auth: ChatAuth = { kind: 'token', token: config.token, env: config.env, projectId: config.projectId };
  return chatMachine.provide({
    actors: {
      initChat: fromPromise(async ({ input }) => {
        const [start, style] = await Promise.all([chatInit(auth, input.getMeta), loadClientStyle(config)]);
        return { ...start, client_style: style };
      }),
      sendMessage: fromPromise(({ input }) =>
        chatSend(auth, input.conversation, input.msg, input.lastTs, input.getMeta),
      ),
      pollProvisional: fromPromise(({ input }) =>
        chatProvisional(auth, input.conversation, input.lastTs, input.getMeta),
      ),
      sendTimeout: fromPromise(({ input }) =>
        chatTimeout(auth, input.conversation, input.reaction, input.lastTs, input.getMeta),
      ),
      uploadAttachments: fromPromise(({ input }) =>
        chatAttachments(auth, input.conversation, input.files, input.lastTs),
      ),
      readUtter: fromPromise(({ input }) =>
        chatReadUtter(auth, input.conversation, input.utter, input.lastTs, input.speed),
      ),
      // Converting to a test is the console's; the widget never offers it.
      loadTestNames: fromPromise<string[]>(async () => []),
      createTest: fromPromise<{ id: number }, NewTest>(() => Promise.reject(new Error('Not available in the widget.'))),
      timeoutTimers: browserTimeoutTimers,
      integrationSocket: browserIntegrationSocket((c, lastTs) => chatSocketUrl(auth, c, lastTs)),
    },
    actions: { playAudio: (_, params) => playWav(params.audio) },
  });
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
