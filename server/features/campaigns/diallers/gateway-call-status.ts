import type { CallEndReason, CallEvent, CallRef } from '../dialler.ts';

/**
 * The call statuses jambonz and Twilio share (jambonz took Twilio's names) as the engine counts them: one event per
 * status, none for the others (queued, initiated, trying). `failed` is how a failure counts for this gateway (jambonz
 * reads it from the SIP status); a busy call without a SIP status reports 486.
 */
export function gatewayStatusEvent(
  status: string,
  code: string | null,
  call: CallRef,
  failed: CallEndReason,
): CallEvent | null {
  const at = new Date();
  switch (status) {
    case 'ringing':
      return { type: 'ringing', ...call };
    case 'in-progress':
      return { type: 'answered', ...call, at };
    case 'completed':
      return { type: 'ended', ...call, reason: 'completed', code, at };
    case 'busy':
      return { type: 'ended', ...call, reason: 'busy', code: code ?? '486', at };
    case 'no-answer':
      return { type: 'ended', ...call, reason: 'no-answer', code, at };
    case 'failed':
      return { type: 'ended', ...call, reason: failed, code, at };
    default:
      return null;
  }
}
