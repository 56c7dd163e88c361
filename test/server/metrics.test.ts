import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ADMIN_EMAIL } from '../../server/seed.ts';
import type { TrackerEntry } from '../../src/api/contract/chat.ts';
import { type Instance, call, freePort, loginAdmin, startInstance, waitFor } from './helpers/instances.ts';
import { type Caller, type TestApp, createTestApp } from './helpers/test-app.ts';
import { type TestDatabase, openTestDatabase, testBackend } from './helpers/test-database.ts';

// Issue 37 item 1: GET /metrics in Prometheus's text format, behind a bearer token (METRICS_TOKEN), off without it.
const TOKEN = 'metrics-test-token-0123456789abcdef';
const PROMETHEUS = '/usr/bin/prometheus';

/** One sample's value from the text format: `name{labels} value`, labels matched as written. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const wanted = labels ? `${name}{${labels}}` : name;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    if (line.slice(0, at) === wanted) return Number(line.slice(at + 1));
  }
  return undefined;
}

const sumOf = (text: string, name: string, labelPart: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) && line.includes(labelPart))
    .reduce((total, line) => total + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);

describe('GET /metrics in one app', () => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp({ config: { metricsToken: TOKEN } });
    admin = await t.admin();
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('refuses without its token or with another, and answers the text format with it', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN.slice(0, -1)}x`)).statusCode).toBe(401);
    expect((await scrape(TOKEN)).statusCode).toBe(401);
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'console_db_pool_waiting',
    ]) {
      expect(sample(res.body, name), name).toBeGreaterThanOrEqual(0);
    }
    expect(sample(res.body, 'console_db_pool_connections', 'state="in_use"')).toBeGreaterThanOrEqual(0);
  });

  it('counts chat turns, classifications and knowledge searches as the conversations show them', async () => {
    const token = 'metrics-conversation-0123456789';
    const init = await t.call('POST', '/v1/chat/init', { as: admin, body: {}, query: { conversation_token: token } });
    expect(init.statusCode).toBe(200);
    const id = init.json().conversation_id;
    const messages = ['hello', 'what are your opening hours?', 'qwerty asdf zxcv', 'do you deliver?'];
    let tracker: TrackerEntry[] = [];
    for (const msg of messages) {
      const res = await t.call('POST', '/v1/chat', {
        as: admin,
        body: { msg },
        query: { id, conversation_token: token },
      });
      expect(res.statusCode).toBe(200);
      // Without last_ts each answer holds the whole conversation: the last one is the record.
      tracker = res.json().tracker;
    }
    const knowledge = tracker.filter((e) => e.type === 'action' && e.value === 'knowledge_answer');
    const searches = knowledge.length;
    const answered = knowledge.filter((e) => (e.args as { answered?: boolean }).answered).length;
    expect(searches).toBeGreaterThan(0);
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(text, 'console_chat_turns_total', 'kind="start"')).toBe(1);
    expect(sample(text, 'console_chat_turns_total', 'kind="message"')).toBe(messages.length);
    expect(sample(text, 'console_chat_turn_duration_seconds_count', 'kind="message"')).toBe(messages.length);
    expect(sample(text, 'console_nlu_classification_duration_seconds_count')).toBe(messages.length);
    expect(sample(text, 'console_knowledge_searches_total', 'result="answered"') ?? 0).toBe(answered);
    expect(sample(text, 'console_knowledge_searches_total', 'result="not_answered"') ?? 0).toBe(searches - answered);
    // Requests by the route's template, not the URL with its query.
    expect(
      sample(text, 'console_http_request_duration_seconds_count', 'method="POST",route="/v1/chat",status_code="200"'),
    ).toBe(messages.length);
  });

  it('reports the job queue and campaign calls by status from the database', async () => {
    // Running and failed: the app's own job runner takes only queued jobs, so these stay as they are.
    await t.db
      .insertInto('jobs')
      .values({ kind: 'train-draft', project_id: 1, payload: '{}', status: 'running' })
      .execute();
    await t.db
      .insertInto('jobs')
      .values({ kind: 'reindex-knowledge', project_id: 1, payload: '{}', status: 'failed', error: 'broken' })
      .execute();
    const campaign = await t.db
      .insertInto('outbound_campaigns')
      .values({
        project_id: 1,
        name: 'Metrics',
        project_env: 'dev',
        call_time_from: '09:00',
        call_time_to: '17:00',
        retry_interval: 120,
        retry_count: 3,
        timeout: 30,
        callback_secret: 'secret',
        state: 'paused',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const status of ['queued', 'queued', 'completed'] as const) {
      await t.db
        .insertInto('outbound_calls')
        .values({ campaign_id: campaign.id, destination: '+420777000001', scheduled_at: new Date(), status })
        .execute();
    }
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(text, 'console_jobs', 'kind="train-draft",status="running"')).toBe(1);
    expect(sample(text, 'console_jobs', 'kind="reindex-knowledge",status="failed"')).toBe(1);
    expect(sample(text, 'console_campaign_calls', 'project_id="1",status="queued"')).toBe(2);
    expect(sample(text, 'console_campaign_calls', 'project_id="1",status="completed"')).toBe(1);
  });
});

describe('without METRICS_TOKEN', () => {
  it('has no /metrics', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(t.app.services.metrics).toBeNull();
    } finally {
      await t.close();
    }
  });
});

// The real Prometheus scraping two console processes on one PostgreSQL database (the PostgreSQL stage).
const prometheusReady = testBackend() === 'postgres' && fs.existsSync(PROMETHEUS);
if (!prometheusReady) {
  console.log(
    'metrics.test.ts: the Prometheus part needs TEST_DB=postgres and /usr/bin/prometheus (apt-get install prometheus).',
  );
}

describe.skipIf(!prometheusReady)('Prometheus scraping two instances', () => {
  let database: TestDatabase;
  let instances: Instance[] = [];
  let prometheus: ChildProcess | null = null;
  let promUrl = '';
  let dir = '';
  let promOutput = '';

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db
      .updateTable('users')
      .set({ password_expired: false })
      .where('email', '=', SEED_ADMIN_EMAIL)
      .execute();
    instances = await Promise.all(
      ['a', 'b'].map((name) => startInstance(name, database.location, { METRICS_TOKEN: TOKEN })),
    );
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-prometheus-'));
    fs.writeFileSync(path.join(dir, 'token'), TOKEN);
    // The README's scrape config, with a 1 s interval so the test is short.
    fs.writeFileSync(
      path.join(dir, 'prometheus.yml'),
      [
        'global:',
        '  scrape_interval: 1s',
        'scrape_configs:',
        '  - job_name: console',
        '    authorization:',
        `      credentials_file: ${path.join(dir, 'token')}`,
        '    static_configs:',
        `      - targets: [${instances.map((i) => `'127.0.0.1:${i.port}'`).join(', ')}]`,
        '',
      ].join('\n'),
    );
    const port = await freePort();
    promUrl = `http://127.0.0.1:${port}`;
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${path.join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prometheus.stderr?.on('data', (data: Buffer) => {
      promOutput = (promOutput + data.toString()).slice(-10_000);
    });
    // Both targets up: scraped with the token.
    await waitFor('Prometheus scrapes both instances', 60_000, async () => {
      const up = await query('sum(up{job="console"})');
      return up === 2 ? true : undefined;
    }).catch((error) => {
      throw new Error(`${(error as Error).message}\n${promOutput}`);
    });
  });

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((resolve) => prometheus?.once('exit', resolve));
      prometheus.kill('SIGTERM');
      await exited;
    }
    await Promise.all(instances.map((i) => i.stop()));
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** An instant query's single value, or undefined when the result is empty. */
  async function query(promql: string, time?: number): Promise<number | undefined> {
    const params = new URLSearchParams({ query: promql, ...(time ? { time: String(time) } : {}) });
    const res = await fetch(`${promUrl}/api/v1/query?${params}`);
    const body = (await res.json()) as { status: string; data: { result: { value: [number, string] }[] } };
    if (body.status !== 'success') throw new Error(JSON.stringify(body));
    const [first] = body.data.result;
    return first ? Number(first.value[1]) : undefined;
  }

  it('reads through its HTTP API the chat turns sent to both instances', async () => {
    const turns = 'console_chat_turns_total{job="console",kind="message"}';
    // Each process's counter exists at 0 from its start, and both were scraped before the first turn.
    const startedAt = Date.now() / 1000;
    const cookies = await Promise.all(instances.map((i) => loginAdmin(i.url)));
    const perInstance = [3, 5];
    for (const [n, instance] of instances.entries()) {
      const token = `prometheus-conversation-${n}-0123456789`;
      const init = await call(instance.url, 'POST', `/v1/chat/init?project_id=1&conversation_token=${token}`, {
        cookie: cookies[n],
        body: {},
      });
      expect(init.status).toBe(200);
      for (let m = 0; m < (perInstance[n] ?? 0); m++) {
        const res = await call(
          instance.url,
          'POST',
          `/v1/chat?project_id=1&id=${init.body.conversation_id}&conversation_token=${token}`,
          { cookie: cookies[n], body: { msg: `hello number ${m}` } },
        );
        expect(res.status).toBe(200);
      }
    }
    const sent = perInstance.reduce((a, b) => a + b, 0);
    // The increase between the start and now, read through Prometheus's HTTP API, once both were scraped again.
    const increase = `sum(${turns}) - sum(${turns} @ ${startedAt.toFixed(3)})`;
    const seen = await waitFor('Prometheus sees every turn', 30_000, async () => {
      const value = await query(increase);
      return value !== undefined && value >= sent ? value : undefined;
    });
    expect(seen).toBe(sent);
    // rate() over the same window sees them too (its extrapolation makes it no exact count).
    const window = Math.ceil(Date.now() / 1000 - startedAt) + 2;
    expect(await query(`sum(rate(${turns}[${window}s]))`)).toBeGreaterThan(0);
    // Per instance: each process counted its own.
    for (const [n, instance] of instances.entries()) {
      const own = await query(`sum(${turns.replace('}', `,instance="127.0.0.1:${instance.port}"}`)})`);
      expect(own).toBe(perInstance[n]);
    }
    // The request histogram and the scrape being refused without the token.
    expect(await query('sum(console_http_request_duration_seconds_count{route="/v1/chat"})')).toBe(sent);
    const refused = await fetch(`${instances[0]?.url}/metrics`);
    expect(refused.status).toBe(401);
    const text = await (
      await fetch(`${instances[0]?.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).text();
    expect(sumOf(text, 'console_chat_turns_total', 'kind="message"')).toBe(perInstance[0]);
  });
});
