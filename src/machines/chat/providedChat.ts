import { fromPromise } from 'xstate';
import {
  type ChatAuth,
  sendChatAttachments,
  startChat,
  askProvisionalReply,
  loadUtteranceAudio,
  sendChatMessage,
  chatSocketUrl,
  sendChatTimeout,
} from '../../api/chat.ts';
import { browserEntityLookups, type ProjectEntitiesLoader } from './browserEntityLookups.ts';
import { browserIntegrationSocket } from './browserSocket.ts';
import { browserTimeoutTimers } from './browserTimers.ts';
import { type ChatNotice, chatMachine } from './machine.ts';
import { playWav } from './playWav.ts';
import type { NewTest } from './testConversion.ts';

/** What differs between the console's chat test window and the widget besides how the caller authenticates. */
export interface ChatSurroundings {
  /** The project's chatbot_client_scss (flags are read from it); '' when it cannot be had. */
  loadClientStyle(): Promise<string>;
  /** Converting a conversation to a test (the console's; the widget has none). */
  tests?: { loadTestNames(): Promise<string[]>; createTest(test: NewTest): Promise<{ id: number }> };
  /**
   * Another project's entities, for its select boxes (the console's session; a 403 must not log out). Without it
   * (the widget) such a box shows 'N/A Insufficient permisssions' without calling.
   */
  loadProjectEntities?: ProjectEntitiesLoader;
  /** Toasts (the console's notifications; the widget shows none). */
  notify?(notice: ChatNotice): void;
}

/** The chat chart with its real effects: one function for console and widget, the authentication a parameter. */
export function provideChat(auth: ChatAuth, around: ChatSurroundings) {
  return chatMachine.provide({
    actors: {
      initChat: fromPromise(async ({ input }) => {
        const [start, style] = await Promise.all([startChat(auth, input.getMeta), around.loadClientStyle()]);
        return { ...start, client_style: style };
      }),
      sendMessage: fromPromise(({ input }) =>
        sendChatMessage(auth, input.conversation, input.msg, input.lastTs, input.getMeta),
      ),
      pollProvisional: fromPromise(({ input }) =>
        askProvisionalReply(auth, input.conversation, input.lastTs, input.getMeta),
      ),
      sendTimeout: fromPromise(({ input }) =>
        sendChatTimeout(auth, input.conversation, input.reaction, input.lastTs, input.getMeta),
      ),
      uploadAttachments: fromPromise(({ input }) =>
        sendChatAttachments(auth, input.conversation, input.files, input.lastTs),
      ),
      readUtter: fromPromise(({ input }) =>
        loadUtteranceAudio(auth, input.conversation, input.utter, input.lastTs, input.speed),
      ),
      loadTestNames: fromPromise<string[]>(async () => (around.tests ? around.tests.loadTestNames() : [])),
      createTest: fromPromise<{ id: number }, NewTest>(({ input }) =>
        around.tests ? around.tests.createTest(input) : Promise.reject(new Error('Not available here.')),
      ),
      timeoutTimers: browserTimeoutTimers,
      entityLookups: browserEntityLookups(around.loadProjectEntities),
      integrationSocket: browserIntegrationSocket((c, lastTs) => chatSocketUrl(auth, c, lastTs)),
    },
    actions: {
      notify: (_, params) => around.notify?.(params),
      playAudio: (_, params) => playWav(params.audio),
    },
  });
}
