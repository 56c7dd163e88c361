import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { DiallerSettings } from './diallers/dialler-settings.ts';
import type { Dialler, WebhookCall } from './dialler.ts';
import { checkCallbackToken } from './diallers/status-callback-url.ts';
import { notFound } from '../../domain-errors.ts';
import { HttpError } from '../../http/http-error.ts';

const id = z.coerce.number().int().min(1).max(2_147_483_647);

/** What the gateway webhooks use of the application scope (server/app-scope.ts). */
export interface GatewayServices {
  db: Db;
  config: { dialler: DiallerSettings };
  dialler: Dialler | null;
}

/** The query every webhook URL of a campaign call carries (status-callback-url.ts makes them). */
export const gatewayWebhookQuery = z.object({ campaign_id: id, call_id: id, attempt: id, token: z.string().max(128) });

/**
 * A hosted gateway's webhook of one campaign call (status, call hook, gather, audio). Public to the access hook: the
 * gateway has no session. The URL's token proves which campaign, call and attempt it speaks for (403 otherwise); a
 * provider that signs its requests (Twilio) must have signed this one too, over the URL it called (this console's
 * public URL and the request's path and query) and the form it posted. 404 when this process has no such gateway.
 */
export function authenticateGatewayWebhook(
  services: GatewayServices,
  request: FastifyRequest,
  provider: string,
  query: z.output<typeof gatewayWebhookQuery>,
  /** The posted fields, or null for a GET (the audio route: gateways fetch media unsigned). */
  fields: Record<string, unknown> | null,
): { dialler: Dialler; call: WebhookCall } {
  const settings = services.config.dialler;
  // Read at request time: the application scope owns the dialler (and tests may put a gateway's adapter there).
  const dialler = services.dialler;
  if (!('webhookSecret' in settings) || settings.kind !== provider || !dialler) throw notFound();
  const call = { campaignId: query.campaign_id, callId: query.call_id, attempt: query.attempt };
  if (!checkCallbackToken(settings.webhookSecret, provider, query.campaign_id, call, query.token)) {
    throw new HttpError(403, 'The status callback token does not match this call.');
  }
  const voice = dialler.webhookVoice;
  if (fields && voice && !voice.verifySignature(`${settings.publicUrl}${request.url}`, fields, request.headers)) {
    throw new HttpError(403, `The ${provider} signature of this webhook does not match.`);
  }
  return { dialler, call };
}
