import type { Notice } from '../api/contract/notice.ts';

/**
 * How long a toast stays (issue 33): long enough to read a server's message, and it closes on its own even while the
 * pointer rests on it (Mantine would wait for the pointer to leave: a toast once blocked Run Chat for 45 s).
 */
export const NOTICE_CLOSE_MS = { info: 6000, error: 12_000 } as const;

/** A notice's own duration (spec: 5 s for 'not assigned') wins; errors stay longer than the rest. */
export const noticeCloseDelay = (notice: Pick<Notice, 'color' | 'autoClose'>): number =>
  notice.autoClose ?? (notice.color === 'red' ? NOTICE_CLOSE_MS.error : NOTICE_CLOSE_MS.info);
