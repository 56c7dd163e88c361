// The toasts the console shows, counted where Mantine keeps them (shown and queued), for "one toast per failure".
import { notifications, notificationsStore } from '@mantine/notifications';
import { act } from '@testing-library/react';

export interface ShownToast {
  title: string;
  message: string;
  color: string;
}

export function shownToasts(): ShownToast[] {
  const { notifications: shown, queue } = notificationsStore.getState();
  return [...shown, ...queue].map((n) => ({
    title: String(n.title ?? ''),
    message: String(n.message ?? ''),
    color: String(n.color ?? ''),
  }));
}

export function clearToasts(): void {
  act(() => notifications.clean());
}

/** The toasts a step added: `step` runs, then what appeared since it began. */
export async function toastsAddedBy(step: () => Promise<unknown> | unknown): Promise<ShownToast[]> {
  const before = shownToasts().length;
  await step();
  return shownToasts().slice(before);
}
