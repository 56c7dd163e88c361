import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What an overloaded process answers (the console's JSON error shape), and after how many seconds to try again. */
export const OVERLOADED_MESSAGE = 'The server is busy; try again in a moment.';
export const OVERLOAD_RETRY_AFTER_SECONDS = 1;

/**
 * A bounded amount of work in flight per process (issue 35 item 3): a request counts from its `onRequest` hook until
 * its answer is handed over (onSend or onResponse, whichever comes first; a closed connection too). Past `limit`
 * the request is refused at once, before its body is parsed or anything is read or written: 503, `Retry-After`
 * and the console's error JSON. Queuing it instead is what made a server past its knee answer everyone seconds late
 * and keep a backlog after the load went (a metastable queue); a fast refusal keeps the accepted requests' latency
 * bounded and lets the clients back off (the chat's reconnecting state). Websocket upgrades are long-lived and
 * not work in flight: they are not counted. Registered on the /v1 scope, so /healthz always answers.
 */
export function installOverloadGuard(scope: FastifyInstance, limit: number): { inFlight(): number } {
  let inFlight = 0;
  const counted = new WeakSet<FastifyRequest>();
  const release = (request: FastifyRequest) => {
    if (!counted.has(request)) return;
    counted.delete(request);
    inFlight -= 1;
  };
  scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.upgrade) return;
    if (inFlight >= limit) {
      reply
        .code(503)
        .header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .send({ statusCode: 503, error: 'Service Unavailable', message: OVERLOADED_MESSAGE });
      return reply;
    }
    inFlight += 1;
    counted.add(request);
    reply.raw.once('close', () => release(request));
  });
  scope.addHook('onSend', async (request, _reply, payload) => {
    release(request);
    return payload;
  });
  scope.addHook('onResponse', async (request) => release(request));
  return { inFlight: () => inFlight };
}
