/**
 * Dashboard statistics benchmark (issue 18 item 2): a project with 100,000 conversations and 1,000,000 user
 * messages over the last 30 days, then GET /v1/stats for those 30 days against a real server process started
 * as `npm start` starts it (node server/main.ts), on PGlite and on PostgreSQL. Budget: median of 5 ≤ 300 ms on
 * PGlite, ≤ 100 ms on PostgreSQL. Writes bench/results/stats.json.
 *
 *   npm run bench:stats                          # both backends (PostgreSQL at BENCH_DATABASE_URL or 127.0.0.1:5432)
 *   STATS_BENCH_SCALE=0.05 npm run bench:stats   # a twentieth of the volume, to check it works
 *   STATS_BENCH_BACKENDS=pglite npm run bench:stats
 *
 * The history is written in bulk, as the write path would have written it: conversation rows (short trackers)
 * and the roll-ups computed by the chat's own `addStart`/`addEntries` (server/features/stats/stats-rollup.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { SEED_ADMIN_EMAIL, seedDatabase } from '../server/seed.ts';
import { DAYS, seedHistory } from './stats-history.ts';

const SCALE = Number(process.env.STATS_BENCH_SCALE ?? 1);
const CONVERSATIONS = Math.round(100_000 * SCALE);
const MESSAGES = Math.round(1_000_000 * SCALE);
const RUNS = 5;
const PASSWORD = 'Bench-Admin-Passw0rd-1';
const BACKENDS = (process.env.STATS_BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const BUDGET_MS = { pglite: 300, postgres: 100 } as const;
const root = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The server as `npm start` runs it (without the console build, which the API does not need). */
async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/v1`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      await fetch(`${base}/auth/session`);
      return { child, base };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('server did not start');
}

async function measure(base: string) {
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: SEED_ADMIN_EMAIL, passwd: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login ${login.status} ${await login.text()}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const url = `${base}/stats?project_id=1&project_env=prod&from=${day(-(DAYS - 1))}&to=${day(0)}&tz=Europe/Prague`;
  const once = async (target = url) => {
    const started = performance.now();
    const res = await fetch(target, { headers: { cookie, 'x-requested-with': 'console' } });
    const body = (await res.json()) as { totals: { conversations: number; user_messages: number } };
    if (!res.ok) throw new Error(`stats ${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - started, body };
  };
  const warm = await once();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) samples.push((await once()).ms);
  // The same session's cheapest call (the labels list): what any request costs on this machine, for comparison.
  const baseline: number[] = [];
  for (let i = 0; i < RUNS; i++) baseline.push((await once(`${base}/labels?project_id=1`)).ms);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  return { samples, median: median(samples), baseline: median(baseline), totals: warm.body.totals };
}

async function run(backend: 'pglite' | 'postgres') {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let databaseUrl: string | null = null;
  let dataDir = '';
  if (backend === 'postgres') {
    const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const name = `stats_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    databaseUrl = target.toString();
    env = { DATABASE_URL: databaseUrl };
    cleanup = async () => {
      const drop = new pg.Client({ connectionString: url });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    };
  } else {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stats-bench-'));
    env = { DATA_DIR: dataDir };
    cleanup = () => fs.rm(dataDir, { recursive: true, force: true });
  }
  try {
    const seedStarted = performance.now();
    const opened = await openDatabase({ databaseUrl, dataDir });
    await migrateToLatest(opened.db);
    await seedDatabase(opened.db, { adminPassword: PASSWORD, demo: true });
    await seedHistory(opened.db, CONVERSATIONS, MESSAGES);
    await opened.close();
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const { child, base } = await startServer({ ...env, SEED_ADMIN_PASSWORD: PASSWORD });
    try {
      const m = await measure(base);
      return {
        backend,
        conversations: CONVERSATIONS,
        messages: MESSAGES,
        days: DAYS,
        seed_seconds: Number(seedSeconds.toFixed(1)),
        samples_ms: m.samples.map((s) => Number(s.toFixed(1))),
        median_ms: Number(m.median.toFixed(1)),
        budget_ms: BUDGET_MS[backend],
        within_budget: m.median <= BUDGET_MS[backend],
        labels_call_median_ms: Number(m.baseline.toFixed(1)),
        answered: m.totals,
      };
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  } finally {
    await cleanup();
  }
}

const results: Record<string, unknown> = {
  scale: SCALE,
  node: process.version,
  cpus: os.cpus().length,
  load: os.loadavg().map((l) => Number(l.toFixed(2))),
  measured_at: new Date().toISOString(),
};
for (const backend of BACKENDS as ('pglite' | 'postgres')[]) {
  const result = await run(backend);
  console.log(JSON.stringify(result));
  results[backend] = result;
}
const file = path.join(root, 'bench/results/stats.json');
await fs.mkdir(path.dirname(file), { recursive: true });
await fs.writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
