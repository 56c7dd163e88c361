import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackerEntry } from '../../src/api/contract/chat.ts';
import type { Database } from '../../server/db/schema.ts';
import { SEED_ADMIN_EMAIL } from '../../server/seed.ts';
import {
  type Balancer,
  type Instance,
  call,
  haproxyInstalled,
  loginAdmin,
  sleep,
  startHaproxy,
  startInstance,
  waitFor,
} from './helpers/instances.ts';
import { type OwnPostgres, copyDatabase, ownPostgresUnavailable, startOwnPostgres } from './helpers/own-postgres.ts';
import { openTestDatabase, testBackend } from './helpers/test-database.ts';
import { readTranscript } from '../../server/features/chat/transcript.ts';

// Issue 15 §4: faults with two console processes behind HAProxy on a PostgreSQL cluster of the test's own, which it
// stops and starts. Each process is server/main.ts as `npm run server` starts it.
const onPostgres = testBackend() === 'postgres';
const missing = !onPostgres
  ? 'several processes need PostgreSQL (TEST_DB=postgres)'
  : !haproxyInstalled()
    ? 'HAProxy is not installed (apt-get install -y haproxy)'
    : ownPostgresUnavailable();
if (missing) console.log(`instances-faults.test.ts: skipped: ${missing}.`);

/** Behind HAProxy (deploy/haproxy.cfg checks every 250 ms once a check failed, 2 failures mark a server down). */
const DRAIN_MS = '1500';

let cluster: OwnPostgres;
let databaseUrl: string;
let db: Kysely<Database>;
let a: Instance;
let b: Instance;
let haproxy: Balancer;
let cookie: string;
let hook: http.Server;
let hookPort: number;
/** The slow webhook's pending requests: answered when a test says so. */
const hookWaiting: http.ServerResponse[] = [];

const processEnv = () => ({ SHUTDOWN_DRAIN_MS: DRAIN_MS, PRIVATE_FETCH_ALLOW: `127.0.0.1:${hookPort}` });

interface Outcome {
  status: number;
  body: unknown;
}

/**
 * Conversations sending one message after another through `base` until `stop` resolves; a message counts as
 * acknowledged when it answered 200. A connection the client could not make is retried (and counted).
 */
async function load(base: string, conversations: number, stop: Promise<void>) {
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  const outcomes: Outcome[] = [];
  const acknowledged = new Map<number, string[]>();
  let retriedConnections = 0;
  const send = async (method: string, url: string, body: unknown) => {
    for (;;) {
      try {
        const res = await call(base, method, url, { cookie, body });
        outcomes.push({ status: res.status, body: res.body });
        return res;
      } catch {
        retriedConnections += 1;
        await sleep(20);
      }
    }
  };
  await Promise.all(
    Array.from({ length: conversations }, async (_, c) => {
      const token = `fault-load-${c}-${Math.random().toString(36).slice(2)}-0123456789`;
      let init = await send('POST', `/v1/chat/init?project_id=1&conversation_token=${token}`, {});
      while (init.status !== 200 && !stopped) {
        await sleep(50);
        init = await send('POST', `/v1/chat/init?project_id=1&conversation_token=${token}`, {});
      }
      if (init.status !== 200) return;
      const id = init.body.conversation_id as number;
      const mine: string[] = [];
      acknowledged.set(id, mine);
      let lastTs = init.body.tracker.at(-1)?.timestamp ?? 0;
      for (let n = 0; !stopped; n++) {
        const msg = `conversation ${c} message ${n}`;
        const res = await send('POST', `/v1/chat?project_id=1&id=${id}&conversation_token=${token}`, {
          msg,
          last_ts: lastTs,
        });
        if (res.status === 200) {
          mine.push(msg);
          lastTs = (res.body.tracker as TrackerEntry[]).at(-1)?.timestamp ?? lastTs;
        } else await sleep(50);
      }
    }),
  );
  return { outcomes, acknowledged, retriedConnections };
}

/** Every acknowledged message is stored in its conversation, in the order it was sent. */
async function expectAllStored(acknowledged: Map<number, string[]>) {
  for (const [id, messages] of acknowledged) {
    const stored = (await readTranscript(db, id))
      .filter((e) => e.type === 'utter' && e.args.who === 'user')
      .map((e) => e.value);
    expect(stored.filter((m) => messages.includes(m ?? ''))).toEqual(messages);
  }
}

const alive = (instance: Instance) => instance.process.exitCode === null && instance.process.signalCode === null;

describe.skipIf(missing !== null)('faults: two instances, HAProxy, a PostgreSQL cluster of our own', () => {
  beforeAll(async () => {
    hook = http.createServer((_req, res) => {
      hookWaiting.push(res);
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    hookPort = (hook.address() as AddressInfo).port;
    cluster = await startOwnPostgres();
    // The seeded test database, copied onto the own cluster.
    const source = await openTestDatabase();
    await source.db
      .updateTable('users')
      .set({ password_expired: false })
      .where('email', '=', SEED_ADMIN_EMAIL)
      .execute();
    copyDatabase(source.location, cluster, 'console');
    await source.close();
    databaseUrl = cluster.url('console');
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    pool.on('error', () => {});
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    [a, b] = await Promise.all([
      startInstance('a', databaseUrl, processEnv()),
      startInstance('b', databaseUrl, processEnv()),
    ]);
    haproxy = await startHaproxy([a, b]);
    cookie = await loginAdmin(haproxy.url);
  }, 180_000);

  afterAll(async () => {
    // What the processes said (warnings and errors only), for a failing run.
    for (const instance of [a, b]) {
      if (instance?.output()) console.log(`--- ${instance.name} said:\n${instance.output().slice(-4000)}`);
    }
    for (const res of hookWaiting) res.destroy();
    await haproxy?.stop();
    await Promise.all([a?.stop('SIGKILL'), b?.stop('SIGKILL')]);
    await db?.destroy();
    cluster?.destroy();
    await new Promise((resolve) => hook?.close(resolve));
  });

  it('PostgreSQL stopped and started under load: 503 with a clear JSON error meanwhile, back within 5 s, nothing acknowledged lost', async () => {
    // A client listens on b while the turns run on a: b's LISTEN connection dies with the database and comes back.
    const { chatbot_token: chatbotToken } = await db
      .selectFrom('project_settings')
      .select('chatbot_token')
      .where('project_id', '=', 1)
      .executeTakeFirstOrThrow();
    const widget = { 'x-chatbot-token': chatbotToken };
    const token = 'fault-socket-0123456789abcdef';
    const socketPath = `?project_id=1&project_env=dev&conversation_token=${token}`;
    const init = await call(a.url, 'POST', `/v1/chat/init${socketPath}`, { headers: widget, body: {} });
    const socketConversation = init.body.conversation_id as number;
    const socket = new WebSocket(
      `ws://127.0.0.1:${b.port}/v1/chat/subscribe-integration-messages${socketPath}&id=${socketConversation}` +
        `&last_ts=${init.body.tracker.at(-1).timestamp}&chatbot_token=${chatbotToken}`,
    );
    const pushed: string[] = [];
    socket.addEventListener('message', (event) => {
      for (const e of (JSON.parse(String(event.data)) as { tracker: TrackerEntry[] }).tracker)
        pushed.push(e.value ?? '');
    });
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve());
      socket.addEventListener('error', () => reject(new Error('the socket on b did not open')));
    });

    let finish!: () => void;
    const stop = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const running = load(haproxy.url, 6, stop);
    await sleep(1000);
    cluster.stop();
    // Straight to each process while the database is away: 503, JSON, a message for people, no internals.
    await sleep(300);
    for (const instance of [a, b]) {
      const res = await call(instance.url, 'GET', '/v1/settings?project_id=1', { cookie });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The database is not available at the moment; try again shortly.',
      });
    }
    await sleep(1200);
    cluster.start();
    const back = Date.now();
    // Each process answers by itself again (its pool opens new connections), within 5 s.
    await Promise.all(
      [a, b].map((instance) =>
        waitFor(`${instance.name} back`, 5_000, async () =>
          (await call(instance.url, 'GET', '/v1/settings?project_id=1', { cookie })).status === 200 ? true : undefined,
        ),
      ),
    );
    const reconnectMs = Date.now() - back;
    // And through HAProxy, once its checks see them up.
    await waitFor('HAProxy serves again', 5_000, async () =>
      (await call(haproxy.url, 'GET', '/v1/settings?project_id=1', { cookie })).status === 200 ? true : undefined,
    );
    await sleep(1000);
    finish();
    const { outcomes, acknowledged } = await running;
    console.log(
      `database restart: ${outcomes.length} answers, ${outcomes.filter((o) => o.status === 503).length} of them 503; ` +
        `processes back ${reconnectMs} ms after the database`,
    );
    expect(alive(a) && alive(b)).toBe(true);
    // Only 200 and 503 (some during the gap); every 503 is the clear JSON error, from a process or from HAProxy.
    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    expect(outcomes.some((o) => o.status === 503)).toBe(true);
    for (const o of outcomes.filter((o) => o.status === 503)) {
      expect(o.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
      expect(JSON.stringify(o.body)).not.toMatch(/ECONN|terminat|pg_|postgres|stack|at \//i);
    }
    await expectAllStored(acknowledged);
    expect([...acknowledged.values()].flat().length).toBeGreaterThan(10);
    // The websocket on b hears a turn made on a after the restart.
    const sent = await call(a.url, 'POST', `/v1/chat${socketPath}&id=${socketConversation}`, {
      headers: widget,
      body: { msg: 'after the restart' },
    });
    expect(sent.status).toBe(200);
    await waitFor('the socket on b hears the turn on a', 5_000, async () =>
      pushed.includes('after the restart') ? true : undefined,
    );
    socket.close();
  });

  it('SIGKILL of an instance in the middle of a turn: the conversation stays usable from the other', async () => {
    // "When are you open" now calls a webhook that never answers: the turn stops in the middle, its conversation busy.
    const actions = await call(a.url, 'GET', '/v1/actions?project_id=1', { cookie });
    const savedActions = await call(a.url, 'PUT', `/v1/actions?project_id=1&atime=${actions.headers.get('x-atime')}`, {
      cookie,
      body: [
        { name: 'slow', url: `http://127.0.0.1:${hookPort}/slow`, method: 'POST', headers: {}, timeout_ms: 30_000 },
      ],
    });
    expect(savedActions.status, JSON.stringify(savedActions.body)).toBe(200);
    const reactions = await call(a.url, 'GET', '/v1/reactions?project_id=1', { cookie });
    const all = reactions.body as { name: string; actions: unknown[] }[];
    all.find((r) => r.name === 'opening_hours')!.actions = [
      { name: 'utter', args: { text: 'Let me look.' } },
      { name: 'webhook', args: { action: 'slow' } },
      { name: 'utter', args: { text: 'Looked.' } },
    ];
    const savedReactions = await call(
      a.url,
      'PUT',
      `/v1/reactions?project_id=1&atime=${reactions.headers.get('x-atime')}`,
      {
        cookie,
        body: all,
      },
    );
    expect(savedReactions.status, JSON.stringify(savedReactions.body)).toBe(200);

    const token = 'fault-kill-0123456789abcdef';
    const init = await call(b.url, 'POST', `/v1/chat/init?project_id=1&conversation_token=${token}`, {
      cookie,
      body: {},
    });
    const id = init.body.conversation_id as number;
    const path = `?project_id=1&id=${id}&conversation_token=${token}`;
    const waitingBefore = hookWaiting.length;
    const turn = call(b.url, 'POST', `/v1/chat${path}`, { cookie, body: { msg: 'when are you open' } }).catch(
      (error: Error) => error,
    );
    await waitFor('the turn on b reaches its webhook', 10_000, async () =>
      hookWaiting.length > waitingBefore ? true : undefined,
    );
    const busy = await call(a.url, 'POST', `/v1/chat/provisional-response${path}`, { cookie, body: { last_ts: 0 } });
    expect(busy.body.pending).toBe(true);
    await b.stop('SIGKILL');
    expect(await turn).toBeInstanceOf(Error);
    // Through HAProxy (only a is left): the conversation answers its next message, and is no longer busy.
    const next = await call(haproxy.url, 'POST', `/v1/chat${path}`, { cookie, body: { msg: 'hello' } });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.instance).toBe('c1');
    const tracker = next.body.tracker as TrackerEntry[];
    expect(tracker.some((e) => e.type === 'utter' && e.args.who === 'bot')).toBe(true);
    const after = await call(haproxy.url, 'POST', `/v1/chat/provisional-response${path}`, {
      cookie,
      body: { last_ts: 0 },
    });
    expect(after.body.pending).toBe(false);
    const values = (after.body.tracker as TrackerEntry[]).map((e) => e.value);
    expect(values).toContain('Let me look.');
    expect(values).not.toContain('Looked.');
    expect(values.at(-1)).not.toBe('hello');

    // b again (same port), for the next test.
    b = await startInstance('b', databaseUrl, processEnv(), b.port);
    await waitFor('HAProxy sends to b again', 10_000, async () => {
      const seen = new Set<string | null>();
      for (let i = 0; i < 4; i++) seen.add((await call(haproxy.url, 'GET', '/healthz')).instance);
      return seen.has('c2') ? true : undefined;
    });
  });

  it('SIGTERM of one of two instances under load: it finishes what it accepted, the rest goes to the other, nothing lost', async () => {
    let finish!: () => void;
    const stop = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const running = load(haproxy.url, 8, stop);
    await sleep(1500);
    const stopping = a.stop('SIGTERM');
    const code = await stopping;
    await sleep(1000);
    finish();
    const { outcomes, acknowledged, retriedConnections } = await running;
    const served = outcomes.length;
    console.log(
      `SIGTERM: ${served} answers, ${outcomes.filter((o) => o.status !== 200).length} not 200, ` +
        `${retriedConnections} connections retried by the client`,
    );
    // The process stopped by itself, cleanly.
    expect(code).toBe(0);
    expect(alive(b)).toBe(true);
    expect(outcomes.filter((o) => o.status !== 200)).toEqual([]);
    expect(retriedConnections).toBe(0);
    await expectAllStored(acknowledged);
    // Every conversation went on after the stop (each acknowledged at least one message).
    expect([...acknowledged.values()].every((messages) => messages.length > 0)).toBe(true);
  });
});
