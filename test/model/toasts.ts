// The toasts the console shows, counted where Mantine keeps them (shown and queued), for "one toast per failure".
import { notifications, notificationsStore } from '@mantine/notifications';
import { act } from '@testing-library/react';

export interface ShownToast {
  title: string;
  message: string;
  color: string;
}

const storedToasts = () => {
  const { notifications: shown, queue } = notificationsStore.getState();
  return [...shown, ...queue];
};

const asShown = (n: ReturnType<typeof storedToasts>[number]): ShownToast => ({
  title: String(n.title ?? ''),
  message: String(n.message ?? ''),
  color: String(n.color ?? ''),
});

export function shownToasts(): ShownToast[] {
  return storedToasts().map(asShown);
}

export function clearToasts(): void {
  act(() => notifications.clean());
}

/** The toasts a step added (by id: others may close meanwhile): `step` runs, then what appeared since it began. */
export async function toastsAddedBy(step: () => Promise<unknown> | unknown): Promise<ShownToast[]> {
  const before = new Set(storedToasts().map((n) => n.id));
  await step();
  return storedToasts()
    .filter((n) => !before.has(n.id))
    .map(asShown);
}
