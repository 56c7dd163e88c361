import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackerEntry } from '../../src/api/contract/chat.ts';
import { EVALUATE_QA_JOB } from '../../server/features/knowledge/evaluate-qa-job.ts';
import { SEED_ADMIN_EMAIL } from '../../server/seed.ts';
import {
  type Balancer,
  type Instance,
  call,
  haproxyInstalled,
  loginAdmin,
  startHaproxy,
  startInstance,
  waitFor,
} from './helpers/instances.ts';
import { type TestDatabase, openTestDatabase, testBackend } from './helpers/test-database.ts';
import { readTranscript } from '../../server/features/chat/transcript.ts';

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
  tracker.filter((e) => e.type === 'utter' && e.args.who !== 'user').map((e) => e.value ?? '');

describe.skipIf(!onPostgres || !haproxyInstalled())('two instances behind HAProxy', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db
      .updateTable('users')
      .set({ password_expired: false })
      .where('email', '=', SEED_ADMIN_EMAIL)
      .execute();
    // Job runners look for work every 20 ms (1 s by default), so both take some of the 100 quick jobs below
    // instead of the first one to look finishing them all before the other looks.
    [a, b] = await Promise.all([
      startInstance('a', database.location, { SHUTDOWN_DRAIN_MS: '0', JOB_POLL_MS: '20' }),
      startInstance('b', database.location, { SHUTDOWN_DRAIN_MS: '0', JOB_POLL_MS: '20' }),
    ]);
    haproxy = await startHaproxy([a, b]);
    cookie = await loginAdmin(haproxy.url);
  }, 180_000);

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
      .select(['messages'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const tracker = await readTranscript(database.db, id);
    expect(tracker.filter((e) => e.type === 'utter' && e.args.who === 'user').map((e) => e.value)).toEqual(said);
    const times = tracker.map((e) => e.timestamp);
    expect(times.every((t, i) => i === 0 || t > times[i - 1]!)).toBe(true);
    expect(row.messages).toBe(8);
  });

  it('a message on the integration websocket published through one instance reaches a client connected to the other', async () => {
    const chatbotToken = await chatbotTokenOf();
    const token = 'instances-socket-0123456789abcdef';
    const widget = { 'x-chatbot-token': chatbotToken };
    const init = await call(a.url, 'POST', `/v1/chat/init?project_id=1&project_env=dev&conversation_token=${token}`, {
      headers: widget,
      body: {},
    });
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    const id = init.body.conversation_id as number;
    const lastTs = init.body.tracker.at(-1)?.timestamp ?? 0;
    // One client listens on instance b (the turn runs on instance a), another through HAProxy (a websocket tunnel).
    const query =
      `/v1/chat/subscribe-integration-messages?project_id=1&project_env=dev&id=${id}` +
      `&conversation_token=${token}&last_ts=${lastTs}&chatbot_token=${chatbotToken}`;
    const listen = async (base: string) => {
      const socket = new WebSocket(`${base.replace('http:', 'ws:')}${query}`);
      const heard: string[] = [];
      socket.addEventListener('message', (event) => {
        const message = JSON.parse(String(event.data)) as { tracker: TrackerEntry[] };
        heard.push(...message.tracker.map((e) => e.value ?? ''));
      });
      await new Promise<void>((resolve, reject) => {
        socket.addEventListener('open', () => resolve());
        socket.addEventListener('error', () => reject(new Error(`the socket through ${base} did not open`)));
      });
      return { socket, heard };
    };
    const onB = await listen(b.url);
    const throughHaproxy = await listen(haproxy.url);
    const pushed = onB.heard;
    const sent = await call(
      a.url,
      'POST',
      `/v1/chat?project_id=1&project_env=dev&id=${id}&conversation_token=${token}`,
      {
        headers: widget,
        body: { msg: 'pushed across processes', last_ts: lastTs },
      },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await waitFor('the turn made on a reaches the socket on b', 5_000, async () =>
      pushed.includes('pushed across processes') ? true : undefined,
    );
    // The bot's answer travels with it.
    expect(pushed.length).toBeGreaterThan(1);
    await waitFor('the turn reaches the socket through HAProxy', 5_000, async () =>
      throughHaproxy.heard.includes('pushed across processes') ? true : undefined,
    );
    onB.socket.close();
    throughHaproxy.socket.close();
  });

  it('a model trained through one instance is used by the other for its next message', async () => {
    // The greeting's answer, as instance b gives it today; "ahoy matey" is no greeting yet.
    const greetingAnswer = (await say(b, 'hello'))[0];
    expect(greetingAnswer).toBeTruthy();
    expect(await say(b, 'ahoy matey')).not.toContain(greetingAnswer);
    // Instance a learns a new greeting and trains (the job runs on whichever instance takes it).
    const intents = await call(a.url, 'GET', '/v1/intents?project_id=1', { cookie });
    const greeting = (intents.body as { id: number; name: string }[]).find((i) => i.name === 'greeting')!;
    const added = await call(
      a.url,
      'PUT',
      `/v1/intent/${greeting.id}/template?project_id=1&atime=${intents.headers.get('x-atime')}`,
      { cookie, body: { template: 'ahoy matey' } },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const train = await call(a.url, 'GET', '/v1/run/train?project_id=1', { cookie });
    expect(train.status, JSON.stringify(train.body)).toBe(200);
    const jobId = train.body.job_id as number;
    await waitFor('training done', 90_000, async () => {
      const job = await database.db
        .selectFrom('jobs')
        .select(['status', 'error'])
        .where('id', '=', jobId)
        .executeTakeFirst();
      if (job?.status === 'failed') throw new Error(`training failed: ${job.error}`);
      return job?.status === 'done' ? true : undefined;
    });
    // The very next message on instance b uses the new model.
    expect(await say(b, 'ahoy matey')).toContain(greetingAnswer);
  });

  it('a deployment made on one instance is served by the other within 1 s', async () => {
    const first = await call(a.url, 'GET', '/v1/run/deploy?project_id=1&project_env=prod&message=First', { cookie });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const before = await say(b, 'when are you open', 'prod');
    expect(before.length).toBeGreaterThan(0);
    // The draft changes on a; production on b keeps the deployed answer until a deploys again.
    const reactions = await call(a.url, 'GET', '/v1/reactions?project_id=1', { cookie });
    const all = reactions.body as { name: string; actions: unknown[] }[];
    all.find((r) => r.name === 'opening_hours')!.actions = [{ name: 'utter', args: { text: 'Closed for the move.' } }];
    const saved = await call(a.url, 'PUT', `/v1/reactions?project_id=1&atime=${reactions.headers.get('x-atime')}`, {
      cookie,
      body: all,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await say(b, 'when are you open', 'prod')).toEqual(before);
    const second = await call(a.url, 'GET', '/v1/run/deploy?project_id=1&project_env=prod&message=Second', {
      cookie,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const deployedAt = Date.now();
    await waitFor('b serves the new deployment', 1_000, async () =>
      (await say(b, 'when are you open', 'prod')).includes('Closed for the move.') ? true : undefined,
    );
    expect(Date.now() - deployedAt).toBeLessThan(1_000);
  });

  it('login sessions, lockout counts and atime conflicts hold across instances', async () => {
    // A session made on a works on b; logging out on b ends it on a.
    const session = await loginAdmin(a.url);
    expect((await call(b.url, 'GET', '/v1/settings?project_id=1', { cookie: session })).status).toBe(200);
    expect((await call(b.url, 'POST', '/v1/auth/logout', { cookie: session })).status).toBe(200);
    expect((await call(a.url, 'GET', '/v1/settings?project_id=1', { cookie: session })).status).toBe(401);
    // Wrong passwords alternate between the instances: the sixth is refused, wherever it goes.
    const email = 'nobody-in-particular@example.com';
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(i % 2 ? b.url : a.url, 'POST', '/v1/auth/login', {
        body: { email, passwd: `Wrong-passw0rd-${i}` },
      });
      codes.push(res.status);
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    // A write on a moves the atime; a write on b with the atime it read before answers 409 and changes nothing.
    const read = await call(b.url, 'GET', '/v1/settings?project_id=1', { cookie });
    const atime = read.headers.get('x-atime');
    const onA = await call(a.url, 'PUT', `/v1/settings?project_id=1&atime=${atime}`, {
      cookie,
      body: { name: 'Written on a', long_silence_retries: 2 },
    });
    expect(onA.status, JSON.stringify(onA.body)).toBe(200);
    const onB = await call(b.url, 'PUT', `/v1/settings?project_id=1&atime=${atime}`, {
      cookie,
      body: { name: 'Stale write on b', long_silence_retries: 3 },
    });
    expect(onB.status, JSON.stringify(onB.body)).toBe(409);
    const after = await call(haproxy.url, 'GET', '/v1/settings?project_id=1', { cookie });
    expect(after.body.name).toBe('Written on a');
  });

  it('a background job is never run twice: two instances, 100 jobs, each run once', async () => {
    const project = await call(haproxy.url, 'POST', '/v1/projects', { cookie, body: { name: 'Jobs' } });
    expect(project.status, JSON.stringify(project.body)).toBe(200);
    const projectId = project.body.project_id as number;
    const ids = (
      await database.db
        .insertInto('jobs')
        .values(
          Array.from({ length: 100 }, () => ({
            kind: EVALUATE_QA_JOB,
            project_id: projectId,
            payload: '{}',
            status: 'queued' as const,
          })),
        )
        .returning('id')
        .execute()
    ).map((r) => r.id);
    const jobs = await waitFor('100 jobs finished', 30_000, async () => {
      const rows = await database.db
        .selectFrom('jobs')
        .select(['id', 'status', 'attempts', 'locked_by'])
        .where('id', 'in', ids)
        .execute();
      return rows.every((r) => r.status === 'done' || r.status === 'failed') ? rows : undefined;
    });
    expect(jobs.filter((j) => j.status !== 'done')).toEqual([]);
    // Taking a job raises its attempts: 1 everywhere means no job was taken (run) twice.
    expect(jobs.filter((j) => j.attempts !== 1)).toEqual([]);
    // Both processes took jobs (the worker id holds the process id).
    const takers = new Set(jobs.map((j) => String(j.locked_by).split(':')[1]));
    expect(takers).toEqual(new Set([String(a.process.pid), String(b.process.pid)]));
  });
});

async function chatbotTokenOf(): Promise<string> {
  const row = await database.db
    .selectFrom('project_settings')
    .select('chatbot_token')
    .where('project_id', '=', 1)
    .executeTakeFirstOrThrow();
  return row.chatbot_token;
}

/** A new widget conversation on `instance` in `env` (dev talks to the draft until dev has a deployment). */
async function say(instance: Instance, msg: string, env: 'dev' | 'prod' = 'dev'): Promise<string[]> {
  const headers = { 'x-chatbot-token': await chatbotTokenOf() };
  const token = `widget-${Math.random().toString(36).slice(2)}-0123456789`;
  const init = await call(
    instance.url,
    'POST',
    `/v1/chat/init?project_id=1&project_env=${env}&conversation_token=${token}`,
    {
      headers,
      body: {},
    },
  );
  expect(init.status, JSON.stringify(init.body)).toBe(200);
  const res = await call(
    instance.url,
    'POST',
    `/v1/chat?project_id=1&project_env=${env}&id=${init.body.conversation_id}&conversation_token=${token}`,
    { headers, body: { msg, last_ts: init.body.tracker.at(-1)?.timestamp ?? 0 } },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return bots(res.body.tracker);
}
