import type { CallEvent, CallStatus } from '../dialler.ts';

/** A gateway's latest status, read as the event it would have reported: where the call stands now. */
export function statusFromEvent(event: CallEvent): CallStatus {
  if (event.type === 'ringing') return { state: 'ringing' };
  if (event.type === 'ended') return { state: 'ended', reason: event.reason, code: event.code };
  return { state: 'answered' };
}
