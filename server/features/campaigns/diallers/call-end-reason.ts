import type { CallEndReason } from '../dialler.ts';

/**
 * How the engine counts a SIP final response to an unanswered call: busy is retried as busy, a timeout or an
 * unavailable callee as no-answer, everything else as failed.
 */
export function reasonForSipStatus(status: number): CallEndReason {
  if (status === 486 || status === 600) return 'busy';
  if (status === 408 || status === 480 || status === 487) return 'no-answer';
  return 'failed';
}
