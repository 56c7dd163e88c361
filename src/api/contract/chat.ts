import { z } from 'zod';
import { defineCall, publicAccess } from './call.ts';
import { scopeQuery } from './common.ts';

/** Log levels of tracker entries (spec 1 §9). */
export const LOG_LEVELS = { fine: 10, ok: 20, info: 30, warn: 40, error: 50 } as const;
export type LogLevelName = keyof typeof LOG_LEVELS;

export const CHAT_TEXTS = {
  initFailed: 'Cannot init chat',
  sendFailed: 'Cannot send message',
  timeoutFailed: 'Cannot send timeout request',
  uploadFailed: 'Cannot upload files!',
  uploaded: 'Successfully uploaded',
  noAttachment: 'No Attachment provided',
  chooseFile: 'Please choose file first.',
  ended: 'Conversation ended',
  entityNotFound: 'Entity not found',
  entityForbidden: 'N/A Insufficient permisssions',
} as const;

/** The chatbot token travels in this header (or the `chatbot_token` query); it never needs a cookie. */
export const CHATBOT_TOKEN_HEADER = 'x-chatbot-token';
/** Limits of chat input. The message limit is for the input's counter too: a longer message is refused, never cut. */
export const CHAT_MESSAGE_MAX = 2000;
/** The refusal of a longer message (400), stating the limit. */
export const CHAT_MESSAGE_TOO_LONG = `A message can be at most ${CHAT_MESSAGE_MAX.toLocaleString('en-US')} characters.`;
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_MAX_FILES = 5;
export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] as const;
export const READ_UTTER_MAX = 1000;

/**
 * One tracker entry (spec 1 §3, DESIGN §8). `timestamp` is microseconds since the epoch, strictly
 * increasing within a conversation: the client sends the last one it holds as `last_ts`.
 * - utter: `value` is the text; `args.who` is 'user' or 'bot'; with get_meta a user utter carries
 *   `args.intent` and `args.confidence` (the classification's). On a call a user utter says how it was given:
 *   `args.input` 'dtmf' or 'speech'; speech adds `args.speech_confidence` (the recognizer's 0–1, null when it reported
 *   none) and `args.transcript` when what was said became another message (a button's title: its payload).
 * - intent (only with get_meta): `value` is the intent name or null; `args.confidence`, `args.entities`.
 * - reaction: `value` is the reaction's name. action: `value` is the built-in or project action name and
 *   `args` what the window renders (buttons, links, image, select_box, date_picker, show_input, timeout, ...).
 * - log: `value` is the message and `level` one of LOG_LEVELS.
 */
export const trackerEntry = z.object({
  type: z.enum(['intent', 'action', 'reaction', 'log', 'utter']),
  value: z.string().nullable(),
  args: z.record(z.string(), z.unknown()),
  timestamp: z.number().int(),
  level: z.number().int().optional(),
});
export type TrackerEntry = z.infer<typeof trackerEntry>;

/**
 * Who may chat: the console's session with the `POST /chat` grant in the project (the working draft), or
 * the project's chatbot token (header or query; its project and environment). Both checks are made by
 * the route itself, so these calls are declared public to the access hook.
 */
export const chatQuery = scopeQuery.extend({
  project_env: z.enum(['dev', 'prod']).optional(),
  chatbot_token: z.string().max(200).optional(),
});

export const conversationQuery = chatQuery.extend({
  id: z.coerce.number().int().positive(),
  conversation_token: z.string().min(16).max(128),
});

export const chatResponse = z.object({
  conversation_id: z.number().int(),
  tracker: z.array(trackerEntry),
  ended: z.boolean(),
});
export type ChatResponse = z.infer<typeof chatResponse>;

export const chatInit = defineCall({
  name: 'chatInit',
  method: 'POST',
  path: '/chat/init',
  resource: '/chat',
  access: publicAccess,
  query: chatQuery.extend({ conversation_token: z.string().min(16).max(128).optional() }),
  body: z.object({ get_meta: z.boolean().default(false) }).default({ get_meta: false }),
  response: chatResponse.extend({ conversation_token: z.string() }),
  atimeExempt: true,
  summary:
    'Starts a conversation (runs the @start reaction). The conversation_token (sent or generated) must come with every later call.',
});

export const chatSend = defineCall({
  name: 'chatSend',
  method: 'POST',
  path: '/chat',
  resource: '/chat',
  access: publicAccess,
  query: conversationQuery,
  body: z.object({
    msg: z.string().trim().min(1, 'Message cannot be empty').max(CHAT_MESSAGE_MAX, CHAT_MESSAGE_TOO_LONG),
    last_ts: z.number().int().default(0),
    get_meta: z.boolean().default(false),
  }),
  response: chatResponse,
  atimeExempt: true,
  summary: 'Sends a user message; answers the tracker entries after last_ts.',
});

export const chatProvisional = defineCall({
  name: 'chatProvisional',
  method: 'POST',
  path: '/chat/provisional-response',
  resource: '/chat',
  access: publicAccess,
  query: conversationQuery,
  body: z.object({ last_ts: z.number().int().default(0), get_meta: z.boolean().default(false) }),
  response: chatResponse.extend({ pending: z.boolean() }),
  atimeExempt: true,
  summary:
    'Polled every 500 ms while a message is pending: entries stored after last_ts, and whether a turn still runs.',
});

export const chatTimeout = defineCall({
  name: 'chatTimeout',
  method: 'POST',
  path: '/chat/timeout',
  resource: '/chat',
  access: publicAccess,
  query: conversationQuery,
  body: z.object({
    reaction: z.string().trim().min(1).max(120),
    last_ts: z.number().int().default(0),
    get_meta: z.boolean().default(false),
  }),
  response: chatResponse,
  atimeExempt: true,
  summary: 'A timer set by a timeout action elapsed: runs the named reaction unless the timer was cleared.',
});

export const attachmentInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
});

export const chatAttachments = defineCall({
  name: 'chatAttachments',
  method: 'PUT',
  path: '/chat/attachments',
  resource: '/chat',
  access: publicAccess,
  query: conversationQuery,
  response: chatResponse.extend({ attachments: z.array(attachmentInfo) }),
  atimeExempt: true,
  summary: `Multipart files (${ATTACHMENT_MAX_FILES} at most, ${ATTACHMENT_MAX_BYTES} bytes each; PNG, JPEG, GIF, WebP, PDF by content), fields last_ts, chat_attachment_index.`,
});

export const chatAttachment = defineCall({
  name: 'chatAttachment',
  method: 'GET',
  path: '/chat/attachment/:attachment_id',
  resource: '/chat',
  access: publicAccess,
  params: z.object({ attachment_id: z.coerce.number().int().positive() }),
  query: conversationQuery,
  response: z.unknown(),
  summary: 'Downloads an attachment of the conversation (Content-Disposition: attachment, nosniff).',
});

export const chatReadUtter = defineCall({
  name: 'chatReadUtter',
  method: 'POST',
  path: '/chat/read-utter',
  resource: '/chat',
  access: publicAccess,
  query: conversationQuery.extend({ speed: z.coerce.number().min(0.25).max(4).default(1) }),
  body: z.object({ utter: z.string().min(1).max(READ_UTTER_MAX), last_ts: z.number().int().default(0) }),
  response: z.unknown(),
  atimeExempt: true,
  summary: 'audio/wav of a bot utterance of this conversation (503 when no speech engine is installed).',
});

/** Messages pushed on the integration websocket. */
export const socketMessage = z.object({
  type: z.literal('tracker'),
  conversation_id: z.number().int(),
  tracker: z.array(trackerEntry),
  ended: z.boolean(),
});
export type SocketMessage = z.infer<typeof socketMessage>;
export const CHAT_SOCKET_PATH = '/chat/subscribe-integration-messages';
