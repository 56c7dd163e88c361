import type { VoiceTurn, WebhookCall } from '../dialler.ts';
import type { StatusCallbacks } from './dialler-settings.ts';
import { gatewayWebhookUrl } from './status-callback-url.ts';

/** How a gateway writes each verb a turn needs (jambonz: JSON objects; Twilio: TwiML elements). */
export interface TurnVerbs<V> {
  play(audioUrl: string): V;
  transfer(destination: string): V;
  hangUp(): V;
  /** Waits for one digit and posts it to `actionUrl`, which answers the next turn. */
  gather(actionUrl: string): V;
}

/** Seconds a gather waits for a digit before it asks the action hook again (with no digits). */
export const GATHER_TIMEOUT_SECONDS = 10;

/**
 * A turn of the bot as a gateway's verbs: each utterance played from the audio route (the per-call token, `ts`
 * naming it), then a transfer, a hang-up, or a gather whose action hook runs the callee's next message.
 */
export function verbsOfTurn<V>(
  callbacks: StatusCallbacks,
  provider: string,
  call: WebhookCall,
  turn: VoiceTurn,
  verbs: TurnVerbs<V>,
): V[] {
  const url = (webhook: 'audio' | 'gather', extra?: Record<string, string>) =>
    gatewayWebhookUrl(callbacks, webhook, provider, call.campaignId, call, extra);
  const out = turn.utterances.map((u) => verbs.play(url('audio', { ts: String(u.ts) })));
  if (turn.transferTo) out.push(verbs.transfer(turn.transferTo));
  if (turn.transferTo || turn.hangUp) out.push(verbs.hangUp());
  else out.push(verbs.gather(url('gather')));
  return out;
}
