import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { defineCall, publicAccess } from '../../../src/api/contract/call.ts';
import type { GatewayServices } from './gateway-webhook.ts';
import type { CampaignEngine } from './engine.ts';
import type { VoiceTurn, WebhookCall, WebhookVoice } from './dialler.ts';
import { authenticateGatewayWebhook, gatewayWebhookQuery } from './gateway-webhook.ts';
import { notFound } from '../../domain-errors.ts';
import { registerCall } from '../../http/register-call.ts';
import { acceptForms } from './outbound-status-routes.ts';

const provider = z.object({ provider: z.string().max(32) });
const fields = z.record(z.string(), z.unknown()).optional();

/**
 * The bot on a hosted gateway's answered call (issue 17 §3). The gateway asks what to do: once answered (jambonz
 * call_hook, Twilio's Url) and after each gather of digits or speech (its action hook); we answer with its verbs for
 * the bot's turn (jambonz JSON, TwiML), playing each utterance from the audio route; jambonz reports its
 * answering-machine verdict on a hook of its own, whose answer replaces the verbs it runs. All are public to the access hook
 * and authenticated per call like the status webhook (and by Twilio's signature); declared here rather than in
 * src/api/contract: the console never makes these calls.
 */
/** A gateway's POST asking for the verbs of the bot's next turn. */
const gatewayHook = <Q extends typeof gatewayWebhookQuery>(name: string, path: string, summary: string, query: Q) =>
  defineCall({
    name,
    method: 'POST',
    path,
    resource: '/outbound/status',
    access: publicAccess,
    atimeExempt: true,
    params: provider,
    query,
    body: fields,
    response: z.unknown(),
    summary,
  });

export const outboundVoiceAnswered = gatewayHook(
  'outboundVoiceAnswered',
  '/outbound/voice/:provider',
  "A voice gateway's call hook: the callee answered; answers the gateway's verbs for the bot's first turn",
  gatewayWebhookQuery,
);

export const outboundVoiceGathered = gatewayHook(
  'outboundVoiceGathered',
  '/outbound/gather/:provider',
  "A voice gateway's gather action hook: the digits pressed or the speech heard; answers the verbs for the bot's reply",
  // `turn`: the bot turn the gather answers (its mark); not part of the token. Absent: the turn now awaited.
  gatewayWebhookQuery.extend({ turn: z.coerce.number().int().min(0).optional() }),
);

export const outboundVoiceDetected = gatewayHook(
  'outboundVoiceDetected',
  '/outbound/amd/:provider',
  "A voice gateway's answering-machine events (jambonz's amd actionHook): answers the verbs its verdict leads to",
  gatewayWebhookQuery,
);

export const outboundVoiceAudio = defineCall({
  name: 'outboundVoiceAudio',
  method: 'GET',
  path: '/outbound/audio/:provider',
  resource: '/outbound/status',
  access: publicAccess,
  atimeExempt: true,
  params: provider,
  query: gatewayWebhookQuery.extend({ ts: z.coerce.number().int() }),
  response: z.unknown(),
  summary: 'audio/wav (8 kHz) of a bot utterance of a campaign call, fetched by its voice gateway',
});

/** The gateway's verbs for a turn; a call no longer in progress is hung up. */
function answer(reply: FastifyReply, voice: WebhookVoice, call: WebhookCall, turn: VoiceTurn | null) {
  const { contentType, body } = voice.instructions(call, turn ?? { utterances: [], transferTo: null, hangUp: true });
  reply.header('content-type', contentType);
  return reply.send(body) as never;
}

export default async function outboundVoiceRoutes(
  app: FastifyInstance,
  services: GatewayServices & { campaigns: CampaignEngine | null },
) {
  acceptForms(app);
  /** The call's dialler answers by webhooks and this process runs the engine; else 404. */
  const voiceOf = (
    request: Parameters<typeof authenticateGatewayWebhook>[1],
    name: string,
    query: z.output<typeof gatewayWebhookQuery>,
    body: Record<string, unknown> | null,
  ) => {
    const { dialler, call } = authenticateGatewayWebhook(services, request, name, query, body);
    const engine = services.campaigns;
    if (!dialler.webhookVoice || !engine) throw notFound();
    return { voice: dialler.webhookVoice, engine, call };
  };

  registerCall(app, services, outboundVoiceAnswered, async ({ params, query, body, request, reply }) => {
    const { voice, engine, call } = voiceOf(request, params.provider, query, body ?? {});
    return answer(reply, voice, call, await engine.answeredByWebhook(call, voice.detectionOnAnswer(body ?? {})));
  });

  registerCall(app, services, outboundVoiceDetected, async ({ params, query, body, request, reply }) => {
    const { voice, engine, call } = voiceOf(request, params.provider, query, body ?? {});
    if (!voice.detectionLater) throw notFound();
    const detection = voice.detectionLater(body ?? {});
    const turn = detection && (await engine.detectedByWebhook(call, detection));
    if (turn) return answer(reply, voice, call, turn);
    // No verbs: jambonz keeps running the call's current ones (a later or repeated event changes nothing).
    reply.header('content-type', 'application/json');
    return reply.send('[]') as never;
  });

  registerCall(app, services, outboundVoiceGathered, async ({ params, query, body, request, reply }) => {
    const { voice, engine, call } = voiceOf(request, params.provider, query, body ?? {});
    const input = voice.gatheredOf(body ?? {});
    return answer(reply, voice, call, await engine.gatheredByWebhook(call, input, query.turn ?? null));
  });

  registerCall(app, services, outboundVoiceAudio, async ({ params, query, request, reply }) => {
    const { engine, call } = voiceOf(request, params.provider, query, null);
    const wav = await engine.utteranceAudio(call, query.ts);
    if (!wav) throw notFound('The bot said nothing at this time in the call.');
    reply.header('content-type', 'audio/wav');
    return reply.send(wav) as never;
  });
}
