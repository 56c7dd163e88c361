// The console's toasts (issue 33 item 6): they close on their own after their delay even while the pointer rests on
// them, errors stay longer, and a failure the client's table already told is not told twice.
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/client.ts';
import { NOTICE_CLOSE_MS, noticeCloseDelay } from '../../src/console/noticeTiming.ts';
import { notifyFailure, showNotice } from '../../src/console/notices.ts';
import { ConsoleNotifications } from '../../src/ui/ConsoleNotifications.tsx';

const renderToasts = () =>
  render(
    <MantineProvider env="test">
      <ConsoleNotifications />
    </MantineProvider>,
  );

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('errors stay longer than the rest; a notice’s own duration wins', () => {
    expect(noticeCloseDelay({ color: 'green' })).toBe(NOTICE_CLOSE_MS.info);
    expect(noticeCloseDelay({ color: 'red' })).toBe(NOTICE_CLOSE_MS.error);
    expect(NOTICE_CLOSE_MS.error).toBeGreaterThan(NOTICE_CLOSE_MS.info);
    // Longer than Mantine's 4 s (and the 8 s errors had before).
    expect(NOTICE_CLOSE_MS.info).toBeGreaterThan(4000);
    expect(NOTICE_CLOSE_MS.error).toBeGreaterThan(8000);
    expect(noticeCloseDelay({ color: 'yellow', autoClose: 5000 })).toBe(5000);
  });

  it('an error closes on its own after its delay even while hovered', async () => {
    renderToasts();
    act(() => showNotice({ title: 'Cannot upload files!', message: 'Line 3: bad quote', color: 'red' }));
    const toast = screen.getByText('Line 3: bad quote');
    fireEvent.mouseEnter(toast);
    fireEvent.pointerEnter(toast);
    await act(async () => vi.advanceTimersByTimeAsync(NOTICE_CLOSE_MS.error - 100));
    expect(screen.getByText('Line 3: bad quote')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText('Line 3: bad quote')).toBeNull();
  });

  it('a failure the client’s table already told (an expired session, a conflict) is not told again', () => {
    renderToasts();
    act(() =>
      notifyFailure(new ApiError('downloadCsv', 401, { message: 'Not logged in.' }, true), 'Cannot download file!'),
    );
    expect(screen.queryByText('Cannot download file!')).toBeNull();
    act(() =>
      notifyFailure(new ApiError('downloadCsv', 404, { message: 'No such file.' }, false), 'Cannot download file!'),
    );
    expect(screen.getByText('Cannot download file!')).toBeInTheDocument();
    expect(screen.getByText('No such file.')).toBeInTheDocument();
  });
});
