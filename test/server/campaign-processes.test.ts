import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importCallList } from '../../server/features/campaigns/campaign-calls.ts';
import { runningCampaign } from './campaign-fixtures.ts';
import { type TestDatabase, openTestDatabase, testBackend } from './helpers/test-database.ts';

const CALLS = 1000;
const CAP = 20;
/** Worker clocks run this much faster than the wall clock: a minute's retry interval is a second. */
const SCALE = 60;
const worker = path.resolve(import.meta.dirname, 'helpers/campaign-worker.ts');

let database: TestDatabase;
let children: ChildProcess[] = [];
beforeEach(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  children = [];
  await database.close();
});

// Several processes need a database they can all open: PostgreSQL (TEST_DB=postgres). PGlite is one process.
// About 30 s: the calls of the killed process (answered ones too) are finished by the others once its engine's
// heartbeat is older than the lease (30 s of the workers' clock, half a second of the wall clock).
describe.skipIf(testBackend() !== 'postgres')('campaign engine in three processes', () => {
  it('dials 1,000 calls with one process SIGKILLed mid-run: no call dialled twice, the cap never exceeded', async () => {
    const { db } = database;
    const start = Date.UTC(2039, 0, 1, 10);
    const id = await runningCampaign(db, {
      call_time_from: '00:00',
      call_time_to: '00:00',
      max_concurrent: CAP,
      retry_count: 1,
      retry_interval: 1,
      timeout: 1,
    });
    const lines = Array.from({ length: CALLS }, (_, i) => `+420777${String(i).padStart(6, '0')},2039-01-01 10:00 UTC`);
    await importCallList(db, 1, id, ['destination,scheduled_time', ...lines].join('\n'), new Date(start));
    const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-processes-'));
    const logs = [0, 1, 2].map((i) => path.join(logDir, `worker-${i}.log`));
    const wall = Date.now();
    children = logs.map((log) =>
      fork(worker, [database.location, log, String(start), String(SCALE), String(wall)], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    );
    let maxActive = 0;
    let killed = false;
    const deadline = Date.now() + 90_000;
    for (;;) {
      const rows = await db
        .selectFrom('outbound_calls')
        .select(['status', db.fn.countAll<number>().as('n')])
        .where('campaign_id', '=', id)
        .groupBy('status')
        .execute();
      const count = (s: string[]) => rows.filter((r) => s.includes(r.status)).reduce((a, r) => a + Number(r.n), 0);
      maxActive = Math.max(maxActive, count(['dialling', 'answered']));
      const final = count(['completed', 'failed']);
      if (!killed && final >= CALLS / 3) {
        children[0]!.kill('SIGKILL');
        killed = true;
      }
      if (final === CALLS) break;
      if (Date.now() > deadline) throw new Error(`only ${final} of ${CALLS} calls final: ${JSON.stringify(rows)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(killed).toBe(true);
    expect(maxActive).toBeLessThanOrEqual(CAP);
    const handed = new Map<number, number>();
    for (const log of logs) {
      for (const line of fs.readFileSync(log, 'utf8').split('\n').filter(Boolean)) {
        handed.set(Number(line), (handed.get(Number(line)) ?? 0) + 1);
      }
    }
    const calls = await db
      .selectFrom('outbound_calls')
      .select(['id', 'attempts', 'status'])
      .where('campaign_id', '=', id)
      .execute();
    // Never handed to a dialler more often than the database counted attempts: no call dialled twice. Fewer only
    // for calls the killed process had claimed but not yet handed over (at most its share of the cap).
    expect(calls.filter((c) => (handed.get(c.id) ?? 0) > c.attempts)).toEqual([]);
    expect(calls.filter((c) => (handed.get(c.id) ?? 0) < c.attempts).length).toBeLessThanOrEqual(CAP);
    expect(calls.every((c) => c.attempts >= 1 && c.attempts <= 2)).toBe(true);
    fs.rmSync(logDir, { recursive: true, force: true });
  }, 150_000);
});
