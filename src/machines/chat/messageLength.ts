import { CHAT_MESSAGE_MAX } from '../../api/contract/chat.ts';

/** The input shows its count from here on: 90 % of the limit (spec-free; issue 33). */
export const CHAT_COUNTER_FROM = Math.floor(CHAT_MESSAGE_MAX * 0.9);

const figure = (n: number) => n.toLocaleString('en-US');

/**
 * A draft's length as the server counts it (trimmed; contract `msg` max), whether it is over the limit, and the
 * counter the input shows near the limit ("1,850 / 2,000"), null below it.
 */
export function messageLength(text: string): { length: number; over: boolean; counter: string | null } {
  const length = text.trim().length;
  return {
    length,
    over: length > CHAT_MESSAGE_MAX,
    counter: length >= CHAT_COUNTER_FROM ? `${figure(length)} / ${figure(CHAT_MESSAGE_MAX)}` : null,
  };
}

/** Why a message is refused, with the limit: nothing is cut without a word. */
export const messageTooLong = (length: number): string =>
  `This message has ${figure(length)} characters; a message can have at most ${figure(CHAT_MESSAGE_MAX)}. Shorten it to send it.`;
