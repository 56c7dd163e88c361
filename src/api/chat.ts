import {
  CHAT_SOCKET_PATH,
  chatAttachments,
  chatInit,
  chatProvisional,
  chatReadUtter,
  chatSend,
  chatTimeout,
} from './contract/chat.ts';
import { callApi, getApiScope } from './client.ts';

/**
 * Who chats: the console's session (the project's working draft) or the widget's chatbot token (a
 * deployed environment). The token travels in the query (`chatbot_token`), so no header is needed.
 */
export type ChatAuth =
  | { kind: 'session' }
  | { kind: 'token'; token: string; env: 'dev' | 'prod'; projectId: number | null };
export interface Conversation {
  id: number;
  token: string;
}

const authQuery = (auth: ChatAuth) =>
  auth.kind === 'token'
    ? { chatbot_token: auth.token, project_env: auth.env, project_id: auth.projectId ?? undefined }
    : {};
const conversationQuery = (auth: ChatAuth, c: Conversation) => ({
  ...authQuery(auth),
  id: c.id,
  conversation_token: c.token,
});
/** The chat's own failures are the machine's to tell ('Cannot send message', ...): no generic toast. */
const expectedStatuses = [400, 404, 409, 410, 413, 415, 429, 500, 502, 503];

export const startChat = (auth: ChatAuth, getMeta: boolean) =>
  callApi(chatInit, { query: authQuery(auth), body: { get_meta: getMeta }, expectedStatuses });

export const sendChatMessage = (auth: ChatAuth, c: Conversation, msg: string, lastTs: number, getMeta: boolean) =>
  callApi(chatSend, {
    query: conversationQuery(auth, c),
    body: { msg, last_ts: lastTs, get_meta: getMeta },
    expectedStatuses,
  });

export const askProvisionalReply = (auth: ChatAuth, c: Conversation, lastTs: number, getMeta: boolean) =>
  callApi(chatProvisional, {
    query: conversationQuery(auth, c),
    body: { last_ts: lastTs, get_meta: getMeta },
    expectedStatuses,
  });

export const sendChatTimeout = (auth: ChatAuth, c: Conversation, reaction: string, lastTs: number, getMeta: boolean) =>
  callApi(chatTimeout, {
    query: conversationQuery(auth, c),
    body: { reaction, last_ts: lastTs, get_meta: getMeta },
    expectedStatuses,
  });

export function sendChatAttachments(auth: ChatAuth, c: Conversation, files: File[], lastTs: number, index = 0) {
  const form = new FormData();
  form.append('last_ts', String(lastTs));
  form.append('chat_attachment_index', String(index));
  for (const file of files) form.append('files', file, file.name);
  return callApi(chatAttachments, { query: conversationQuery(auth, c), body: form as never, expectedStatuses });
}

/** The WAV of a bot message (ofetch answers audio as a Blob). */
export async function loadUtteranceAudio(
  auth: ChatAuth,
  c: Conversation,
  utter: string,
  lastTs: number,
  speed: number,
): Promise<Blob> {
  const audio = await callApi(chatReadUtter, {
    query: { ...conversationQuery(auth, c), speed },
    body: { utter, last_ts: lastTs },
    expectedStatuses,
  });
  if (!(audio instanceof Blob)) throw new Error('The server did not answer audio.');
  return audio;
}

/** Address of an attachment of the conversation (the console's session cookie or the token authorises it). */
export function chatAttachmentUrl(auth: ChatAuth, c: Conversation, attachmentId: number): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(conversationQuery(auth, c))) if (v !== undefined) query.set(k, String(v));
  const { projectId, user } = getApiScope();
  if (auth.kind === 'session' && projectId !== null) query.set('project_id', String(projectId));
  if (auth.kind === 'session' && user) query.set('user_id', String(user.id));
  return `/v1/chat/attachment/${attachmentId}?${query}`;
}

/** What the console's test window talks to: the working draft (its conversations are stored with env draft). */
export const CONSOLE_CHAT_ENV = 'draft';

/**
 * The integration websocket's address (spec 1 §7): project, environment, chat token, conversation token, id.
 * The console sends no chat token: its session cookie authenticates it, and the public widget token would make it a
 * caller of dev or prod, which may not open the draft's conversations (docs/decisions.md).
 */
export function chatSocketUrl(auth: ChatAuth, c: Conversation, lastTs: number): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(conversationQuery(auth, c))) if (v !== undefined) query.set(k, String(v));
  const { projectId } = getApiScope();
  if (auth.kind === 'session') {
    if (projectId !== null) query.set('project_id', String(projectId));
    query.set('project_env', CONSOLE_CHAT_ENV);
  }
  query.set('last_ts', String(lastTs));
  const origin = location.origin.replace(/^http/, 'ws');
  return `${origin}/v1${CHAT_SOCKET_PATH}?${query}`;
}
