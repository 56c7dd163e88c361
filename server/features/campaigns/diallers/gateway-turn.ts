import type { DigitCollection, SpeechListening, VoiceTurn, WebhookCall } from '../dialler.ts';
import type { StatusCallbacks } from './dialler-settings.ts';
import { gatewayWebhookUrl } from './status-callback-url.ts';

/** How a gateway writes each verb a turn needs (jambonz: JSON objects; Twilio: TwiML elements). */
export interface TurnVerbs<V> {
  play(audioUrl: string): V;
  transfer(destination: string): V;
  hangUp(): V;
  /**
   * Plays the prompts (audio URLs) inside the gather, so a digit pressed during a prompt interrupts it and counts;
   * then waits for the answer (one digit, or the collection's digits; or, when `listen` is given, speech in the
   * bot's language with the project's recognizer) and posts it to `actionUrl`, which answers the next turn.
   */
  gather(
    actionUrl: string,
    prompts: string[],
    collect: DigitCollection | null,
    timeoutSeconds: number,
    listen: SpeechListening | null,
  ): V;
  /**
   * A gateway whose answering-machine detection reports on its own webhook (jambonz): silence for up to `seconds`
   * while it decides (its webhook's answer replaces this), then ask `detectionUrl` with no verdict.
   */
  awaitDetection?(detectionUrl: string, seconds: number): V[];
}

/**
 * Seconds a gather waits for a digit before it asks the action hook again (with no digits), when the turn does not
 * say (the project's long-silence timeout).
 */
export const GATHER_TIMEOUT_SECONDS = 10;

/**
 * A turn of the bot as a gateway's verbs (or a wait for the gateway's answering-machine verdict): each utterance played from the audio route (the per-call token, `ts`
 * naming it), then a transfer or a hang-up; or, when the callee answers next, one gather with the utterances nested
 * in it, whose action hook runs the callee's next message.
 */
export function verbsOfTurn<V>(
  callbacks: StatusCallbacks,
  provider: string,
  call: WebhookCall,
  turn: VoiceTurn,
  verbs: TurnVerbs<V>,
): V[] {
  const url = (webhook: 'audio' | 'gather' | 'amd', extra?: Record<string, string>) =>
    gatewayWebhookUrl(callbacks, webhook, provider, call.campaignId, call, extra);
  if (turn.awaitDetectionSeconds && verbs.awaitDetection)
    return verbs.awaitDetection(url('amd'), turn.awaitDetectionSeconds);
  const prompts = turn.utterances.map((u) => url('audio', { ts: String(u.ts) }));
  if (!turn.transferTo && !turn.hangUp) {
    const timeout = turn.silenceSeconds ?? GATHER_TIMEOUT_SECONDS;
    // The turn's mark in the gather URL: a repeated post of this gather is told apart from the next turn's.
    const gather = url('gather', turn.mark === undefined ? {} : { turn: String(turn.mark) });
    return [verbs.gather(gather, prompts, turn.collect ?? null, timeout, turn.listen ?? null)];
  }
  const out = prompts.map((p) => verbs.play(p));
  if (turn.transferTo) out.push(verbs.transfer(turn.transferTo));
  out.push(verbs.hangUp());
  return out;
}
