import type { CallEndReason } from './dialler.ts';

/**
 * How one call moves when an attempt ends (issue 17 §2), as a pure function: an answered call is completed
 * whatever the far end reports; busy, no-answer and failed attempts are retried while attempts remain
 * (`retryCount` retries after the first attempt), then the call has failed.
 */
export type AttemptOutcome = { status: 'completed' } | { status: 'failed' } | { status: 'queued' };

export function afterAttempt(c: {
  wasAnswered: boolean;
  reason: CallEndReason;
  attempts: number;
  retryCount: number;
}): AttemptOutcome {
  if (c.wasAnswered || c.reason === 'completed') return { status: 'completed' };
  if (c.reason === 'do-not-call') return { status: 'failed' };
  return c.attempts <= c.retryCount ? { status: 'queued' } : { status: 'failed' };
}

export const RETRIED_REASONS: readonly CallEndReason[] = ['busy', 'no-answer', 'failed'];
