import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OVERLOADED_MESSAGE } from '../../server/http/overload-guard.ts';
import { type TestApp, createTestApp } from './helpers/test-app.ts';

/**
 * Issue 35 item 3: past its bound of work in flight a process answers 503 at once, with Retry-After and the console's
 * JSON error, and does nothing else; /healthz keeps answering; once work drains, requests are served again. The
 * bound here is 2: one real socket holds a request in flight (its headers sent, its body not), so the limit is
 * reached by exactly what the test holds open.
 */
let t: TestApp;
let origin: string;
let chatbotToken: string;
const held: net.Socket[] = [];

beforeEach(async () => {
  t = await createTestApp({ config: { maxRequestsInFlight: 2 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as net.AddressInfo;
  origin = `http://127.0.0.1:${address.port}`;
  ({ chatbot_token: chatbotToken } = await t.db
    .selectFrom('project_settings')
    .select('chatbot_token')
    .where('project_id', '=', 1)
    .executeTakeFirstOrThrow());
});
afterEach(async () => {
  for (const socket of held.splice(0)) socket.destroy();
  await t.close();
});

const TOKEN = 'overload-conversation-token-0123456789';
const widget = (path: string, query: Record<string, string | number> = {}) => {
  const url = new URL(`/v1${path}`, origin);
  url.searchParams.set('chatbot_token', chatbotToken);
  url.searchParams.set('project_env', 'prod');
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  return url;
};
const post = (url: URL, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A chat call whose headers arrive and whose body never does: it stays in flight until its socket closes. */
async function holdOne(): Promise<void> {
  const url = widget('/chat/init', { conversation_token: `held-${held.length}-conversation-token-000` });
  const socket = net.connect(Number(new URL(origin).port), '127.0.0.1');
  held.push(socket);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    `POST ${url.pathname}${url.search} HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{`,
  );
}

/** Waits until the server counts the held requests, then a read-only call is refused. */
async function untilRefused(id: number): Promise<Response> {
  for (let i = 0; i < 500 && t.app.requestsInFlight() < held.length; i++) await new Promise((r) => setTimeout(r, 10));
  expect(t.app.requestsInFlight()).toBe(2);
  return post(widget('/chat/provisional-response', { id, conversation_token: TOKEN }), { last_ts: 0 });
}

const conversationRows = async () =>
  Number(
    (
      await t.db
        .selectFrom('conversations')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a bounded amount of work in flight (MAX_REQUESTS_IN_FLIGHT)', () => {
  it('answers 503 with Retry-After and the JSON error past the bound, writes nothing, keeps /healthz, recovers', async () => {
    const opened = await post(widget('/chat/init', { conversation_token: TOKEN }), {});
    expect(opened.status).toBe(200);
    const { conversation_id: id } = (await opened.json()) as { conversation_id: number };
    const read = async () =>
      (await (
        await post(widget('/chat/provisional-response', { id, conversation_token: TOKEN }), { last_ts: 0 })
      ).json()) as {
        tracker: { type: string; value: string | null }[];
      };
    const before = await read();
    const rowsBefore = await conversationRows();

    await holdOne();
    await holdOne();
    const refusedRead = await untilRefused(id);
    expect(refusedRead.status).toBe(503);
    expect(refusedRead.headers.get('retry-after')).toBe('1');

    const refusedMessage = await post(widget('/chat', { id, conversation_token: TOKEN }), {
      msg: 'I want to order a pizza',
      last_ts: 0,
    });
    expect(refusedMessage.status).toBe(503);
    expect(refusedMessage.headers.get('retry-after')).toBe('1');
    expect(refusedMessage.headers.get('content-type')).toMatch(/application\/json/);
    expect(await refusedMessage.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: OVERLOADED_MESSAGE,
    });
    const refusedInit = await post(widget('/chat/init', { conversation_token: 'refused-conversation-token-0001' }), {});
    expect(refusedInit.status).toBe(503);

    // The load balancer's health check is outside the bound.
    const health = await fetch(`${origin}/healthz`);
    expect(health.status).toBe(200);

    // Nothing of the refused calls was written: no new conversation, the transcript as it was.
    for (const socket of held.splice(0)) socket.destroy();
    for (let i = 0; i < 500 && t.app.requestsInFlight() > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(t.app.requestsInFlight()).toBe(0);
    expect(await conversationRows()).toBe(rowsBefore);
    expect((await read()).tracker).toEqual(before.tracker);

    // The bound frees as work ends: the same message is served now, and stored.
    const served = await post(widget('/chat', { id, conversation_token: TOKEN }), {
      msg: 'I want to order a pizza',
      last_ts: 0,
    });
    expect(served.status).toBe(200);
    const after = await read();
    expect(after.tracker.filter((e) => e.type === 'utter' && e.value === 'I want to order a pizza')).toHaveLength(1);
  });

  it('counts each request once: fifty calls one after another never leave the bound filled', async () => {
    for (let i = 0; i < 50; i++) {
      const res = await post(widget('/chat/init', { conversation_token: `sequential-${i}-conversation-token` }), {});
      expect(res.status).toBe(200);
      const bad = await post(widget('/chat', { id: 999999, conversation_token: TOKEN }), { msg: 'x', last_ts: 0 });
      expect(bad.status).toBe(404);
    }
    expect(t.app.requestsInFlight()).toBe(0);
  });
});
