import type { DoneActorEvent, ErrorActorEvent, OutputFrom } from 'xstate';
import { assign, enqueueActions, sendTo, setup } from 'xstate';
import type { ChatResponse, LogLevelName, TrackerEntry } from '../../api/contract/chat.ts';
import { type ChatStart, chatActors, type ConversationRef, type TimerCommand } from './actors.ts';
import { type ChatFlags, DEFAULT_CHAT_FLAGS, readChatFlags } from './clientStyleFlags.ts';
import { type EntityLookup, type EntityLookupCommand, lookupsAsked } from './entityLookup.ts';
import type { ChatEvent } from './events.ts';
import { reconnectDelay } from './backoff.ts';
import { answerEnds, conversationGone, serverBusy, tooLong, wantsSocket } from './guards.ts';
import { messageLength, messageTooLong } from './messageLength.ts';
import { TEST_CREATED, conversationToSteps, testNameError } from './testConversion.ts';
import { CHAT_NOTICES } from './texts.ts';
import {
  inputVisibleAfter,
  lastTimestamp,
  mergeEntries,
  newEntries,
  redirectsToIntegration,
  timerChanges,
} from './transcript.ts';

export interface ChatNotice {
  text: string;
  tone: 'error' | 'success' | 'info';
}

export interface ChatContext {
  /** The console asks for intent and confidence (get_meta); the widget does not. */
  getMeta: boolean;
  conversation: ConversationRef | null;
  entries: TrackerEntry[];
  ended: boolean;
  inputVisible: boolean;
  flags: ChatFlags;
  /** The project's chatbot_client_scss (the widget applies it as plain CSS). */
  clientStyle: string;
  /** An integration_redirect happened: the integration socket stays open while the conversation is idle. */
  integration: boolean;
  /** Select boxes of another project's entity, by their tracker timestamp, once looked up (absent: still looking). */
  lookups: Record<number, EntityLookup>;
  /** The message on its way, shown until the answer arrives. */
  pendingText: string | null;
  /** The bot message being fetched as audio. */
  reading: string | null;
  notice: ChatNotice | null;
  logLevel: LogLevelName;
  maximised: boolean;
  testName: string;
  testNameError: string | null;
  testNames: string[];
  /** Calls the server refused as busy (503) in a row: the backoff before the next try grows with it. */
  retries: number;
}

export interface ChatInput {
  getMeta: boolean;
}

/** Spec 1 §9: the default chat log level. */
export const DEFAULT_LOG_LEVEL: LogLevelName = 'warn';

const fresh = (getMeta: boolean): ChatContext => ({
  getMeta,
  conversation: null,
  entries: [],
  ended: false,
  inputVisible: true,
  flags: DEFAULT_CHAT_FLAGS,
  clientStyle: '',
  integration: false,
  lookups: {},
  pendingText: null,
  reading: null,
  notice: null,
  logLevel: DEFAULT_LOG_LEVEL,
  maximised: false,
  testName: '',
  testNameError: null,
  testNames: [],
  retries: 0,
});

const isUserMessage = (e: TrackerEntry): boolean => e.type === 'utter' && e.args.who === 'user';
const conversationOf = (context: ChatContext): ConversationRef => context.conversation as ConversationRef;

interface EntriesUpdate {
  tracker: TrackerEntry[];
  ended: boolean;
  /** The call is over: the message typed is in the transcript now. */
  settled: boolean;
}
interface Enqueue {
  sendTo(to: 'timeoutTimers', event: TimerCommand): void;
  sendTo(to: 'entityLookups', event: EntityLookupCommand): void;
  assign(update: Partial<ChatContext>): void;
}

/** Merges new entries, starts or cancels the timers their timeout actions ask for, looks up their select boxes. */
function applyEntries(context: ChatContext, params: EntriesUpdate, enqueue: Enqueue): void {
  const added = newEntries(context.entries, params.tracker);
  for (const lookup of lookupsAsked(added)) enqueue.sendTo('entityLookups', lookup);
  for (const change of timerChanges(added)) {
    enqueue.sendTo(
      'timeoutTimers',
      change.kind === 'start'
        ? { type: 'timers.start', reaction: change.reaction, seconds: change.seconds }
        : { type: 'timers.clear', reaction: change.reaction },
    );
  }
  if (params.ended) enqueue.sendTo('timeoutTimers', { type: 'timers.clear', reaction: null });
  enqueue.assign({
    entries: mergeEntries(context.entries, params.tracker),
    ended: context.ended || params.ended,
    inputVisible: inputVisibleAfter(added, context.inputVisible),
    integration: (context.integration || redirectsToIntegration(added)) && !params.ended,
    // The typed message shows until the transcript holds it (an answer, or a provisional one with it).
    pendingText: params.settled || added.some(isUserMessage) ? null : context.pendingText,
  });
}

/** Where a finished call of the conversation leads: ended, idle with the socket, or plain idle. */
/** Tell the user: in the window and, in the console, as a notification. */
const say = (notice: ChatNotice) => [
  { type: 'showInWindow' as const, params: notice },
  { type: 'notify' as const, params: notice },
];
const afterAnswer = (extra: ReturnType<typeof say> = []) => [
  { guard: 'answerEnds' as const, target: '#chat.open.ended', actions: ['storeAnswer' as const, ...extra] },
  { guard: 'wantsSocket' as const, target: '#chat.open.idle.listening', actions: ['storeAnswer' as const, ...extra] },
  { target: '#chat.open.idle.quiet', actions: ['storeAnswer' as const, ...extra] },
];
/** Back to idle after a failed call, keeping the socket if the integration is on. */
const backToIdle = (notice: ChatNotice, clear: Partial<ChatContext> = {}) => [
  {
    guard: 'integrationOn' as const,
    target: '#chat.open.idle.listening',
    actions: [{ type: 'clearFields' as const, params: clear }, ...say(notice)],
  },
  { target: '#chat.open.idle.quiet', actions: [{ type: 'clearFields' as const, params: clear }, ...say(notice)] },
];
const error = (text: string): ChatNotice => ({ text, tone: 'error' });

/**
 * One conversation with the bot (spec 1 §2, §4; DESIGN §8–§9), used by the console's test window and the
 * embeddable widget, which differ only in the actors they provide.
 */
export const chatMachine = setup({
  types: {
    context: {} as ChatContext,
    events: {} as ChatEvent,
    input: {} as ChatInput,
  },
  actors: chatActors,
  delays: {
    /** Spec 1 §4, §9: provisional responses are polled every 500 ms while a reply is awaited. */
    providedPollInterval: 500,
    /** Spec 1 §4, §9: a socket that did not close cleanly is reopened after 3 s. */
    integrationSocketRetry: 3000,
    /** Issue 35: a call the server refused as busy is tried again after 1–2 s, doubling up to 8–16 s, with jitter. */
    reconnectBackoff: ({ context }) => reconnectDelay(context.retries, Math.random()),
  },
  guards: {
    answerEnds,
    wantsSocket,
    conversationGone,
    serverBusy,
    integrationOn: ({ context }) => context.integration,
    hasText: ({ event }) => event.type === 'message.send' && event.text.trim().length > 0,
    tooLong,
    hasFiles: ({ event }) => event.type === 'attachment.upload' && event.files.length > 0,
    canReadAloud: ({ context, event }) =>
      context.flags.readUtterances && event.type === 'utter.read' && event.text.length > 0,
    closedCleanly: ({ event }) => event.type === 'socket.closed' && event.clean,
    socketEnds: ({ event }) => event.type === 'socket.message' && event.ended,
    wasEnded: ({ context }) => context.ended,
    testNameValid: ({ context }) => testNameError(context.testName, context.testNames) === null,
  },
  actions: {
    /** A notification outside the window (console: Mantine); the window shows `context.notice` too. */
    /** A notification outside the window (console: Mantine; the widget shows only `context.notice`). */
    notify: (_, _params: ChatNotice) => {},
    showInWindow: assign((_, params: ChatNotice) => ({ notice: params })),
    clearFields: assign((_, params: Partial<ChatContext>) => params),
    playAudio: (_, _params: { audio: Blob }) => {},
    storeStart: assign(({ event }) => {
      const start = (event as { output?: ChatStart }).output;
      return start
        ? {
            conversation: { id: start.conversation_id, token: start.conversation_token },
            flags: readChatFlags(start.client_style),
          }
        : {};
    }),
    /** Merges the answer's entries and starts or cancels the timers its timeout actions ask for. */
    storeAnswer: enqueueActions(({ context, event, enqueue }) => {
      const answer = (event as { output?: ChatResponse }).output;
      if (answer) applyEntries(context, { tracker: answer.tracker, ended: answer.ended, settled: true }, enqueue);
    }),
    applyEntries: enqueueActions(({ context, enqueue }, params: EntriesUpdate) =>
      applyEntries(context, params, enqueue),
    ),
    clearTimers: sendTo('timeoutTimers', { type: 'timers.clear', reaction: null } satisfies TimerCommand),
    /** Answers to lookups of a finished conversation are dropped. */
    forgetLookups: sendTo('entityLookups', { type: 'entities.forget' } satisfies EntityLookupCommand),
    /** Without the persistent-timeouts flag a message of the user cancels the running timers. */
    clearTimersUnlessPersistent: enqueueActions(({ context, enqueue }) => {
      if (!context.flags.persistentTimeouts)
        enqueue.sendTo('timeoutTimers', { type: 'timers.clear', reaction: null } satisfies TimerCommand);
    }),
    clearNotice: assign({ notice: null }),
    countRetry: assign({ retries: ({ context }) => context.retries + 1 }),
    clearRetries: assign({ retries: 0 }),
    resetLogLevel: assign(({ context }) => ({ ...fresh(context.getMeta), logLevel: context.logLevel })),
    resetLogLevelAndMaximised: assign(({ context }) => ({
      ...fresh(context.getMeta),
      logLevel: context.logLevel,
      maximised: context.maximised,
    })),
    rememberLogLevel: assign({ logLevel: (_, event: Extract<ChatEvent, { type: 'log.level' }>) => event.level }),
    resetMaximised: assign({ maximised: ({ context }) => !context.maximised }),
    rememberLookups: assign({
      lookups: ({ context }, event: Extract<ChatEvent, { type: 'entity.looked' }>) => ({
        ...context.lookups,
        [event.key]: event.lookup,
      }),
    }),
    rememberPendingText: assign({
      pendingText: (_, event: Extract<ChatEvent, { type: 'message.send' }>) => event.text.trim(),
      notice: null,
    }),
    rememberReading: assign({ reading: (_, event: Extract<ChatEvent, { type: 'utter.read' }>) => event.text }),
    clearIntegration: assign({ integration: false }),
    rememberEnded: assign({ ended: true, pendingText: null }),
    clearReading: assign({ reading: null }),
    clearTestNameAndTestNameError: assign({ testName: '', testNameError: null }),
    storeTestNames: assign({
      testNames: (_, event: DoneActorEvent<OutputFrom<(typeof chatActors)['loadTestNames']>>) => event.output,
    }),
    clearTestNames: assign({ testNames: [] }),
    rememberTestName: assign({
      testName: (_, event: Extract<ChatEvent, { type: 'convert.name' }>) => event.name,
      testNameError: null,
    }),
    resetTestNameError: assign({
      testNameError: ({ context }) => testNameError(context.testName, context.testNames),
    }),
    rememberTestNameError: assign({
      testNameError: (_, event: ErrorActorEvent) =>
        event.error instanceof Error ? event.error.message : String(event.error),
    }),
  },
}).createMachine({
  id: 'chat',
  description: 'A conversation with the bot: opening starts one, closing clears it.',
  context: ({ input }) => fresh(input.getMeta),
  invoke: [
    { id: 'timeoutTimers', src: 'timeoutTimers' },
    { id: 'entityLookups', src: 'entityLookups' },
  ],
  on: {
    'notice.dismiss': { actions: 'clearNotice' },
  },
  initial: 'closed',
  states: {
    closed: {
      description: 'No conversation; Run Chat (Ctrl+Shift+X) or the widget button opens one.',
      entry: ['clearTimers', 'forgetLookups', 'resetLogLevel'],
      on: { 'chat.open': 'opening' },
    },
    opening: {
      description: 'POST /chat/init starts a new conversation and runs the @start reaction.',
      tags: ['loading'],
      entry: ['clearTimers', 'forgetLookups', 'resetLogLevelAndMaximised'],
      on: { 'chat.close': 'closed' },
      initial: 'starting',
      states: {
        starting: {
          description: 'The call is on its way.',
          invoke: {
            id: 'initChat',
            src: 'initChat',
            input: ({ context }) => ({ getMeta: context.getMeta }),
            onDone: [
              {
                guard: 'answerEnds',
                target: '#chat.open.ended',
                actions: ['storeStart', 'storeAnswer'],
              },
              { guard: 'wantsSocket', target: '#chat.open.idle.listening', actions: ['storeStart', 'storeAnswer'] },
              { target: '#chat.open.idle.quiet', actions: ['storeStart', 'storeAnswer'] },
            ],
            onError: [
              { guard: 'serverBusy', target: 'reconnecting' },
              { target: '#chat.failed', actions: say(error(CHAT_NOTICES.initFailed)) },
            ],
          },
        },
        reconnecting: {
          description: "The server answered 503 (busy): 'Reconnecting…', and the call is tried again after a backoff.",
          tags: ['reconnecting'],
          entry: 'countRetry',
          after: { reconnectBackoff: 'starting' },
        },
      },
    },
    failed: {
      description: "'Cannot init chat': reload tries again.",
      on: { 'chat.reload': 'opening', 'chat.close': 'closed' },
    },
    open: {
      description: 'A conversation runs; the window shows its transcript.',
      on: {
        'chat.close': 'closed',
        'chat.reload': 'opening',
        'log.level': { actions: { type: 'rememberLogLevel', params: ({ event }) => event } },
        'window.toggleSize': { actions: 'resetMaximised' },
        // A select box of another project gets its values, or 'Entity not found' / 'N/A Insufficient permisssions'.
        'entity.looked': {
          actions: { type: 'rememberLookups', params: ({ event }) => event },
        },
      },
      initial: 'idle',
      states: {
        idle: {
          description: 'Waiting for the user: type, press a button, pick a value or a date, upload, read aloud.',
          entry: 'clearRetries',
          on: {
            'message.send': [
              // Over the limit: the window says so, with the limit; the draft stays in the input to be shortened.
              {
                guard: 'tooLong',
                actions: {
                  type: 'showInWindow',
                  params: ({ event }) => error(messageTooLong(messageLength(event.text).length)),
                },
              },
              {
                guard: 'hasText',
                target: 'sending',
                actions: [{ type: 'rememberPendingText', params: ({ event }) => event }, 'clearTimersUnlessPersistent'],
              },
            ],
            'attachment.upload': [
              { guard: 'hasFiles', target: 'uploading', actions: 'clearNotice' },
              { actions: say(error(CHAT_NOTICES.chooseFile)) },
            ],
            'utter.read': {
              guard: 'canReadAloud',
              target: 'reading',
              actions: { type: 'rememberReading', params: ({ event }) => event },
            },
            'timeout.elapsed': 'timingOut',
            'convert.open': 'converting',
          },
          initial: 'quiet',
          states: {
            quiet: { description: 'No integration socket is needed.' },
            listening: {
              description: 'An integration_redirect happened: the websocket brings what the integration says.',
              invoke: {
                id: 'integrationSocket',
                src: 'integrationSocket',
                input: ({ context }) => ({
                  conversation: conversationOf(context),
                  lastTs: lastTimestamp(context.entries),
                }),
              },
              on: {
                'socket.message': [
                  {
                    guard: 'socketEnds',
                    target: '#chat.open.ended',
                    actions: {
                      type: 'applyEntries',
                      params: ({ event }) => ({ tracker: event.tracker, ended: event.ended, settled: false }),
                    },
                  },
                  {
                    actions: {
                      type: 'applyEntries',
                      params: ({ event }) => ({ tracker: event.tracker, ended: event.ended, settled: false }),
                    },
                  },
                ],
                'socket.closed': [
                  { guard: 'closedCleanly', target: 'quiet', actions: 'clearIntegration' },
                  { target: 'retrying' },
                ],
              },
            },
            retrying: {
              description: 'The socket closed without a clean close: it is reopened after 3 s.',
              after: { integrationSocketRetry: 'listening' },
            },
          },
        },
        sending: {
          description: 'POST /chat with the message; provisional responses are polled meanwhile.',
          tags: ['busy'],
          invoke: {
            id: 'sendMessage',
            src: 'sendMessage',
            input: ({ context }) => ({
              conversation: conversationOf(context),
              msg: context.pendingText ?? '',
              lastTs: lastTimestamp(context.entries),
              getMeta: context.getMeta,
            }),
            onDone: afterAnswer(),
            onError: [
              {
                guard: 'conversationGone',
                target: 'ended',
                actions: 'rememberEnded',
              },
              // Refused as busy: nothing was done, the same message goes again after a backoff.
              { guard: 'serverBusy', target: 'reconnecting' },
              ...backToIdle(error(CHAT_NOTICES.sendFailed), { pendingText: null }),
            ],
          },
          initial: 'waiting',
          states: {
            waiting: {
              description: 'Waiting 500 ms before asking for a provisional response.',
              after: { providedPollInterval: 'polling' },
            },
            polling: {
              description: 'POST /chat/provisional-response: what the bot said so far while a slow action runs.',
              invoke: {
                id: 'pollProvisional',
                src: 'pollProvisional',
                input: ({ context }) => ({
                  conversation: conversationOf(context),
                  lastTs: lastTimestamp(context.entries),
                  getMeta: context.getMeta,
                }),
                onDone: {
                  target: 'waiting',
                  actions: {
                    type: 'applyEntries',
                    params: ({ event }) => ({ tracker: event.output.tracker, ended: false, settled: false }),
                  },
                },
                onError: 'waiting',
              },
            },
          },
        },
        reconnecting: {
          description:
            "The server answered 503 (busy) to the message: 'Reconnecting…'; it is sent again after a backoff (1–2 s, doubling up to 8–16 s, with jitter).",
          tags: ['busy', 'reconnecting'],
          entry: 'countRetry',
          after: { reconnectBackoff: 'sending' },
        },
        timingOut: {
          description: 'A timer elapsed: POST /chat/timeout runs its reaction.',
          tags: ['busy'],
          invoke: {
            id: 'sendTimeout',
            src: 'sendTimeout',
            input: ({ context, event }) => ({
              conversation: conversationOf(context),
              reaction: event.type === 'timeout.elapsed' ? event.reaction : '',
              lastTs: lastTimestamp(context.entries),
              getMeta: context.getMeta,
            }),
            onDone: afterAnswer(),
            onError: backToIdle(error(CHAT_NOTICES.timeoutFailed)),
          },
        },
        uploading: {
          description: 'PUT /chat/attachments with the chosen files.',
          tags: ['busy'],
          invoke: {
            id: 'uploadAttachments',
            src: 'uploadAttachments',
            input: ({ context, event }) => ({
              conversation: conversationOf(context),
              files: event.type === 'attachment.upload' ? event.files : [],
              lastTs: lastTimestamp(context.entries),
            }),
            onDone: afterAnswer(say({ text: CHAT_NOTICES.uploaded, tone: 'success' })),
            onError: backToIdle(error(CHAT_NOTICES.uploadFailed)),
          },
        },
        reading: {
          description: 'POST /chat/read-utter fetches the WAV of a bot message; it plays when it arrives.',
          tags: ['busy'],
          invoke: {
            id: 'readUtter',
            src: 'readUtter',
            input: ({ context }) => ({
              conversation: conversationOf(context),
              utter: context.reading ?? '',
              lastTs: lastTimestamp(context.entries),
              speed: context.flags.readSpeed,
            }),
            onDone: [
              {
                guard: 'integrationOn',
                target: 'idle.listening',
                actions: [{ type: 'playAudio', params: ({ event }) => ({ audio: event.output }) }, 'clearReading'],
              },
              {
                target: 'idle.quiet',
                actions: [{ type: 'playAudio', params: ({ event }) => ({ audio: event.output }) }, 'clearReading'],
              },
            ],
            onError: backToIdle(error(CHAT_NOTICES.readFailed), { reading: null }),
          },
        },
        converting: {
          description: 'Convert the conversation to a test: a name (required, unique), then PUT /tests/-1.',
          entry: 'clearTestNameAndTestNameError',
          on: {
            // Back where it was opened: ended, or idle with the integration socket reopened if one was open.
            'convert.cancel': [
              { guard: 'wasEnded', target: 'ended' },
              { guard: 'integrationOn', target: 'idle.listening' },
              { target: 'idle.quiet' },
            ],
          },
          initial: 'loading',
          states: {
            loading: {
              description: 'The names of the existing tests are fetched (a name must be unique).',
              tags: ['loading'],
              invoke: {
                id: 'loadTestNames',
                src: 'loadTestNames',
                onDone: { target: 'editing', actions: { type: 'storeTestNames', params: ({ event }) => event } },
                onError: { target: 'editing', actions: 'clearTestNames' },
              },
            },
            editing: {
              description:
                "The name is typed; 'Test name cannot be empty' or 'Duplicit test name' when it cannot be used.",
              on: {
                'convert.name': { actions: { type: 'rememberTestName', params: ({ event }) => event } },
                'convert.submit': [
                  { guard: 'testNameValid', target: 'saving' },
                  {
                    actions: 'resetTestNameError',
                  },
                ],
              },
            },
            saving: {
              description: 'PUT /tests/-1 with the steps of this conversation.',
              tags: ['busy'],
              invoke: {
                id: 'createTest',
                src: 'createTest',
                input: ({ context }) => ({
                  name: context.testName.trim(),
                  steps: conversationToSteps(context.entries),
                }),
                onDone: [
                  {
                    guard: 'wasEnded',
                    target: '#chat.open.ended',
                    actions: say({ text: TEST_CREATED, tone: 'success' }),
                  },
                  ...backToIdle({ text: TEST_CREATED, tone: 'success' }),
                ],
                onError: {
                  target: 'editing',
                  actions: { type: 'rememberTestNameError', params: ({ event }) => event },
                },
              },
            },
          },
        },
        ended: {
          description: "call_end or call_transfer: 'Conversation ended' and a restart button.",
          on: { 'chat.restart': '#chat.opening', 'convert.open': 'converting' },
        },
      },
    },
  },
});
