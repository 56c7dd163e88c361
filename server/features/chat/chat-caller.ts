import type { FastifyRequest } from 'fastify';
import { CHATBOT_TOKEN_HEADER } from '../../../src/api/contract/chat.ts';
import type { ConversationEnv } from '../../../src/api/contract/conversations.ts';
import { can } from '../../../src/api/permissions.ts';
import { SESSION_COOKIE, resolveSession } from '../../auth/sessions.ts';
import type { Db } from '../../db/database.ts';
import { DomainError, notLoggedIn, notPermitted } from '../../domain-errors.ts';
import { HttpError } from '../../http/http-error.ts';
import { projectOfChatbotToken } from './chatbot-token.ts';
import { loadCurrentUser } from '../../auth/current-user.ts';

/** Who asks for a turn: a caller already known (console session), or the widget's chatbot token (turn-read.ts checks it). */
export type TurnCaller =
  | { projectId: number; env: ConversationEnv }
  | { chatbotToken: string; claimedProjectId: number | null; env: ConversationEnv };

export const invalidChatbotToken = () => new DomainError('not-logged-in', 'Invalid chatbot token.');

/** Who chats, in which project and environment. */
export interface ChatCaller {
  projectId: number;
  env: ConversationEnv;
  userId: number | null;
  via: 'session' | 'token';
}

/** The grant a console user needs to chat with the working draft (permission catalogue). */
export const CHAT_GRANT = { method: 'POST', path: '/chat' } as const;

const queryOf = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;

/**
 * The chat's two ways in (spec 1 §7, DESIGN §3):
 * - the chatbot token (header `x-chatbot-token` or query `chatbot_token`): the widget, no cookie; its project,
 *   the environment of `project_env` (production unless `dev`);
 * - else the console's session with the `POST /chat` grant in the query's project: the working draft.
 *   `checkOrigin` is for websockets, which cannot carry the console's CSRF header: there the Origin must be ours.
 */
export async function authenticateChat(
  db: Db,
  request: FastifyRequest,
  options: { checkOrigin?: boolean } = {},
): Promise<ChatCaller> {
  const query = queryOf(request);
  const token = chatbotTokenOf(request);
  if (token) {
    const projectId = await projectOfChatbotToken(db, token);
    if (projectId === null) throw invalidChatbotToken();
    if (request.projectId !== null && request.projectId !== projectId) throw invalidChatbotToken();
    return { projectId, env: query.project_env === 'dev' ? 'dev' : 'prod', userId: null, via: 'token' };
  }
  const userId = await resolveSession(db, request.cookies[SESSION_COOKIE]);
  const user = userId === null ? null : await loadCurrentUser(db, userId);
  if (!user) throw notLoggedIn();
  if (options.checkOrigin) {
    if (!sameOrigin(request)) throw new HttpError(403, 'Foreign origin.');
  } else if (request.headers['x-requested-with'] !== 'console') {
    throw new HttpError(403, 'Missing request header.');
  }
  const claimed = query.user_id;
  if (claimed !== undefined && String(claimed) !== String(user.id)) throw new HttpError(403, 'User mismatch.');
  if (user.password_expired) throw new HttpError(403, 'Password expired. Change it first.');
  const projectId = request.projectId;
  if (projectId === null) throw new HttpError(400, 'project_id is required.');
  if (!can(user, CHAT_GRANT.method, CHAT_GRANT.path, projectId)) throw notPermitted();
  if (!user.projects.some((p) => p.id === projectId)) throw notPermitted();
  return { projectId, env: 'draft', userId: user.id, via: 'session' };
}

/**
 * The caller of a chat message without a database read of its own: the chatbot token is checked by the
 * message's one read (server/features/chat/turn-read.ts); a console session is resolved as `authenticateChat` does.
 */
export async function chatTurnCaller(db: Db, request: FastifyRequest): Promise<TurnCaller> {
  const query = queryOf(request);
  const token = chatbotTokenOf(request);
  if (!token) return authenticateChat(db, request);
  return {
    chatbotToken: token,
    claimedProjectId: request.projectId,
    env: query.project_env === 'dev' ? 'dev' : 'prod',
  };
}

function chatbotTokenOf(request: FastifyRequest): string {
  const headerToken = request.headers[CHATBOT_TOKEN_HEADER];
  const queryToken = queryOf(request).chatbot_token;
  return typeof headerToken === 'string' && headerToken
    ? headerToken
    : typeof queryToken === 'string'
      ? queryToken
      : '';
}

/** The Origin header names this very server (scheme and host as the request reached us). */
export function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || !URL.canParse(origin)) return false;
  // (A socket injected in tests has no protocol; a real one always does.)
  const own = `${request.protocol ?? 'http'}://${request.headers.host ?? ''}`;
  // Through URL both sides drop default ports and lower-case the host.
  return URL.canParse(own) && new URL(origin).origin === new URL(own).origin;
}

/** Whether a session-authenticated socket's session still holds (checked while the socket is open). */
export async function sessionStillValid(db: Db, token: string | undefined): Promise<boolean> {
  const userId = await resolveSession(db, token);
  return userId !== null && (await loadCurrentUser(db, userId)) !== null;
}
