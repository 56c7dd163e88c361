import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CHAT_SOCKET_PATH, type SocketMessage } from '../../../src/api/contract/chat.ts';
import { publicAccess } from '../../../src/api/contract/call.ts';
import type { RouteServices } from '../../http/register-call.ts';
import type { ChatRuntime } from './chat-runtime.ts';
import { type ChatCaller, authenticateChat, sessionStillValid } from './chat-caller.ts';
import { HttpError } from '../../http/http-error.ts';
import { entriesAfter } from './conversations.ts';

/** How often an open socket re-checks the session it was opened with (logout closes it within this). */
export const SOCKET_SESSION_CHECK_MS = 1000;

/** The part of a ws socket used here (the ws package ships no types in this project). */
interface ChatSocket {
  readonly readyState: number;
  readonly OPEN: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message' | 'close', listener: () => void): void;
}

interface SocketRequest extends FastifyRequest {
  chatCaller?: ChatCaller;
}

function queryOf(request: FastifyRequest) {
  const q = (request.query ?? {}) as Record<string, string | undefined>;
  const id = Number(q.id);
  const token = q.conversation_token ?? '';
  if (!Number.isInteger(id) || id <= 0 || token.length < 16 || token.length > 128) {
    throw new HttpError(400, 'id and conversation_token are required.');
  }
  return { id, token, lastTs: Number(q.last_ts) || 0 };
}

/**
 * The integration websocket (spec 1 §7): pushes the conversation's new tracker entries (integration
 * messages, turns made by another tab or server process) as `{type: 'tracker', ...}` messages. Opened with
 * the chatbot token or the console's session; a session socket needs our own Origin (browsers send cookies
 * on cross-site websocket handshakes and cannot send the CSRF header) and is closed (4401) once the
 * session ends.
 */
export default async function chatSocketRoutes(app: FastifyInstance, services: RouteServices & { chat: ChatRuntime }) {
  const { db } = services;
  const { bus, engine } = services.chat;

  app.get(
    CHAT_SOCKET_PATH,
    {
      websocket: true,
      config: { access: publicAccess },
      // Runs before the upgrade: a refused handshake gets a plain HTTP error and no socket.
      preValidation: async (request: SocketRequest) => {
        const caller = await authenticateChat(db, request, { checkOrigin: true });
        const { id, token } = queryOf(request);
        await engine.conversation(caller, id, token);
        request.chatCaller = caller;
      },
    },
    (socket: ChatSocket, request: SocketRequest) => {
      const { id, lastTs } = queryOf(request);
      let sent = lastTs;
      let sending = Promise.resolve();
      const push = () => {
        sending = sending
          .then(async () => {
            if (socket.readyState !== socket.OPEN) return;
            const { entries, ended } = await entriesAfter(db, id, sent);
            if (entries.length === 0) return;
            sent = Math.max(sent, ...entries.map((e) => e.timestamp));
            const message: SocketMessage = { type: 'tracker', conversation_id: id, tracker: entries, ended };
            socket.send(JSON.stringify(message));
          })
          .catch((error) => request.log.warn({ err: error }, 'chat socket push failed'));
      };
      const unsubscribe = bus.subscribe(id, push);
      const sessionToken = request.cookies.console_session;
      const check =
        request.chatCaller?.via === 'session'
          ? setInterval(async () => {
              if (!(await sessionStillValid(db, sessionToken).catch(() => false))) socket.close(4401, 'Session ended');
            }, SOCKET_SESSION_CHECK_MS)
          : null;
      socket.on('message', () => {}); // the socket only pushes; client messages are ignored
      socket.on('close', () => {
        unsubscribe();
        if (check) clearInterval(check);
      });
      push();
    },
  );
}
