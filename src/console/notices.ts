import { notifications } from '@mantine/notifications';
import { createElement } from 'react';
import { HTTP_ERROR_TEXTS, type Notice } from '../api/client.ts';
import { failureReason, toldByClient } from '../api/contract/notice.ts';
import { NoticeActionMessage } from '../ui/NoticeActionMessage.tsx';
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

/**
 * A notice with one button (issue 34: a classification's Undo): the button runs `onAction` and closes the notice,
 * which otherwise closes after the notice's own duration (the window the action is offered for).
 */
export function showNoticeWithAction(notice: Notice, action: { label: string; onAction: () => void }): void {
  const id = notifications.show({
    title: notice.title,
    message: createElement(NoticeActionMessage, {
      message: notice.message ?? '',
      label: action.label,
      onAction: () => {
        notifications.hide(id);
        action.onAction();
      },
    }),
    color: notice.color,
    autoClose: false,
  });
  setTimeout(() => notifications.hide(id), noticeCloseDelay(notice));
}

/**
 * A failed call's one toast, unless the client's error table already told the user (an expired session, a conflict,
 * no response): `title` is the screen's text from the spec, `lead` a fixed first sentence of its message ('Cannot save
 * state.'), then the server's words when it wrote them for a person (not a 500's 'Something went wrong.').
 */
export function notifyFailure(error: unknown, title?: string, lead?: string): void {
  if (toldByClient(error)) return;
  const reason = failureReason(error);
  const message = [lead, reason].filter(Boolean).join(' ') || undefined;
  if (title) showNotice({ title, ...(message ? { message } : {}), color: 'red' });
  else showNotice({ title: message ?? HTTP_ERROR_TEXTS.error.title, color: 'red' });
}

/** The `notify` and `notifyFailure` actions most charts declare, with their real effects. */
export const noticeActions = {
  notify: (_: unknown, params: Notice) => showNotice(params),
  notifyFailure: (_: unknown, params: { error: unknown; title?: string; lead?: string }) =>
    notifyFailure(params.error, params.title, params.lead),
};
