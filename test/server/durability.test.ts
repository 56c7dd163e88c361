// QUALITY "Durability": a writer process killed with SIGKILL at random times, 50 cycles on the run's backend
// (PGlite by default, PostgreSQL with TEST_DB=postgres): 0 acknowledged writes lost, 50 clean reopens.
// Each writer first reopens the database the previous one was killed on (openDatabase + migrateToLatest, crash
// recovery included) and reports which of the previous writer's ids are there; at the end this process reopens
// it once more and checks every id acknowledged in any cycle.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { POSTGRES_URL, testBackend } from './helpers/test-database.ts';

const CYCLES = 50;
const KILL_AFTER_MS = { min: 50, max: 400 };
const IDS_PER_CYCLE = 1_000_000;
const WRITER = path.resolve(import.meta.dirname, 'helpers/durability-writer.ts');
const backend = testBackend();

interface Location {
  env: Record<string, string>;
  /** Where this process reopens the database at the end. */
  open: { databaseUrl: string | null; dataDir: string };
  remove(): Promise<void>;
}

/** A copy of the run's migrated template: the writers only add their own table. */
async function newLocation(): Promise<Location> {
  const template = inject('dbTemplate');
  const name = `durability_${process.pid}_${Date.now().toString(36)}`;
  if (backend === 'postgres') {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.pgName}`);
    await admin.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: url.toString() },
      open: { databaseUrl: url.toString(), dataDir: '' },
      async remove() {
        const drop = new pg.Client({ connectionString: POSTGRES_URL });
        await drop.connect();
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await drop.end();
      },
    };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'console-durability-'));
  await fs.cp(template.dir, dir, { recursive: true });
  return {
    env: { DATABASE_URL: '', DURABILITY_DATA_DIR: dir },
    open: { databaseUrl: null, dataDir: dir },
    remove: () => fs.rm(dir, { recursive: true, force: true }),
  };
}

interface Cycle {
  acked: number[];
  /** Ids of the previous cycle the writer found on reopening (null on the first cycle). */
  present: number[] | null;
  torn: number[];
  openedMs: number;
  killedAfterMs: number;
}

/** One writer: reopen (checking the previous range), write until killed 50–400 ms after its first ack. */
function runCycle(location: Location, firstId: number, check: [number, number] | null): Promise<Cycle> {
  const args = [WRITER, String(firstId), ...(check ? check.map(String) : [])];
  const child: ChildProcess = spawn(process.execPath, args, {
    env: { ...process.env, ...location.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const cycle: Cycle = { acked: [], present: null, torn: [], openedMs: -1, killedAfterMs: -1 };
  let buffered = '';
  let stderr = '';
  let killAt = 0;
  const onLine = (line: string) => {
    const [kind, value = ''] = line.split(' ', 2);
    if (kind === 'ack') {
      cycle.acked.push(Number(value));
      if (cycle.acked.length === 1) {
        const delay = KILL_AFTER_MS.min + Math.random() * (KILL_AFTER_MS.max - KILL_AFTER_MS.min);
        killAt = performance.now();
        setTimeout(() => {
          cycle.killedAfterMs = Math.round(performance.now() - killAt);
          child.kill('SIGKILL');
        }, delay);
      }
    } else if (kind === 'opened') cycle.openedMs = Number(value);
    else if (kind === 'present') cycle.present = value ? value.split(',').map(Number) : [];
    else if (kind === 'torn') cycle.torn = value.split(',').map(Number);
  };
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  // A writer that never acknowledges (failed reopen, hang) fails the cycle instead of the whole run's timeout.
  const watchdog = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(watchdog);
      if (signal !== 'SIGKILL' || cycle.acked.length === 0) {
        reject(
          new Error(
            `writer ended with ${signal ?? `code ${code}`} after ${cycle.acked.length} acks: ${stderr.slice(-2000)}`,
          ),
        );
      } else resolve(cycle);
    });
  });
}

const idRange = (acked: number[]): [number, number] => [acked[0] ?? 0, (acked.at(-1) ?? 0) + 1];

let location: Location;
beforeAll(async () => {
  location = await newLocation();
});
afterAll(async () => {
  await location?.remove();
});

describe(`durability (${backend})`, () => {
  it(`${CYCLES} writers killed with SIGKILL lose no acknowledged write`, async () => {
    const started = performance.now();
    const cycles: Cycle[] = [];
    const allAcked: number[] = [];
    let previous: Cycle | null = null;
    for (let n = 0; n < CYCLES; n += 1) {
      const check = previous ? idRange(previous.acked) : null;
      const cycle = await runCycle(location, (n + 1) * IDS_PER_CYCLE, check);
      // The reopen after the previous kill: every id acknowledged then is there, and whole.
      expect(cycle.torn, `cycle ${n}: transactions half there`).toEqual([]);
      if (previous) {
        const present = new Set(cycle.present ?? []);
        const lost = previous.acked.filter((id) => !present.has(id));
        expect(lost, `cycle ${n - 1}: acknowledged ids lost`).toEqual([]);
      }
      cycles.push(cycle);
      allAcked.push(...cycle.acked);
      previous = cycle;
    }

    // The last reopen, in this process, and every acknowledged id of every cycle.
    const reopenStarted = performance.now();
    const database = await openDatabase(location.open);
    const reopenMs = Math.round(performance.now() - reopenStarted);
    let stored: Array<{ id: number; parts: number }>;
    try {
      stored = (
        await sql<{ id: number; parts: number }>`
          SELECT id::int AS id, count(*)::int AS parts FROM durability_probe GROUP BY id`.execute(database.db)
      ).rows;
    } finally {
      await database.close();
    }
    const whole = new Set(stored.filter((r) => r.parts === 2).map((r) => r.id));
    expect(
      stored.filter((r) => r.parts !== 2),
      'transactions half there',
    ).toEqual([]);
    expect(
      allAcked.filter((id) => !whole.has(id)),
      'acknowledged ids lost',
    ).toEqual([]);

    // Figures for the report (QUALITY: durability).
    const acks = cycles.map((c) => c.acked.length);
    const opened = cycles.map((c) => c.openedMs).sort((a, b) => a - b);
    const committedUnacked = stored.length - allAcked.length;
    console.log(
      `durability ${backend}: ${CYCLES} cycles, ${allAcked.length} acknowledged commits (per cycle ${Math.min(...acks)}–${Math.max(...acks)}), ` +
        `0 lost, ${committedUnacked} committed but killed before the ack, ${CYCLES + 1} clean reopens ` +
        `(writer open+migrate median ${opened[Math.floor(opened.length / 2)]} ms, max ${opened.at(-1)} ms; final reopen ${reopenMs} ms), ` +
        `kill delays ${Math.min(...cycles.map((c) => c.killedAfterMs))}–${Math.max(...cycles.map((c) => c.killedAfterMs))} ms, ` +
        `${Math.round((performance.now() - started) / 1000)} s`,
    );
  }, 600_000); // ~1 min on an idle 2-core machine; far more when the machine is shared
});
