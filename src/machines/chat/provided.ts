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
} from '../../api/chat.ts';
import { getSettings } from '../../api/settings.ts';
import { showNotice } from '../provide.ts';
import { playWav } from './playWav.ts';
import { browserIntegrationSocket } from './browserSocket.ts';
import { browserTimeoutTimers } from './browserTimers.ts';
import { chatMachine } from './machine.ts';
import type { NewTest } from './testConversion.ts';

const session: ChatAuth = { kind: 'session' };

/**
 * The tests calls (GET /tests, PUT /tests/-1) belong to the tests issue; until its contract exists the
 * conversion stops here with a plain message. Wire these two to src/api/tests.ts when it lands.
 */
export const TESTS_API_MISSING = 'Tests cannot be created yet on this server.';
export const testsCalls = {
  loadTestNames: async (): Promise<string[]> => [],
  createTest: async (_test: NewTest): Promise<{ id: number }> => {
    throw new Error(TESTS_API_MISSING);
  },
};

/** The console's chat test window: the session's calls on the working draft, with intent and confidence. */
export const providedChatMachine = chatMachine.provide({
  actors: {
    initChat: fromPromise(async ({ input }) => {
      const [start, style] = await Promise.all([
        chatInit(session, input.getMeta),
        getSettings()
          .then((s) => s.chatbot_client_scss ?? '')
          .catch(() => ''),
      ]);
      return { ...start, client_style: style };
    }),
    sendMessage: fromPromise(({ input }) =>
      chatSend(session, input.conversation, input.msg, input.lastTs, input.getMeta),
    ),
    pollProvisional: fromPromise(({ input }) =>
      chatProvisional(session, input.conversation, input.lastTs, input.getMeta),
    ),
    sendTimeout: fromPromise(({ input }) =>
      chatTimeout(session, input.conversation, input.reaction, input.lastTs, input.getMeta),
    ),
    uploadAttachments: fromPromise(({ input }) =>
      chatAttachments(session, input.conversation, input.files, input.lastTs),
    ),
    readUtter: fromPromise(({ input }) =>
      chatReadUtter(session, input.conversation, input.utter, input.lastTs, input.speed),
    ),
    loadTestNames: fromPromise(() => testsCalls.loadTestNames()),
    createTest: fromPromise(({ input }) => testsCalls.createTest(input)),
    timeoutTimers: browserTimeoutTimers,
    integrationSocket: browserIntegrationSocket((c, lastTs) => chatSocketUrl(session, c, lastTs)),
  },
  actions: {
    notify: (_, params) =>
      showNotice({
        title: params.text,
        color: params.tone === 'error' ? 'red' : params.tone === 'success' ? 'green' : 'blue',
      }),
    playAudio: (_, params) => playWav(params.audio),
  },
});
