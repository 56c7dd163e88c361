import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineCall, publicAccess } from '../../src/api/contract/call.ts';
import type { AppServices } from '../app-services.ts';
import { checkCallbackToken } from '../campaigns/diallers/status-callback-url.ts';
import { HttpError, notFound } from '../http/http-error.ts';
import { registerCall } from '../http/register-call.ts';

const id = z.coerce.number().int().min(1).max(2_147_483_647);

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
  query: z.object({ campaign_id: id, call_id: id, attempt: id, token: z.string().max(128) }),
  body: z.record(z.string(), z.unknown()).optional(),
  response: z.object({ ok: z.literal(true) }),
  summary: 'A voice gateway reports the status of a campaign call',
});

/** Twilio posts its parameters as a form; jambonz posts JSON. Only this plugin reads forms. */
function acceptForms(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

export default async function outboundStatusRoutes(app: FastifyInstance, services: AppServices) {
  acceptForms(app);
  registerCall(app, services, outboundStatus, async ({ params, query, body }) => {
    const settings = services.config.dialler;
    // Read at request time: the application scope owns the dialler (and tests may put a gateway's adapter there).
    const dialler = services.dialler;
    if (!('webhookSecret' in settings) || settings.kind !== params.provider || !dialler?.receiveStatus) {
      throw notFound();
    }
    const call = { callId: query.call_id, attempt: query.attempt };
    if (!checkCallbackToken(settings.webhookSecret, params.provider, query.campaign_id, call, query.token)) {
      throw new HttpError(403, 'The status callback token does not match this call.');
    }
    dialler.receiveStatus({ campaignId: query.campaign_id, ...call, fields: body ?? {} });
    return { ok: true as const };
  });
}
