/**
 * How long the chat waits before it tries again a call the server refused as busy (503, issue 35): exponential
 * backoff, a step of 1 s doubling per attempt up to 8 s, with jitter: the wait is between one and two steps
 * (`random` in [0, 1)). So the first retry never comes before the server's `Retry-After: 1`, and widgets refused
 * together do not all come back together.
 */
export const RECONNECT_FIRST_MS = 1000;
export const RECONNECT_CAP_MS = 8000;

export function reconnectDelay(attempt: number, random: number): number {
  const step = Math.min(RECONNECT_CAP_MS, RECONNECT_FIRST_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(step + random * step);
}
