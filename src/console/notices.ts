import { notifications } from '@mantine/notifications';
import { ApiError, type Notice, SkippedCallError } from '../api/client.ts';
import { noticeCloseDelay } from './noticeTiming.ts';

/**
 * A notice as a Mantine notification; errors stay longer. Our own timer closes it (Mantine's autoClose pauses while
 * the pointer is on the toast, ours does not).
 */
export function showNotice(notice: Notice): void {
  const id = notifications.show({
    title: notice.title,
    message: notice.message ?? '',
    color: notice.color,
    autoClose: false,
  });
  setTimeout(() => notifications.hide(id), noticeCloseDelay(notice));
}

/** A failed call's own message (validation refusals), unless the client's error table already told the user. */
export function notifyFailure(error: unknown, title?: string): void {
  if (error instanceof SkippedCallError) return;
  if (error instanceof ApiError && error.notified) return;
  const message = error instanceof Error ? error.message : String(error);
  if (title) showNotice({ title, message, color: 'red' });
  else showNotice({ title: message, color: 'red' });
}

/** The `notify` and `notifyFailure` actions most charts declare, with their real effects. */
export const noticeActions = {
  notify: (_: unknown, params: Notice) => showNotice(params),
  notifyFailure: (_: unknown, params: { error: unknown; title?: string }) => notifyFailure(params.error, params.title),
};
