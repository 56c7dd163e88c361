/**
 * Campaign dispatch benchmark (issue 17 §5): how many call starts per second the dialler engine dispatches when the
 * dialler itself costs nothing (the fake), so what is measured is the engine's own work per call — the claim
 * (campaign row lock, cap count, SKIP LOCKED batch update), storing the provider id, and applying the call's
 * answered and ended events. Target: ≥ 200 call starts per second on this machine. Writes
 * bench/results/campaign-dispatch.json.
 *
 *   npm exec -- node bench/campaign-dispatch.ts
 *   CAMPAIGN_BENCH_CALLS=500 CAMPAIGN_BENCH_BACKENDS=pglite npm exec -- node bench/campaign-dispatch.ts
 *
 * PostgreSQL is used at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres, a scratch database
 * is created and dropped) when reachable.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { TestClock } from '../server/features/campaigns/clock.ts';
import { CampaignEngine } from '../server/features/campaigns/engine.ts';
import { FakeDialler } from '../server/features/campaigns/fake-dialler.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { seedDatabase } from '../server/seed.ts';
import { importCallList } from '../server/features/campaigns/campaign-calls.ts';

const CALLS = Number(process.env.CAMPAIGN_BENCH_CALLS ?? 2000);
/** The per-campaign cap: calls end at once, so the engine keeps refilling this many slots. */
const CAP = Number(process.env.CAMPAIGN_BENCH_CAP ?? 100);
const BACKENDS = (process.env.CAMPAIGN_BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const TARGET_PER_SECOND = 200;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = path.resolve(import.meta.dirname, '..');

/**
 * `dispatch`: calls are answered and stay up, the cap is the whole list: only the engine's dispatch path per call
 * (claim, origination, provider id). `lifecycle`: calls end at once and the cap of CAP slots is refilled as their
 * events are applied (answered, ended): the whole per-call cost of the engine.
 */
type Scenario = 'dispatch' | 'lifecycle';

async function run(backend: string, scenario: Scenario) {
  let databaseUrl: string | null = null;
  let dropScratch = async () => {};
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'campaign-bench-'));
  if (backend === 'postgres') {
    const name = `campaign_bench_${process.pid}_${scenario}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    try {
      await admin.connect();
    } catch {
      return { backend, scenario, skipped: `PostgreSQL not reachable at ${POSTGRES_URL}` };
    }
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropScratch = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const opened = await openDatabase({ databaseUrl, dataDir });
  try {
    await migrateToLatest(opened.db);
    await seedDatabase(opened.db, { adminPassword: 'Bench-Admin-Passw0rd-1', demo: true });
    const clock = new TestClock('2039-01-01T10:00:00Z');
    const { id } = await opened.db
      .insertInto('outbound_campaigns')
      .values({
        project_id: 1,
        name: 'Bench',
        project_env: 'dev',
        call_time_from: '00:00',
        call_time_to: '00:00',
        retry_interval: 0,
        retry_count: 0,
        timeout: 30,
        callback_secret: 'bench',
        max_concurrent: scenario === 'dispatch' ? CALLS : CAP,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lines = Array.from({ length: CALLS }, (_, i) => `+420777${String(i).padStart(6, '0')},2039-01-01 10:00 UTC`);
    const importStarted = performance.now();
    await importCallList(opened.db, 1, id, ['destination,scheduled_time', ...lines].join('\n'), clock.now());
    const importMs = performance.now() - importStarted;
    const fake = new FakeDialler({
      decide: () => (scenario === 'dispatch' ? { kind: 'answer' } : { kind: 'answer', holdMs: 0 }),
      now: () => clock.now(),
    });
    const engine = new CampaignEngine({ db: opened.db, dialler: fake, clock, voice: null, tickMs: 0, log: () => {} });
    engine.start();
    await opened.db.updateTable('outbound_campaigns').set({ state: 'running' }).where('id', '=', id).execute();
    const started = performance.now();
    let ticks = 0;
    while (fake.originated.length < CALLS) {
      await engine.tick();
      ticks += 1;
      // Let the fake's events (answered, ended) run and free the slots.
      await new Promise((resolve) => setImmediate(resolve));
      await engine.settle();
    }
    const dispatchMs = performance.now() - started;
    await engine.settle();
    const finalMs = performance.now() - started;
    await engine.stop();
    const statuses = await opened.db
      .selectFrom('outbound_calls')
      .select(['status', opened.db.fn.countAll<number>().as('n')])
      .where('campaign_id', '=', id)
      .groupBy('status')
      .execute();
    const twice = [...fake.originationsByCall().values()].filter((n) => n > 1).length;
    const perSecond = Math.round((CALLS / dispatchMs) * 1000);
    return {
      backend,
      scenario,
      calls: CALLS,
      cap: scenario === 'dispatch' ? CALLS : CAP,
      import_ms: Math.round(importMs),
      dispatch_ms: Math.round(dispatchMs),
      all_final_ms: Math.round(finalMs),
      ticks,
      call_starts_per_second: perSecond,
      meets_target: perSecond >= TARGET_PER_SECOND,
      max_active: fake.maxActive,
      dialled_twice: twice,
      statuses: Object.fromEntries(statuses.map((s) => [s.status, Number(s.n)])),
    };
  } finally {
    await opened.close();
    await dropScratch();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (const backend of BACKENDS) {
  for (const scenario of ['dispatch', 'lifecycle'] as const) {
    const result = await run(backend, scenario);
    console.log(JSON.stringify(result));
    results.push(result);
  }
}
const out = {
  benchmark: 'campaign-dispatch',
  target_call_starts_per_second: TARGET_PER_SECOND,
  machine: {
    cpus: os.cpus().length,
    node: process.version,
    load_average: os.loadavg().map((l) => Number(l.toFixed(1))),
  },
  measured_at: new Date().toISOString(),
  results,
};
await fs.mkdir(path.join(root, 'bench/results'), { recursive: true });
await fs.writeFile(path.join(root, 'bench/results/campaign-dispatch.json'), `${JSON.stringify(out, null, 2)}\n`);
