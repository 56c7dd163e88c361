import { fromCallback, fromPromise } from 'xstate';
import type { ChatResponse, TrackerEntry } from '../../api/contract/chat.ts';
import type { EntityLookupCommand, EntityLookupEvent } from './entityLookup.ts';
import type { NewTest } from './testConversion.ts';

/** What opening a conversation answers: the conversation, and the client style whose flags the chat reads. */
export interface ChatStart extends ChatResponse {
  conversation_token: string;
  client_style: string;
}
export interface ConversationRef {
  id: number;
  token: string;
}
export interface ProvisionalAnswer extends ChatResponse {
  pending: boolean;
}

/** Events the timers actor sends back. */
export type TimerEvent = { type: 'timeout.elapsed'; reaction: string };
/** Commands the machine sends to the timers actor. */
export type TimerCommand =
  | { type: 'timers.start'; reaction: string; seconds: number }
  | { type: 'timers.clear'; reaction: string | null };
/** Events the integration socket actor sends back. */
export type SocketEvent =
  | { type: 'socket.message'; tracker: TrackerEntry[]; ended: boolean }
  | { type: 'socket.closed'; clean: boolean };

const notProvided = (name: string) => () => Promise.reject(new Error(`chat actor ${name} not provided`));

/**
 * Typed placeholders. The console gives the session's calls (provided.ts), the widget the chatbot
 * token's (src/widget), tests deferred fakes. The timers, the entity lookups and the socket are callback actors so that
 * tests can fire a timer or push a socket message as a fake network would.
 */
export const chatActors = {
  initChat: fromPromise<ChatStart, { getMeta: boolean }>(notProvided('initChat')),
  sendMessage: fromPromise<
    ChatResponse,
    { conversation: ConversationRef; msg: string; lastTs: number; getMeta: boolean }
  >(notProvided('sendMessage')),
  pollProvisional: fromPromise<ProvisionalAnswer, { conversation: ConversationRef; lastTs: number; getMeta: boolean }>(
    notProvided('pollProvisional'),
  ),
  sendTimeout: fromPromise<
    ChatResponse,
    { conversation: ConversationRef; reaction: string; lastTs: number; getMeta: boolean }
  >(notProvided('sendTimeout')),
  uploadAttachments: fromPromise<ChatResponse, { conversation: ConversationRef; files: File[]; lastTs: number }>(
    notProvided('uploadAttachments'),
  ),
  readUtter: fromPromise<Blob, { conversation: ConversationRef; utter: string; lastTs: number; speed: number }>(
    notProvided('readUtter'),
  ),
  loadTestNames: fromPromise<string[]>(notProvided('loadTestNames')),
  createTest: fromPromise<{ id: number }, NewTest>(notProvided('createTest')),
  timeoutTimers: fromCallback<TimerCommand, void, TimerEvent>(() => {}),
  /** Looks up the select boxes of another project's entity (one actor for the conversation, like the timers). */
  entityLookups: fromCallback<EntityLookupCommand, void, EntityLookupEvent>(() => {}),
  integrationSocket: fromCallback<
    { type: 'socket.stop' },
    { conversation: ConversationRef; lastTs: number },
    SocketEvent
  >(() => {}),
};
