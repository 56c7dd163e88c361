/**
 * What storing a chat turn costs as the conversation grows (issue 35 item 4), without the HTTP server or a load
 * generator: CPU time, which a busy machine disturbs far less than latency. One process drives the chat's own read
 * (TurnReads: the conversation and its entries after the client's last timestamp) and write (writeConversations:
 * the group commit's statement) for CONVERSATIONS conversations, TURNS turns each, one turn at a time (batches of
 * one), each turn adding ENTRIES realistic tracker entries. Per band of turns (1-10, 11-20, ...) it reports the CPU
 * ms a turn took: this process (on PGlite the database runs inside it) and, on PostgreSQL, the backend serving it.
 * The same file runs on main's code (before migration 0014: the whole transcript rewritten each turn) and after.
 *
 *   node bench/turn-store.ts                                                           # PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/turn-store.ts   # PostgreSQL
 * Options: CONVERSATIONS (20), TURNS (40), ENTRIES (8). Prints one JSON line; writes no result file.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { TrackerEntry } from '../src/api/contract/chat.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { createConversation, writeConversations } from '../server/features/chat/conversation-writes.ts';
import { TurnReads } from '../server/features/chat/turn-read.ts';
import { seedDatabase } from '../server/seed.ts';

const CONVERSATIONS = Number(process.env.CONVERSATIONS ?? 20);
const TURNS = Number(process.env.TURNS ?? 40);
const ENTRIES = Number(process.env.ENTRIES ?? 8);
const CLK_TCK = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

const procCpuMs = (pid: number): number => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
};
const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const url = process.env.BENCH_DATABASE_URL;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turn-store-'));
let dropDatabase = async () => {};
let databaseUrl: string | null = null;
if (url) {
  const name = `turn_store_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  databaseUrl = target.toString();
  dropDatabase = async () => {
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  };
}
const opened = await openDatabase({ databaseUrl, dataDir: dir });
const db = opened.db;
await migrateToLatest(db);
await seedDatabase(db, { adminPassword: 'Bench-Admin-Passw0rd-1' });
const backendCpuMs = async (): Promise<number> => {
  if (!databaseUrl) return 0;
  const { rows } = await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity
    WHERE datname = current_database()`.execute(db);
  let sum = 0;
  for (const r of rows) sum += procCpuMs(r.pid);
  return sum;
};

const reads = new TurnReads(db);
const caller = { projectId: 1, env: 'prod' as const };
const state = { variables: { name: 'Ann', size: 'large' }, scopeId: null, projects: [1], timers: {}, ended: false };
const ids: { id: number; token: string; version: number; lastTs: number }[] = [];
for (let i = 0; i < CONVERSATIONS; i++) {
  const token = `turn-store-token-${i}-0123456789`;
  const c = await createConversation(db, { projectId: 1, env: 'prod', deploymentId: null, userId: null, token });
  ids.push({ id: c.id, token, version: 0, lastTs: 0 });
}
/** A turn's entries as the runtime writes them: the user's utterance, intent, reaction, actions, logs, the answer. */
const turnEntries = (turn: number, from: number): TrackerEntry[] =>
  Array.from({ length: ENTRIES }, (_, k) => {
    const timestamp = from + k + 1;
    if (k === 0)
      return { type: 'utter', value: `I would like a pizza number ${turn}`, args: { who: 'user' }, timestamp };
    if (k === 1) return { type: 'intent', value: 'order', args: { confidence: 0.93, alternatives: [] }, timestamp };
    if (k === ENTRIES - 1)
      return { type: 'utter', value: `Great! When should we deliver pizza ${turn}?`, args: { who: 'bot' }, timestamp };
    return {
      type: 'log',
      value: `Step ${k} of reaction order ran with variables name=Ann size=large`,
      args: { level: 20, reaction: 'order' },
      timestamp,
    };
  });

const bands: {
  turns: string;
  process_cpu_ms_per_turn: number;
  /** The turn read's share of the process's time (on PGlite the database's work included). */
  of_which_read: number;
  database_cpu_ms_per_turn: number | null;
}[] = [];
for (let band = 0; band * 10 < TURNS; band++) {
  const own = ownCpuMs();
  let readMs = 0;
  const backend = await backendCpuMs();
  const turnsInBand = Math.min(10, TURNS - band * 10);
  for (let t = 0; t < turnsInBand; t++) {
    for (const c of ids) {
      const before = ownCpuMs();
      const { conversation } = await reads.read(caller, { id: c.id, token: c.token, lastTs: c.lastTs });
      readMs += ownCpuMs() - before;
      const entries = turnEntries(band * 10 + t, Math.max(conversation.lastTs, Date.now() * 1000));
      const [version] = await writeConversations(db, [
        { id: c.id, version: conversation.version, entries, state, busySeconds: 0, notify: false },
      ]);
      if (version == null) throw new Error('version moved');
      c.lastTs = entries.at(-1)!.timestamp;
    }
  }
  const n = turnsInBand * CONVERSATIONS;
  bands.push({
    turns: `${band * 10 + 1}-${band * 10 + turnsInBand}`,
    process_cpu_ms_per_turn: Math.round(((ownCpuMs() - own) / n) * 100) / 100,
    of_which_read: Math.round((readMs / n) * 100) / 100,
    database_cpu_ms_per_turn: databaseUrl ? Math.round((((await backendCpuMs()) - backend) / n) * 100) / 100 : null,
  });
}
console.log(
  JSON.stringify({
    backend: databaseUrl ? 'postgres' : 'pglite',
    conversations: CONVERSATIONS,
    entries: ENTRIES,
    bands,
  }),
);
await opened.close();
await dropDatabase();
fs.rmSync(dir, { recursive: true, force: true });
