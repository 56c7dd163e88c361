// QUALITY "Request forgery": every state-changing call (every /v1 route that is not a GET, plus the spec's GETs
// that change state) sent as a cross-site browser would send it — the victim's session cookie, no
// `x-requested-with: console` — is refused and changes nothing (DESIGN §3). The routes come from the app's own
// inventory, so routes added later are covered without editing this file.
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { InventoriedRoute } from '../../server/http/access-hook.ts';
import { DEMO_PROJECT_ID, createTestApp } from './helpers/test-app.ts';

/** GETs that change state (spec): training, deployment, a test run, a worker reload, a knowledge re-index. */
const STATE_CHANGING_GETS = [
  /^\/v1\/run\/train$/,
  /^\/v1\/run\/deploy$/,
  /^\/v1\/run\/test\/[^/]+$/,
  /^\/v1\/worker\/reload$/,
  /^\/v1\/knowledges\/reindex$/,
];
const changesState = (route: InventoriedRoute) =>
  route.method !== 'GET' || STATE_CHANGING_GETS.some((pattern) => pattern.test(route.url));

/** The chat's calls authenticate with their own token (or the console's session and header), never the cookie alone. */
// `/v1/chatbot/...` is the widget's static bundle and frame page, public by design: not a chat call.
const isChatCall = (route: InventoriedRoute) => route.url.startsWith('/v1/chat/') || route.url === '/v1/chat';
/** The websocket is checked by Origin (chat-socket.test.ts): an injected GET without upgrade says nothing. */
const CHAT_SOCKET = '/v1/chat/subscribe-integration-messages';

const t = await createTestApp();
afterAll(() => t.close());
const admin = await t.admin();
const inventory = t.app.routeInventory.filter((r) => r.url.startsWith('/v1/'));
const gated = inventory.filter((r) => r.access.kind !== 'public' && changesState(r));
const chatCalls = inventory.filter((r) => r.access.kind === 'public' && isChatCall(r) && r.url !== CHAT_SOCKET);

// Existing rows (id 1 exists in most seeded tables): had a forged call got through, it would have changed them.
const concreteUrl = (url: string) => url.replace(/:[A-Za-z_]\w*(\([^)]*\))?/g, '1').replace(/\*/g, 'x');

/** What a browser adds to a request another site starts. */
const crossSite = {
  origin: 'https://evil.example',
  referer: 'https://evil.example/page',
  'sec-fetch-site': 'cross-site',
};

/** Every table's rows, hashed (sessions without last_seen_at, which any request with the cookie refreshes). */
async function snapshot(): Promise<Map<string, string>> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(t.db);
  const parts = tables.rows.map(({ name }) => {
    const source =
      name === 'sessions'
        ? sql`(SELECT id, user_id, expires_at FROM sessions)`
        : sql`(SELECT * FROM ${sql.table(name)})`;
    return sql`SELECT ${name}::text AS name, count(*)::int AS n,
      md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${source} x`;
  });
  const rows = await sql<{ name: string; n: number; h: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(t.db);
  return new Map(rows.rows.map((r) => [r.name, `${r.n}:${r.h}`]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((name) => before.get(name) !== after.get(name));
}

const usersLogCount = async () =>
  Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM users_logs`.execute(t.db)).rows[0]?.n);

interface Forgery {
  name: string;
  method: string;
  headers: Record<string, string>;
  payload?: string;
}

/** The ways a page on another site can make the victim's browser call us without a CORS preflight. */
function forgeriesOf(route: InventoriedRoute): Forgery[] {
  const boundary = '----forged';
  const multipart = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="file"; filename="forged.txt"',
    'Content-Type: text/plain',
    '',
    'forged',
    `--${boundary}--`,
    '',
  ].join('\r\n');
  // A non-POST method cannot come from a form or a simple request, but we send it anyway: the header is what
  // must refuse it, not the method. A form can also only POST, so a plain POST to the same URL is tried too.
  const forgeries: Forgery[] = [
    {
      name: 'form post',
      method: route.method,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=forged&passwd=forged&email=forged%40evil.example',
    },
    {
      name: 'text/plain post',
      method: route.method,
      headers: { 'content-type': 'text/plain' },
      payload: '{"name":"forged","x":"="}',
    },
    {
      name: 'multipart form',
      method: route.method,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart,
    },
    {
      name: 'JSON without the header',
      method: route.method,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"forged"}',
    },
    {
      name: 'header with another value',
      method: route.method,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      payload: '{"name":"forged"}',
    },
    {
      name: 'top-level navigation',
      method: 'GET',
      headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
    },
  ];
  if (route.method !== 'POST') {
    forgeries.push({
      name: 'form post to the same URL',
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=forged',
    });
  }
  if (route.method === 'GET')
    return forgeries.filter((f) => f.method === 'GET' || f.name === 'form post to the same URL');
  return forgeries;
}

async function forge(url: string, forgery: Forgery, query: Record<string, string>) {
  return t.app.inject({
    method: forgery.method as 'GET',
    url,
    query,
    headers: { cookie: admin.cookie, ...crossSite, ...forgery.headers },
    ...(forgery.payload !== undefined ? { payload: forgery.payload } : {}),
  });
}

/** The route a forged call of another method reaches, if any (e.g. the GET beside a PUT). */
function routeAt(method: string, url: string): InventoriedRoute | undefined {
  return inventory.find((r) => r.method === method && r.url === url);
}

describe('request forgery', () => {
  it('finds the state-changing routes, the spec GETs among them, and the chat calls', async () => {
    expect(gated.length).toBeGreaterThan(30);
    const urls = gated.map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('GET /v1/run/train');
    expect(urls).toContain('GET /v1/run/deploy');
    expect(urls).toContain('GET /v1/worker/reload');
    expect(chatCalls.map((r) => r.url)).toContain('/v1/chat/init');
    // The cookie itself is good: with the console's header the same session is let in.
    expect((await t.call('GET', '/v1/users/me', { as: admin })).statusCode).toBe(200);
  });

  it('sees a change when there is one (the snapshot is not blind)', async () => {
    const before = await snapshot();
    await t.db.updateTable('users').set({ name: 'Renamed by the test' }).where('id', '=', admin.userId).execute();
    expect(changedTables(before, await snapshot())).toEqual(['users']);
  });

  for (const route of gated) {
    it(`${route.method} ${route.url} refuses cross-site calls and changes nothing`, async () => {
      const url = concreteUrl(route.url);
      const query = { project_id: String(DEMO_PROJECT_ID), project_env: 'dev', atime: '1' };
      const before = await snapshot();
      const logsBefore = await usersLogCount();
      for (const forgery of forgeriesOf(route)) {
        const res = await forge(url, forgery, query);
        const label = `${forgery.name} (${forgery.method}): ${res.statusCode} ${res.body.slice(0, 200)}`;
        const reached = routeAt(forgery.method, route.url);
        if (reached && reached.access.kind !== 'public') {
          // Refused by the access hook itself, before any body is read: the header is missing.
          expect(res.statusCode, label).toBe(403);
          expect(res.json().message, label).toBe('Missing request header.');
        } else {
          // No route of that method at this URL (or a public one): never a success, never a crash.
          expect([401, 402, 403, 404, 405, 415], label).toContain(res.statusCode);
        }
      }
      expect(await usersLogCount()).toBe(logsBefore);
      expect(changedTables(before, await snapshot())).toEqual([]);
    });
  }

  for (const route of chatCalls) {
    it(`${route.method} ${route.url} (chat) does not accept the session cookie without its token or the header`, async () => {
      // A real conversation of the admin's session, so only the missing token/header can refuse the call.
      const token = `forgery-conversation-${route.method}-${route.url.length}-0123456789`.slice(0, 60);
      const started = await t.call('POST', '/v1/chat/init', {
        as: admin,
        body: {},
        query: { conversation_token: token },
      });
      expect(started.statusCode, started.body).toBe(200);
      const conversationId = String(started.json().conversation_id);
      const url = concreteUrl(route.url);
      const query = { project_id: String(DEMO_PROJECT_ID), id: conversationId, conversation_token: token };
      // A body every chat call accepts (zod objects drop the keys they do not know).
      const body = JSON.stringify({ msg: 'forged', reaction: 'forged', utter: 'forged', last_ts: 0, get_meta: false });

      const before = await snapshot();
      const logsBefore = await usersLogCount();
      const cookieAlone = await t.app.inject({
        method: route.method as 'GET',
        url,
        query,
        headers: { cookie: admin.cookie, ...crossSite, 'content-type': 'application/json' },
        ...(route.method === 'GET' ? {} : { payload: body }),
      });
      expect([401, 403], `cookie alone: ${cookieAlone.statusCode} ${cookieAlone.body.slice(0, 200)}`).toContain(
        cookieAlone.statusCode,
      );
      for (const forgery of forgeriesOf(route)) {
        const res = await forge(url, forgery, query);
        expect(res.statusCode, `${forgery.name}: ${res.statusCode} ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(
          400,
        );
        expect(res.statusCode).toBeLessThan(500);
      }
      expect(await usersLogCount()).toBe(logsBefore);
      expect(changedTables(before, await snapshot())).toEqual([]);
    });
  }
});
