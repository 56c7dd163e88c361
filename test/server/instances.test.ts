import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackerEntry } from '../../src/api/contract/chat.ts';
import { SEED_ADMIN_EMAIL } from '../../server/seed/index.ts';
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
import { type TestDatabase, openTestDatabase, testBackend } from './helpers/test-database.ts';

// Issue 15 §3: two console processes on one PostgreSQL database behind HAProxy (deploy/haproxy.cfg). Each
// process is server/main.ts as `npm run server` starts it; what one process does, the other must see.
const onPostgres = testBackend() === 'postgres';
if (!onPostgres) {
  console.log('instances.test.ts: skipped on PGlite: several processes need PostgreSQL (TEST_DB=postgres).');
} else if (!haproxyInstalled()) {
  console.log('instances.test.ts: skipped: HAProxy is not installed (apt-get install -y haproxy).');
}

let database: TestDatabase;
let a: Instance;
let b: Instance;
let haproxy: Balancer;
let cookie: string;

const bots = (tracker: TrackerEntry[]) =>
  tracker.filter((e) => e.type === 'utter' && e.args.who !== 'user').map((e) => e.value);

describe.skipIf(!onPostgres || !haproxyInstalled())('two instances behind HAProxy', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db
      .updateTable('users')
      .set({ password_expired: false })
      .where('email', '=', SEED_ADMIN_EMAIL)
      .execute();
    [a, b] = await Promise.all([
      startInstance('a', database.location, { SHUTDOWN_DRAIN_MS: '0' }),
      startInstance('b', database.location, { SHUTDOWN_DRAIN_MS: '0' }),
    ]);
    haproxy = await startHaproxy([a, b]);
    cookie = await loginAdmin(haproxy.url);
  }, 60_000);

  afterAll(async () => {
    await haproxy?.stop();
    await Promise.all([a?.stop('SIGKILL'), b?.stop('SIGKILL')]);
    await database?.close();
  });

  it('one conversation whose messages alternate between the instances keeps its state and order', async () => {
    const token = 'instances-conversation-0123456789';
    const init = await call(haproxy.url, 'POST', `/v1/chat/init?project_id=1&conversation_token=${token}`, {
      cookie,
      body: {},
    });
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    const id = init.body.conversation_id as number;
    let lastTs = init.body.tracker.at(-1)?.timestamp ?? 0;
    const served: string[] = [];
    const said: string[] = [];
    for (let i = 0; i < 8; i++) {
      const msg = `message number ${i}`;
      const res = await call(haproxy.url, 'POST', `/v1/chat?project_id=1&id=${id}&conversation_token=${token}`, {
        cookie,
        body: { msg, last_ts: lastTs },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      served.push(res.instance ?? '?');
      said.push(msg);
      // The answer holds exactly this turn: the user's message first, then the bot's answer.
      const entries = res.body.tracker as TrackerEntry[];
      expect(entries.find((e) => e.type === 'utter' && e.args.who === 'user')?.value).toBe(msg);
      expect(bots(entries).length).toBeGreaterThan(0);
      lastTs = entries.at(-1)!.timestamp;
    }
    // HAProxy sent the turns to both processes, one after the other (idle balancing by least connections).
    expect(new Set(served)).toEqual(new Set(['c1', 'c2']));
    // The stored transcript: every message once, in the order sent, timestamps strictly increasing.
    const row = await database.db
      .selectFrom('conversations')
      .select(['tracker', 'messages'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const tracker = row.tracker as TrackerEntry[];
    expect(tracker.filter((e) => e.type === 'utter' && e.args.who === 'user').map((e) => e.value)).toEqual(said);
    const times = tracker.map((e) => e.timestamp);
    expect(times.every((t, i) => i === 0 || t > times[i - 1]!)).toBe(true);
    expect(row.messages).toBe(8);
  });
});
