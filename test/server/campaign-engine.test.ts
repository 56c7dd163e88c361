import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteCampaign } from '../../server/features/campaigns/campaigns.ts';
import { TestClock } from '../../server/features/campaigns/clock.ts';
import type { CallEvent } from '../../server/features/campaigns/dialler.ts';
import { DEFAULT_LEASE_SECONDS } from '../../server/features/campaigns/engine.ts';
import { FakeDialler, type FakeOutcome } from '../../server/features/campaigns/fake-dialler.ts';
import { webhookAllowList } from '../../server/webhook/address-policy.ts';
import { type TestDatabase, openTestDatabase } from './helpers/test-database.ts';
import { callsOf, engineFor, importCalls, number, runTicks, runningCampaign } from './campaign-fixtures.ts';

let database: TestDatabase;
beforeEach(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  await database.close();
});

const at = (iso: string) => new Date(iso);

describe('campaign engine', () => {
  it('dials only inside the window (crossing midnight too) and never before the scheduled time', async () => {
    const { db } = database;
    const clock = new TestClock('2039-01-01T06:00:00Z');
    const fake = new FakeDialler({ decide: () => ({ kind: 'answer', holdMs: 0 }), now: () => clock.now() });
    const engine = engineFor(db, fake, clock);
    const day = await runningCampaign(db);
    const night = await runningCampaign(db, { call_time_from: '22:00', call_time_to: '06:00' });
    await importCalls(db, day, [`${number(1)},2039-01-01 06:00 UTC`, `${number(2)},2039-01-01 12:43 UTC`], clock.now());
    await importCalls(db, night, [`${number(3)},2039-01-01 06:00 UTC`], clock.now());
    await runTicks(engine);
    expect(fake.originated).toEqual([]);
    clock.set('2039-01-01T09:00:00Z');
    await runTicks(engine);
    expect(fake.originated.map((o) => o.destination)).toEqual([number(1)]);
    clock.set('2039-01-01T12:42:59Z');
    await runTicks(engine);
    expect(fake.originated).toHaveLength(1);
    clock.set('2039-01-01T12:43:00Z');
    await runTicks(engine);
    expect(fake.originated.map((o) => o.destination)).toEqual([number(1), number(2)]);
    clock.set('2039-01-01T21:59:00Z');
    await runTicks(engine);
    expect(fake.originated).toHaveLength(2);
    clock.set('2039-01-01T23:30:00Z');
    await runTicks(engine);
    expect(fake.originated.map((o) => o.destination)).toEqual([number(1), number(2), number(3)]);
    expect(fake.originated[0]).toMatchObject({ timeoutSeconds: 30, campaignId: day });
    expect((await callsOf(db, day)).map((c) => c.status)).toEqual(['completed', 'completed']);
    await engine.stop();
  });

  it('retries busy calls retry_count times, retry_interval apart, moved into the next window; then failed', async () => {
    const { db } = database;
    const clock = new TestClock('2039-01-01T16:00:00Z');
    const fake = new FakeDialler({
      decide: () => ({ kind: 'end', reason: 'busy', code: '486' }),
      now: () => clock.now(),
    });
    const engine = engineFor(db, fake, clock);
    const id = await runningCampaign(db, { retry_count: 2, retry_interval: 30 });
    await importCalls(db, id, [`${number(1)},2039-01-01 16:00 UTC`], clock.now());
    await runTicks(engine);
    let [call] = await callsOf(db, id);
    expect(call).toMatchObject({ status: 'queued', attempts: 1, last_result: 'busy', last_code: '486' });
    expect(call!.next_attempt_at).toEqual(at('2039-01-01T16:30:00Z'));
    clock.set('2039-01-01T16:29:00Z');
    await runTicks(engine);
    expect(fake.originated).toHaveLength(1);
    clock.set('2039-01-01T16:30:00Z');
    await runTicks(engine);
    [call] = await callsOf(db, id);
    // 17:00 is when the window closes: the next attempt waits for it to open again.
    expect(call).toMatchObject({ status: 'queued', attempts: 2 });
    expect(call!.next_attempt_at).toEqual(at('2039-01-02T09:00:00Z'));
    clock.set('2039-01-01T23:00:00Z');
    await runTicks(engine);
    expect(fake.originated).toHaveLength(2);
    clock.set('2039-01-02T09:00:00Z');
    await runTicks(engine);
    [call] = await callsOf(db, id);
    expect(call).toMatchObject({ status: 'failed', attempts: 3, last_result: 'busy', next_attempt_at: null });
    expect(call!.codes).toEqual(['486', '486', '486']);
    clock.set('2039-01-03T09:00:00Z');
    await runTicks(engine);
    expect(fake.originated).toHaveLength(3);
    await engine.stop();
  });

  it('holds the per-campaign concurrency cap', async () => {
    const { db } = database;
    const clock = new TestClock('2039-01-01T10:00:00Z');
    const fake = new FakeDialler({ decide: () => ({ kind: 'answer' }), now: () => clock.now() });
    const engine = engineFor(db, fake, clock);
    const id = await runningCampaign(db, { max_concurrent: 3 });
    await importCalls(
      db,
      id,
      Array.from({ length: 10 }, (_, i) => `${number(i)},2039-01-01 10:00 UTC`),
      clock.now(),
    );
    await runTicks(engine);
    expect(fake.originated).toHaveLength(3);
    await runTicks(engine);
    expect(fake.originated).toHaveLength(3);
    const [first] = await callsOf(db, id);
    await fake.hangup(first!.provider_call_id!, 'answered');
    await runTicks(engine);
    expect(fake.originated).toHaveLength(4);
    expect(fake.maxActive).toBe(3);
    await engine.stop();
  });

  it('a paused campaign dials nothing', async () => {
    const { db } = database;
    const clock = new TestClock('2039-01-01T10:00:00Z');
    const fake = new FakeDialler({ decide: () => ({ kind: 'answer', holdMs: 0 }), now: () => clock.now() });
    const engine = engineFor(db, fake, clock);
    const id = await runningCampaign(db, { state: 'paused' });
    await importCalls(db, id, [`${number(1)},2039-01-01 10:00 UTC`], clock.now());
    await runTicks(engine);
    expect(fake.originated).toEqual([]);
    await db.updateTable('outbound_campaigns').set({ state: 'running' }).where('id', '=', id).execute();
    await runTicks(engine);
    expect(fake.originated).toHaveLength(1);
    await engine.stop();
  });

  it('two engines on one database never dial a call twice and keep the cap between them', async () => {
    const { db } = database;
    const clock = new TestClock('2039-01-01T10:00:00Z');
    const cap = 5;
    let active = 0;
    let maxActive = 0;
    const decide = (): FakeOutcome => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      return Math.random() < 0.3 ? { kind: 'end', reason: 'no-answer', code: '408' } : { kind: 'answer', holdMs: 1 };
    };
    const fakes = [
      new FakeDialler({ decide, now: () => clock.now() }),
      new FakeDialler({ decide, now: () => clock.now() }),
    ];
    for (const fake of fakes)
      fake.onEvent((e: CallEvent) => {
        if (e.type === 'ended') active -= 1;
      });
    const engines = fakes.map((fake) => engineFor(db, fake, clock));
    const id = await runningCampaign(db, { max_concurrent: cap, retry_count: 1, retry_interval: 0 });
    await importCalls(
      db,
      id,
      Array.from({ length: 60 }, (_, i) => `${number(i)},2039-01-01 10:00 UTC`),
      clock.now(),
    );
    for (let round = 0; round < 80; round++) {
      // Either engine may start first: PGlite serialises them, PostgreSQL runs them side by side.
      const order = round % 2 === 0 ? engines : [...engines].reverse();
      await Promise.all(order.map((e) => runTicks(e, 1)));
      const pending = await db
        .selectFrom('outbound_calls')
        .select('id')
        .where('campaign_id', '=', id)
        .where('status', 'not in', ['completed', 'failed'])
        .execute();
      if (pending.length === 0) break;
    }
    const calls = await callsOf(db, id);
    expect(calls.every((c) => c.status === 'completed' || c.status === 'failed')).toBe(true);
    const dialled = new Map<number, number>();
    for (const fake of fakes)
      for (const [callId, n] of fake.originationsByCall()) dialled.set(callId, (dialled.get(callId) ?? 0) + n);
    // Each call was handed to a dialler exactly once per attempt the database counts.
    for (const c of calls) expect(dialled.get(c.id), `call ${c.id}`).toBe(c.attempts);
    expect(fakes.every((f) => f.originated.length > 0)).toBe(true);
    expect(maxActive).toBeLessThanOrEqual(cap);
    await Promise.all(engines.map((e) => e.stop()));
  });

  it('reconciles a call stuck in dialling after timeout + 60 s: hung up, failed and retried', async () => {
    const { db } = database;
    const clock = new TestClock('2039-01-01T10:00:00Z');
    let silent = true;
    const fake = new FakeDialler({
      decide: () => (silent ? { kind: 'silent' } : { kind: 'answer', holdMs: 0 }),
      now: () => clock.now(),
    });
    const engine = engineFor(db, fake, clock);
    const id = await runningCampaign(db, { timeout: 30, retry_count: 1, retry_interval: 0 });
    await importCalls(db, id, [`${number(1)},2039-01-01 10:00 UTC`], clock.now());
    await runTicks(engine);
    let [call] = await callsOf(db, id);
    expect(call).toMatchObject({ status: 'dialling', attempts: 1 });
    clock.advance(89_000);
    await runTicks(engine);
    [call] = await callsOf(db, id);
    expect(call).toMatchObject({ status: 'dialling', attempts: 1 });
    silent = false;
    clock.advance(2_000);
    await runTicks(engine);
    [call] = await callsOf(db, id);
    expect(fake.hungUp).toEqual(['fake-1']);
    expect(fake.hangUpPhases).toEqual(['ringing']);
    // Reconciled as failed, then retried at once (interval 0) and answered.
    expect(call).toMatchObject({ status: 'completed', attempts: 2 });
    expect(call!.codes).toEqual([null, '200']);
    await engine.stop();
  });

  it('never dials a number on the do-not-call list: its call ends do-not-call, unattempted, with its callback', async () => {
    const { db } = database;
    const clock = new TestClock('2039-01-01T10:00:00Z');
    const fake = new FakeDialler({ decide: () => ({ kind: 'answer', holdMs: 0 }), now: () => clock.now() });
    const engine = engineFor(db, fake, clock);
    const id = await runningCampaign(db, { max_concurrent: 1, callback_url: 'https://hooks.example.com/x' });
    await db
      .insertInto('do_not_call')
      .values({ project_id: 1, destination: number(2), created_by: null })
      .execute();
    await importCalls(
      db,
      id,
      [1, 2, 3].map((i) => `${number(i)},2039-01-01 10:00 UTC`),
      clock.now(),
    );
    await runTicks(engine, 6);
    expect(fake.originated.map((o) => o.destination)).toEqual([number(1), number(3)]);
    const calls = await callsOf(db, id);
    expect(calls.map((c) => [c.destination, c.status, c.last_result, c.attempts])).toEqual([
      [number(1), 'completed', 'completed', 1],
      [number(2), 'failed', 'do-not-call', 0],
      [number(3), 'completed', 'completed', 1],
    ]);
    const callbacks = await db.selectFrom('outbound_callbacks').select('payload').execute();
    expect(
      callbacks.map((c) => (typeof c.payload === 'string' ? JSON.parse(c.payload) : c.payload).result).sort(),
    ).toEqual(['completed', 'completed', 'do-not-call']);
    await engine.stop();
  });

  it('keeps a window in the campaign’s time zone across a DST change (Europe/Prague 09:00–17:00)', async () => {
    const { db } = database;
    // 2039-03-27 is the last Sunday of March: Prague moves from UTC+1 to UTC+2.
    const clock = new TestClock('2039-03-26T07:59:00Z');
    const fake = new FakeDialler({ decide: () => ({ kind: 'answer', holdMs: 0 }), now: () => clock.now() });
    const engine = engineFor(db, fake, clock);
    const id = await runningCampaign(db, { time_zone: 'Europe/Prague' });
    await importCalls(db, id, [`${number(1)},2039-03-26 07:59 UTC`, `${number(2)},2039-03-27 00:00 UTC`], clock.now());
    await runTicks(engine);
    expect(fake.originated).toEqual([]);
    clock.set('2039-03-26T08:00:00Z'); // 09:00 in Prague (CET)
    await runTicks(engine);
    expect(fake.originated.map((o) => o.destination)).toEqual([number(1)]);
    const [, second] = await callsOf(db, id);
    // The next day's opening is 09:00 CEST = 07:00 UTC.
    expect(new Date(second!.next_attempt_at!).toISOString()).toBe('2039-03-27T07:00:00.000Z');
    clock.set('2039-03-27T06:59:00Z');
    await runTicks(engine);
    expect(fake.originated).toHaveLength(1);
    clock.set('2039-03-27T07:00:00Z');
    await runTicks(engine);
    expect(fake.originated.map((o) => o.destination)).toEqual([number(1), number(2)]);
    await engine.stop();
  });

  it('deleting a campaign hangs up its ringing call as ringing and its answered call as answered', async () => {
    const { db } = database;
    const clock = new TestClock('2039-01-01T10:00:00Z');
    const fake = new FakeDialler({
      decide: (request) =>
        request.destination === number(1) ? { kind: 'silent' } : { kind: 'answer', holdMs: 600_000 },
      now: () => clock.now(),
    });
    const engine = engineFor(db, fake, clock);
    const id = await runningCampaign(db, { max_concurrent: 2 });
    await importCalls(db, id, [`${number(1)},2039-01-01 10:00 UTC`, `${number(2)},2039-01-01 10:00 UTC`], clock.now());
    await runTicks(engine);
    expect((await callsOf(db, id)).map((c) => c.status).sort()).toEqual(['answered', 'dialling']);
    const { active } = await deleteCampaign(db, { projectId: 1, userId: null, atime: Date.now() }, id);
    await engine.hangUp(active);
    const phaseOf = new Map(
      fake.originated.map((o, i) => [o.destination, fake.hangUpPhases[fake.hungUp.indexOf(`fake-${i + 1}`)]]),
    );
    expect(phaseOf).toEqual(
      new Map([
        [number(1), 'ringing'],
        [number(2), 'answered'],
      ]),
    );
    await engine.stop();
  });

  it('finishes the calls of an engine gone silent (its process killed) once its lease ran out: answered → completed, dialling → retried', async () => {
    const { db } = database;
    const clock = new TestClock('2039-01-01T10:00:00Z');
    // The first callee answers and stays on the line; the second one's call is still ringing when the process dies.
    const gone = new FakeDialler({
      decide: (r) => (r.destination === number(1) ? { kind: 'answer' } : { kind: 'silent' }),
      now: () => clock.now(),
    });
    const goneEngine = engineFor(db, gone, clock);
    // A ring time longer than the test: only the lease, not the stuck-call reconciliation, moves the calls.
    const id = await runningCampaign(db, { timeout: 600, retry_count: 1, retry_interval: 0 });
    await importCalls(db, id, [`${number(1)},2039-01-01 10:00 UTC`, `${number(2)},2039-01-01 10:00 UTC`], clock.now());
    await runTicks(goneEngine);
    expect((await callsOf(db, id)).map((c) => [c.status, c.engine_id])).toEqual([
      ['answered', goneEngine.id],
      ['dialling', goneEngine.id],
    ]);
    // From here the first engine never ticks again (a SIGKILL: nothing ended, nothing hung up); another one runs.
    const live = new FakeDialler({ decide: () => ({ kind: 'answer', holdMs: 0 }), now: () => clock.now() });
    const liveEngine = engineFor(db, live, clock);
    clock.advance(DEFAULT_LEASE_SECONDS * 1000 - 1000);
    await runTicks(liveEngine);
    expect((await callsOf(db, id)).map((c) => c.status)).toEqual(['answered', 'dialling']);
    expect(live.originated).toEqual([]);
    clock.advance(2000);
    await runTicks(liveEngine);
    const [answered, ringing] = await callsOf(db, id);
    // The answered callee was reached: completed as of the silent engine's last heartbeat, never dialled again.
    expect(answered).toMatchObject({ status: 'completed', attempts: 1, last_result: 'completed' });
    expect(answered!.ended_at).toEqual(at('2039-01-01T10:00:00Z'));
    // The ringing one failed that attempt and was retried (interval 0) by the live engine.
    expect(ringing).toMatchObject({ status: 'completed', attempts: 2, engine_id: liveEngine.id });
    expect(ringing!.codes).toEqual([null, '200']);
    expect(live.originated.map((o) => o.destination)).toEqual([number(2)]);
    // The silent engine is forgotten once none of its calls is in progress.
    clock.advance(DEFAULT_LEASE_SECONDS * 1000 + 1000);
    await runTicks(liveEngine);
    const engines = await db.selectFrom('campaign_engines').select('id').execute();
    expect(engines.map((e) => e.id)).toEqual([liveEngine.id]);
    await Promise.all([goneEngine.stop(), liveEngine.stop()]);
  });

  it('repeated and late events change a call once', async () => {
    const { db } = database;
    const clock = new TestClock('2039-01-01T10:00:00Z');
    const fake = new FakeDialler({ decide: () => ({ kind: 'answer', holdMs: 0 }), now: () => clock.now() });
    const engine = engineFor(db, fake, clock);
    const id = await runningCampaign(db);
    await importCalls(db, id, [`${number(1)},2039-01-01 10:00 UTC`], clock.now());
    await runTicks(engine);
    const [call] = await callsOf(db, id);
    expect(call).toMatchObject({ status: 'completed', attempts: 1 });
    const ref = { callId: call!.id, attempt: 1 };
    await engine.onEvent({ type: 'ended', ...ref, reason: 'busy', code: '486', at: clock.now() });
    await engine.onEvent({ type: 'answered', ...ref, at: clock.now() });
    const [after] = await callsOf(db, id);
    expect(after).toMatchObject({ status: 'completed', attempts: 1, codes: ['200'] });
    await engine.stop();
  });

  it("a late event of an earlier attempt does not move the call's current attempt", async () => {
    const { db } = database;
    const clock = new TestClock('2039-01-01T10:00:00Z');
    const fake = new FakeDialler({ decide: () => ({ kind: 'silent' }), now: () => clock.now() });
    const engine = engineFor(db, fake, clock);
    const id = await runningCampaign(db, { retry_count: 2, retry_interval: 0 });
    await importCalls(db, id, [`${number(1)},2039-01-01 10:00 UTC`], clock.now());
    await runTicks(engine, 1);
    const [first] = await callsOf(db, id);
    const callId = first!.id;
    await engine.onEvent({ type: 'ended', callId, attempt: 1, reason: 'busy', code: '486', at: clock.now() });
    await runTicks(engine, 1);
    expect((await callsOf(db, id))[0]).toMatchObject({ status: 'dialling', attempts: 2 });
    // The gateway's webhooks of attempt 1, late: attempt 2 is still ringing.
    await engine.onEvent({ type: 'answered', callId, attempt: 1, at: clock.now() });
    await engine.onEvent({ type: 'ended', callId, attempt: 1, reason: 'no-answer', code: '408', at: clock.now() });
    expect((await callsOf(db, id))[0]).toMatchObject({ status: 'dialling', attempts: 2, codes: ['486'] });
    await engine.onEvent({ type: 'ended', callId, attempt: 2, reason: 'busy', code: '486', at: clock.now() });
    expect((await callsOf(db, id))[0]).toMatchObject({ status: 'queued', attempts: 2, codes: ['486', '486'] });
    await engine.stop();
  });

  it('POSTs every final outcome to the callback URL, HMAC-signed, retried with backoff until delivered', async () => {
    const { db } = database;
    const received: { body: string; signature: string }[] = [];
    let failFirst = true;
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (failFirst) {
          failFirst = false;
          res.writeHead(500).end();
          return;
        }
        received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['x-signature']) });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as AddressInfo).port;
    webhookAllowList.add(`127.0.0.1:${port}`);
    try {
      const clock = new TestClock('2039-01-01T10:00:00Z');
      const fake = new FakeDialler({
        decide: (r) =>
          r.destination === number(1) ? { kind: 'answer', holdMs: 0 } : { kind: 'end', reason: 'failed', code: '503' },
        now: () => clock.now(),
      });
      const engine = engineFor(db, fake, clock);
      const id = await runningCampaign(db, { retry_count: 0, callback_url: `http://127.0.0.1:${port}/outcomes` });
      await importCalls(
        db,
        id,
        [`${number(1)},2039-01-01 10:00 UTC`, `${number(2)},2039-01-01 10:00 UTC`],
        clock.now(),
      );
      await runTicks(engine);
      // One delivery failed (500): retried after the backoff, not before.
      expect(received.length).toBe(1);
      await runTicks(engine);
      expect(received.length).toBe(1);
      clock.advance(10_000);
      await runTicks(engine);
      expect(received.length).toBe(2);
      const outcomes = received.map((r) => {
        const expected = `sha256=${createHmac('sha256', 'test-secret').update(r.body).digest('hex')}`;
        expect(r.signature).toBe(expected);
        return JSON.parse(r.body);
      });
      expect(outcomes.map((o) => [o.destination, o.status, o.result, o.codes]).sort()).toEqual([
        [number(1), 'completed', 'completed', ['200']],
        [number(2), 'failed', 'failed', ['503']],
      ]);
      const pending = await db
        .selectFrom('outbound_callbacks')
        .select('id')
        .where('delivered_at', 'is', null)
        .execute();
      expect(pending).toEqual([]);
      await engine.stop();
    } finally {
      webhookAllowList.delete(`127.0.0.1:${port}`);
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
