import type { ChatResponse } from '../../api/contract/chat.ts';
import { failureStatus } from '../../api/contract/notice.ts';
import { messageLength } from './messageLength.ts';
import { redirectsToIntegration } from './transcript.ts';

type Ctx = { context: { integration: boolean }; event: unknown };

const outputOf = (event: unknown): ChatResponse | null =>
  event && typeof event === 'object' && 'output' in event ? ((event as { output: ChatResponse }).output ?? null) : null;

/** A message over the contract's limit (CHAT_MESSAGE_MAX): refused with the limit shown, never cut. */
export const tooLong = ({ event }: { event: unknown }): boolean => {
  const { type, text } = (event ?? {}) as { type?: string; text?: unknown };
  return type === 'message.send' && typeof text === 'string' && messageLength(text).over;
};

/** The answer ended the conversation (call_end, call_transfer). */
export const answerEnds = ({ event }: Ctx): boolean => outputOf(event)?.ended === true;

/** After this answer the integration socket should be open (an integration_redirect happened, now or before). */
export const wantsSocket = ({ context, event }: Ctx): boolean =>
  context.integration || redirectsToIntegration(outputOf(event)?.tracker ?? []);

/** The server says the conversation has ended (410) — e.g. ended in another tab. */
export const conversationGone = ({ event }: { event: unknown }): boolean => {
  const error = event && typeof event === 'object' && 'error' in event ? (event as { error: unknown }).error : null;
  return failureStatus(error) === 410;
};

/** The server refused the call as busy (503, past its bound of work in flight): nothing was done, try again later. */
export const serverBusy = ({ event }: { event: unknown }): boolean => {
  const error = event && typeof event === 'object' && 'error' in event ? (event as { error: unknown }).error : null;
  return failureStatus(error) === 503;
};
