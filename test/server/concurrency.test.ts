import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, type TestApp, createTestApp } from './helpers/test-app.ts';

// QUALITY "Concurrent edits": K writes with one atime → exactly one success, the rest 409, nothing lost.
const K = 50;

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterAll(async () => {
  await t.close();
});

const atimeOf = (res: { headers: Record<string, unknown> }) => String(res.headers['x-atime']);

describe('concurrent edits by compare-and-set', () => {
  it(`lets exactly 1 of ${K} concurrent settings writes with one atime through, 3 rounds`, async () => {
    let atime = atimeOf(await t.call('GET', '/v1/settings', { as: admin }));
    for (let round = 0; round < 3; round++) {
      const logsBefore = await t.db
        .selectFrom('users_logs')
        .select('id')
        .where('action', 'like', 'Updated settings%')
        .execute();
      const revisionsBefore = await t.db
        .selectFrom('revisions')
        .select('id')
        .where('resource', '=', '/settings')
        .execute();
      const answers = await Promise.all(
        Array.from({ length: K }, (_, i) =>
          t.call('PUT', '/v1/settings', {
            as: admin,
            body: { name: `writer ${round}-${i}`, long_silence_retries: i % 10 },
            query: { atime },
          }),
        ),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c >= 500)).toEqual([]);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(K - 1);
      for (const lost of answers.filter((a) => a.statusCode === 409))
        expect(lost.json().message).toBe('Conflict! Data not saved.');
      const winner = answers.find((a) => a.statusCode === 200)!;
      // No lost update: what is stored is exactly the winner's write, and only it left a revision and a log line.
      const stored = await t.call('GET', '/v1/settings', { as: admin });
      expect(stored.json().name).toBe(winner.json().name);
      expect(stored.json().long_silence_retries).toBe(winner.json().long_silence_retries);
      const logsAfter = await t.db
        .selectFrom('users_logs')
        .select('id')
        .where('action', 'like', 'Updated settings%')
        .execute();
      const revisionsAfter = await t.db
        .selectFrom('revisions')
        .select('id')
        .where('resource', '=', '/settings')
        .execute();
      expect(logsAfter.length - logsBefore.length).toBe(1);
      expect(revisionsAfter.length - revisionsBefore.length).toBe(1);
      expect(BigInt(atimeOf(winner))).toBeGreaterThan(BigInt(atime));
      expect(atimeOf(stored)).toBe(atimeOf(winner));
      atime = atimeOf(winner);
    }
  });

  it(`creates exactly 1 label from ${K} concurrent creates with one atime`, async () => {
    const atime = atimeOf(await t.call('GET', '/v1/labels', { as: admin }));
    const answers = await Promise.all(
      Array.from({ length: K }, (_, i) =>
        t.call('PUT', '/v1/labels/-1', { as: admin, body: { name: `label ${i}`, color: 'blue' }, query: { atime } }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(K - 1);
    const labels = await t.call('GET', '/v1/labels', { as: admin });
    expect(labels.json()).toHaveLength(1);
  });

  it('moves the atime strictly forward on every write, even within one clock tick', async () => {
    let atime = atimeOf(await t.call('GET', '/v1/settings', { as: admin }));
    const seen: bigint[] = [BigInt(atime)];
    for (let i = 0; i < 30; i++) {
      const res = await t.call('PUT', '/v1/settings', { as: admin, body: { voice_pitch: i % 5 }, query: { atime } });
      expect(res.statusCode).toBe(200);
      atime = atimeOf(res);
      seen.push(BigInt(atime));
    }
    for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThan(seen[i - 1]!);
  });
});
