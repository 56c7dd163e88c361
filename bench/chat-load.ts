/**
 * Chat load benchmark (QUALITY: Load; issue 7): 100 concurrent conversations exchanging messages with the
 * seeded demo bot for 30 s through the real HTTP server, authenticated by the chatbot token as the widget
 * is. Records messages per second, p50/p99 latency and errors per backend in bench/results/chat-load.json.
 *
 *   node bench/chat-load.ts                      # PGlite in a temporary directory
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/chat-load.ts   # PostgreSQL
 * Options: CONVERSATIONS (100), SECONDS (30).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { readConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { seedDatabase } from '../server/seed/index.ts';

const CONVERSATIONS = Number(process.env.CONVERSATIONS ?? 100);
const SECONDS = Number(process.env.SECONDS ?? 30);
const SCRIPT = ['hello', 'I want to order a pizza', '2031-01-01', 'no', 'when are you open', 'thanks', 'zzqx vlorp'];

async function openBackend() {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const name = `chat_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const opened = await openDatabase({ databaseUrl: target.toString(), dataDir: '' });
    return {
      backend: 'postgres' as const,
      databaseUrl: target.toString(),
      opened,
      cleanup: async () => {
        const drop = new pg.Client({ connectionString: url });
        await drop.connect();
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await drop.end();
      },
    };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'chat-bench-'));
  const opened = await openDatabase({ databaseUrl: null, dataDir: dir });
  return {
    backend: 'pglite' as const,
    databaseUrl: null,
    opened,
    cleanup: () => fs.rm(dir, { recursive: true, force: true }),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main() {
  const { backend, databaseUrl, opened, cleanup } = await openBackend();
  await migrateToLatest(opened.db);
  await seedDatabase(opened.db, { adminPassword: 'Bench-Admin-Passw0rd-1' });
  const config = { ...readConfig({}), databaseUrl, distDir: '/nonexistent' };
  const app = await buildApp({ db: opened.db, config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1`;
  const { chatbot_token: token } = await opened.db
    .selectFrom('project_settings')
    .select('chatbot_token')
    .where('project_id', '=', 1)
    .executeTakeFirstOrThrow();
  const headers = { 'content-type': 'application/json', 'x-chatbot-token': token };

  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  let messages = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const fail = (why: string) => {
    errors[why] = (errors[why] ?? 0) + 1;
  };

  async function conversation(n: number) {
    const conversationToken = `bench-conversation-${n}-${Date.now()}-token`;
    const init = async () => {
      const res = await fetch(`${base}/chat/init?conversation_token=${conversationToken}&project_env=prod`, {
        method: 'POST',
        headers,
        body: '{}',
      });
      if (!res.ok) throw new Error(`init ${res.status}`);
      const body = (await res.json()) as { conversation_id: number; tracker: { timestamp: number }[] };
      return { id: body.conversation_id, lastTs: body.tracker.at(-1)?.timestamp ?? 0 };
    };
    let state = await init();
    for (let i = n; Date.now() < deadline; i++) {
      const msg = SCRIPT[i % SCRIPT.length]!;
      const started = performance.now();
      try {
        const res = await fetch(
          `${base}/chat?id=${state.id}&conversation_token=${conversationToken}&project_env=prod`,
          {
            method: 'POST',
            headers,
            body: JSON.stringify({ msg, last_ts: state.lastTs }),
          },
        );
        if (res.status === 410) {
          await res.arrayBuffer();
          state = await init();
          continue;
        }
        if (!res.ok) {
          fail(`HTTP ${res.status}`);
          await res.arrayBuffer();
          continue;
        }
        const body = (await res.json()) as { tracker: { timestamp: number }[] };
        latencies.push(performance.now() - started);
        messages += 1;
        state.lastTs = body.tracker.at(-1)?.timestamp ?? state.lastTs;
      } catch (error) {
        fail(error instanceof Error ? error.message : String(error));
      }
    }
  }

  const startedAt = Date.now();
  await Promise.all(Array.from({ length: CONVERSATIONS }, (_, n) => conversation(n)));
  const elapsed = (Date.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  const result = {
    backend,
    conversations: CONVERSATIONS,
    seconds: Number(elapsed.toFixed(1)),
    messages,
    messages_per_second: Number((messages / elapsed).toFixed(1)),
    latency_ms: {
      p50: Number(percentile(latencies, 50).toFixed(1)),
      p99: Number(percentile(latencies, 99).toFixed(1)),
      max: Number((latencies.at(-1) ?? 0).toFixed(1)),
    },
    errors: Object.values(errors).reduce((a, b) => a + b, 0),
    error_kinds: errors,
    node: process.version,
    cpus: os.cpus().length,
    measured_at: new Date().toISOString(),
  };
  console.log(JSON.stringify(result, null, 2));
  await app.close();
  await opened.close();
  await cleanup();

  const file = path.resolve('bench/results/chat-load.json');
  const previous = await fs
    .readFile(file, 'utf8')
    .then((t) => JSON.parse(t) as Record<string, unknown>)
    .catch(() => ({}));
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${JSON.stringify({ ...previous, [backend]: result }, null, 2)}\n`);
  if (result.errors > 0) process.exitCode = 1;
}

await main();
