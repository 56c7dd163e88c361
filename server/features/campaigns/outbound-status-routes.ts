import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineCall, publicAccess } from '../../../src/api/contract/call.ts';
import type { GatewayServices } from './gateway-webhook.ts';
import { authenticateGatewayWebhook, gatewayWebhookQuery } from './gateway-webhook.ts';
import { notFound } from '../../domain-errors.ts';
import { registerCall } from '../../http/register-call.ts';

/**
 * A hosted gateway's call status (jambonz call_status_hook, Twilio StatusCallback). Public to the access hook: the
 * gateway has no session; the callback URL's token proves which campaign and call it speaks for (see
 * status-callback-url.ts). Declared here rather than in src/api/contract: the console never makes this call.
 */
export const outboundStatus = defineCall({
  name: 'outboundStatus',
  method: 'POST',
  path: '/outbound/status/:provider',
  resource: '/outbound/status',
  access: publicAccess,
  atimeExempt: true,
  params: z.object({ provider: z.string().max(32) }),
  query: gatewayWebhookQuery,
  body: z.record(z.string(), z.unknown()).optional(),
  response: z.object({ ok: z.literal(true) }),
  summary: 'A voice gateway reports the status of a campaign call',
});

/** Twilio posts its parameters as a form; jambonz posts JSON. Only the gateways' plugins read forms. */
export function acceptForms(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

export default async function outboundStatusRoutes(app: FastifyInstance, services: GatewayServices) {
  acceptForms(app);
  registerCall(app, services, outboundStatus, async ({ params, query, body, request }) => {
    const { dialler, call } = authenticateGatewayWebhook(services, request, params.provider, query, body ?? {});
    if (!dialler.receiveStatus) throw notFound();
    dialler.receiveStatus({ ...call, fields: body ?? {} });
    return { ok: true as const };
  });
}
