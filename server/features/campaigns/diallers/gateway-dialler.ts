import type { CallEvent, CallRef, StatusWebhook } from '../dialler.ts';
import { CallEventListeners } from './listeners.ts';

/**
 * What the hosted gateways' diallers (jambonz, Twilio) share: their calls live on at the provider when a process
 * dies, and a status webhook (which may land on any instance) becomes at most one event, by the provider's mapping.
 */
export abstract class GatewayDialler {
  readonly callsOutliveProcess = true;
  private readonly listeners = new CallEventListeners();

  /** The event a status webhook's fields report for the call, or null for statuses the engine does not count. */
  protected abstract statusEvent(fields: Record<string, unknown>, call: CallRef): CallEvent | null;

  receiveStatus(webhook: StatusWebhook): void {
    const event = this.statusEvent(webhook.fields, { callId: webhook.callId, attempt: webhook.attempt });
    if (event) this.listeners.emit(event);
  }

  onEvent(listener: (event: CallEvent) => void): () => void {
    return this.listeners.add(listener);
  }

  async close(): Promise<void> {}
}
