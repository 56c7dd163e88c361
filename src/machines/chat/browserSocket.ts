import { fromCallback } from 'xstate';
import { socketMessage } from '../../api/contract/chat.ts';
import type { ConversationRef, SocketEvent } from './actors.ts';

/** Normal closure (1000) is the clean close that ends the integration; anything else is retried by the machine. */
const CLEAN_CLOSE = 1000;

/** The integration websocket: pushes tracker messages; reports how it closed. `urlOf` differs for console and widget. */
export const browserIntegrationSocket = (urlOf: (conversation: ConversationRef, lastTs: number) => string) =>
  fromCallback<{ type: 'socket.stop' }, { conversation: ConversationRef; lastTs: number }, SocketEvent>(
    ({ input, sendBack }) => {
      const socket = new WebSocket(urlOf(input.conversation, input.lastTs));
      let stopped = false;
      socket.addEventListener('message', (message) => {
        try {
          const parsed = socketMessage.safeParse(JSON.parse(String(message.data)));
          if (parsed.success)
            sendBack({ type: 'socket.message', tracker: parsed.data.tracker, ended: parsed.data.ended });
        } catch {
          // not JSON: ignored, the socket only carries tracker messages
        }
      });
      socket.addEventListener('close', (event) => {
        if (!stopped) sendBack({ type: 'socket.closed', clean: event.wasClean && event.code === CLEAN_CLOSE });
      });
      return () => {
        stopped = true;
        socket.close(CLEAN_CLOSE);
      };
    },
  );
