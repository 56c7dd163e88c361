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
import { getTests, insertTest } from '../../api/tests.ts';
import { showNotice } from '../provide.ts';
import { playWav } from './playWav.ts';
import { browserIntegrationSocket } from './browserSocket.ts';
import { browserTimeoutTimers } from './browserTimers.ts';
import { chatMachine } from './machine.ts';
import type { NewTest } from './testConversion.ts';

const session: ChatAuth = { kind: 'session' };

/** Converting a conversation to a test: the existing names (uniqueness) and PUT /tests/-1. */
export const testsCalls = {
  loadTestNames: async (): Promise<string[]> => (await getTests()).map((t) => t.name),
  createTest: (test: NewTest): Promise<{ id: number }> => insertTest(test),
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
