import type { LogLevelName } from '../../api/contract/chat.ts';
import type { SocketEvent, TimerEvent } from './actors.ts';
import type { EntityLookupEvent } from './entityLookup.ts';

/** Events of the chat machine, dot-namespaced like every machine of the console. */
export type ChatEvent =
  | { type: 'chat.open' }
  | { type: 'chat.close' }
  | { type: 'chat.reload' }
  | { type: 'chat.restart' }
  | { type: 'message.send'; text: string }
  | { type: 'attachment.upload'; files: File[] }
  | { type: 'utter.read'; text: string }
  | { type: 'notice.dismiss' }
  | { type: 'log.level'; level: LogLevelName }
  | { type: 'window.toggleSize' }
  | { type: 'convert.open' }
  | { type: 'convert.name'; name: string }
  | { type: 'convert.submit' }
  | { type: 'convert.cancel' }
  | TimerEvent
  | EntityLookupEvent
  | SocketEvent;
