import { CHAT_TEXTS } from '../../api/contract/chat.ts';

/** Every text the chat shows for an outcome (spec 1 §5, §8), verbatim, plus the few of our own. */
export const CHAT_NOTICES = {
  ...CHAT_TEXTS,
  readFailed: 'Cannot read the message aloud',
  integrationLost: 'Connection to the agent was lost; reconnecting…',
  /** The server answered 503 (busy): the chat tries again by itself (issue 35). */
  reconnecting: 'The server is busy. Reconnecting…',
} as const;
