import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDefinition } from '../../../src/api/contract/call.ts';
import { hashPassword } from '../../../server/auth/passwords.ts';
import { SEED_ADMIN_EMAIL } from '../../../server/seed.ts';
import { type Caller, type TestApp, createTestApp } from './test-app.ts';
import { TEST_ADMIN_PASSWORD } from './test-database.ts';

/**
 * QUALITY "Malformed input" (ASVS 16.5.1): every call of the contract (found by reading src/api/contract, so calls
 * added later are covered without touching this file) × 200 generated bodies/queries/path parameters, plus a fixed
 * corpus, sent as the platform administrator with an atime that always passes the compare-and-set so the handlers
 * themselves are reached. Must show 0 × 5xx, and every 4xx a JSON error a person can read, without internals.
 */
// 200 generated cases per call, QUALITY's number (a fixed seed: the same cases each run); MALFORMED_RUNS=1000 digs
// deeper. The calls are shared out between two test files (malformed-input-a/-b), so the two workers take half each.
const RUNS = Number(process.env.MALFORMED_RUNS ?? 200);
const SEED = Number(process.env.MALFORMED_SEED ?? 20240601);
const PARALLEL = 8;
const PASSING_ATIME = String(Number.MAX_SAFE_INTEGER);
const MB = 'x'.repeat(1024 * 1024);

/** Lone surrogates cannot be URI-encoded; send them as the raw (invalid UTF-8) bytes a client might. */
function encodePathValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

async function contractCalls(): Promise<CallDefinition[]> {
  const dir = path.resolve('src/api/contract');
  const calls = new Map<string, CallDefinition>();
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const module = (await import(path.join(dir, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      const call = value as Partial<CallDefinition>;
      if (
        call &&
        typeof call === 'object' &&
        typeof call.method === 'string' &&
        typeof call.path === 'string' &&
        call.access &&
        call.response
      ) {
        calls.set(`${call.method} ${call.path}`, call as CallDefinition);
      }
    }
  }
  return [...calls.values()];
}

/** Keys a schema knows, so generated objects hit real fields and not only unknown ones. */
function knownKeys(schema: unknown): string[] {
  let s = schema as
    | { shape?: Record<string, unknown>; def?: { innerType?: unknown; in?: unknown; schema?: unknown } }
    | undefined;
  for (let i = 0; i < 5 && s && !s.shape; i++) s = (s.def?.innerType ?? s.def?.in ?? s.def?.schema) as typeof s;
  return s?.shape ? Object.keys(s.shape) : [];
}

const hostileString = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    ' ',
    'a\u0000b',
    '\u0000',
    'line\r\nbreak',
    '\uD800',
    '%FF',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '=1+1',
    "'; DROP TABLE users; --",
    'null',
    '[]',
    '{}',
    '-1',
    '1e309',
    'NaN',
    '9'.repeat(40),
  ),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, -2, 2 ** 31, 2 ** 53, 1e308, -1e308, 0.5),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
);

const queryValue = fc.oneof(hostileString, hostileNumber.map(String));

function caseArbitrary(call: CallDefinition) {
  const bodyKeys = knownKeys(call.body);
  const queryKeys = knownKeys(call.query).filter((k) => !['user_id', 'project_id', 'atime'].includes(k));
  const params = [...call.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  const keyOf = (known: string[]) =>
    known.length
      ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, fc.string({ maxLength: 12 }))
      : fc.string({ maxLength: 12 });
  return fc.record({
    params: fc.tuple(...params.map(() => queryValue)),
    query: fc.dictionary(keyOf(queryKeys), queryValue, { maxKeys: 4 }),
    body: fc.oneof(
      { weight: 4, arbitrary: fc.dictionary(keyOf(bodyKeys), hostileValue, { maxKeys: 6 }) },
      { weight: 1, arbitrary: hostileValue },
    ),
    projectId: fc.oneof({ weight: 8, arbitrary: fc.constant('1') }, queryValue),
  });
}

interface Sent {
  method: string;
  url: string;
  query: Record<string, string>;
  payload?: string | Buffer;
  contentType?: string;
}

/** The fixed corpus: prototype pollution, 1 MB strings, NUL, CRLF, invalid UTF-8, wrong content types. */
function corpus(call: CallDefinition, fill: (v: string) => string): Sent[] {
  const url = fill('1');
  const keys = knownKeys(call.body);
  const key = keys[0] ?? 'name';
  const q = { project_id: '1', atime: PASSING_ATIME };
  const json = (payload: string) => ({ method: call.method, url, query: q, payload, contentType: 'application/json' });
  const sent: Sent[] = [
    json('{"__proto__":{"polluted":true}}'),
    json(`{"constructor":{"prototype":{"polluted":true}},"${key}":"x"}`),
    json(JSON.stringify(Object.fromEntries((keys.length ? keys : [key]).map((k) => [k, MB])))),
    json(JSON.stringify(Object.fromEntries((keys.length ? keys : [key]).map((k) => [k, 'a\u0000b'])))),
    json(JSON.stringify(Object.fromEntries((keys.length ? keys : [key]).map((k) => [k, 'first\r\nSet-Cookie: x=y'])))),
    json(JSON.stringify(Object.fromEntries((keys.length ? keys : [key]).map((k) => [k, [1, 2]])))),
    json('{"unterminated": '),
    json('[]'),
    json('null'),
    json(`${'['.repeat(5000)}${']'.repeat(5000)}`),
    {
      method: call.method,
      url,
      query: q,
      payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      contentType: 'application/json',
    },
    { method: call.method, url, query: q, payload: 'name=x', contentType: 'text/plain' },
    { method: call.method, url, query: q, payload: 'name=x', contentType: 'application/x-www-form-urlencoded' },
    { method: call.method, url: fill('%FF'), query: q },
    { method: call.method, url: fill('%00'), query: q },
    { method: call.method, url: fill(MB.slice(0, 5000)), query: q },
    { method: call.method, url, query: { ...q, user_id: 'x\u0000', mtime: MB, page: '\r\n', format: '%FF' } },
    { method: call.method, url, query: { ...q, project_id: '__proto__' } },
  ];
  for (const name of knownKeys(call.query)) {
    if (['user_id', 'project_id', 'atime'].includes(name)) continue;
    for (const value of [MB, '\u0000', '\r\n', '\uDC00', '-1', '1e400'])
      sent.push({ method: call.method, url, query: { ...q, [name]: value } });
  }
  return sent;
}

const INTERNALS =
  /(\bat [^\n]+\.[tj]s:\d+|node_modules|\bSELECT\b|\bINSERT\b|relation "|syntax error at|violates|ECONN|TypeError|ReferenceError|Cannot read prop|undefined is not)/;

function problemsOf(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400) return null;
  if (!String(res.headers['content-type'] ?? '').includes('application/json'))
    return `${res.statusCode} not JSON: ${res.body.slice(0, 100)}`;
  let body: { message?: unknown };
  try {
    body = res.json();
  } catch {
    return `${res.statusCode} unparsable JSON`;
  }
  if (typeof body.message !== 'string' || body.message.trim() === '') return `${res.statusCode} without a message`;
  if (INTERNALS.test(body.message)) return `${res.statusCode} leaks internals: ${body.message.slice(0, 200)}`;
  return null;
}

/**
 * Registers the file's app, hooks and one test per call for the calls whose index in the contract's order is
 * `shard` modulo `shards`.
 */
export async function malformedInputSuite(shard: number, shards: number): Promise<void> {
  let t: TestApp;
  let admin: Caller;
  let adminHash: string;
  /**
   * Queued jobs are not run here: the generated calls that pass validation queue trainings (200 project clones each
   * queue one), which would only burn the CPU this file and the one beside it share. What answers is under test.
   */
  const withoutJobs = { config: { jobsInProcess: false } };
  beforeAll(async () => {
    t = await createTestApp(withoutJobs);
    admin = await t.admin();
    adminHash = await hashPassword(TEST_ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Generated calls may log the administrator out, change the password or delete the account: put it back. */
  async function ensureAdmin(): Promise<void> {
    const me = await t.call('GET', '/v1/users/me', { as: admin });
    if (me.statusCode === 200 && me.json().email === SEED_ADMIN_EMAIL && !me.json().password_expired) return;
    const row = await t.db.selectFrom('users').select('id').where('email', '=', SEED_ADMIN_EMAIL).executeTakeFirst();
    if (!row) {
      await t.close();
      t = await createTestApp(withoutJobs);
    } else {
      await t.db
        .updateTable('users')
        .set({ passwd_hash: adminHash, password_expired: false, is_active: true, otp_secret: null, system_role_id: 1 })
        .where('id', '=', row.id)
        .execute();
    }
    await t.db.deleteFrom('login_throttle').execute();
    admin = await t.admin();
  }

  async function send(s: Sent): Promise<LightMyRequestResponse> {
    const options: InjectOptions = {
      method: s.method as InjectOptions['method'],
      // The query string built once: given `query`, light-my-request sets its keys one by one on a URL, which
      // serialises the whole string again each time (quadratic with the corpus's 1 MB values).
      url: `${s.url}?${new URLSearchParams(s.query)}`,
      headers: {
        'x-requested-with': 'console',
        cookie: admin.cookie,
        ...(s.contentType ? { 'content-type': s.contentType } : {}),
      },
      ...(s.payload !== undefined ? { payload: s.payload } : {}),
    };
    return t.app.inject(options);
  }

  const all = await contractCalls();
  const calls = all.filter((_, index) => index % shards === shard);

  describe(`malformed input on every route (part ${shard + 1} of ${shards})`, () => {
    it('finds the calls of the contract', () => expect(all.length).toBeGreaterThan(10));

    // One test per call, so a failing route is named on its own and the others still report.
    for (const call of calls) {
      it(`${call.method} ${call.path}: ${RUNS} generated + corpus → no 5xx, readable JSON errors`, async () => {
        const failures: string[] = [];
        const fill = (value: string) => `/v1${call.path.replace(/:([A-Za-z_]+)/g, () => value)}`;
        const samples = fc.sample(caseArbitrary(call), { numRuns: RUNS, seed: SEED });
        const cases: Sent[] = samples.map((c) => {
          let i = 0;
          const url = `/v1${call.path.replace(/:([A-Za-z_]+)/g, () => encodePathValue(String(c.params[i++] ?? '1')))}`;
          const query: Record<string, string> = { ...c.query, project_id: c.projectId, atime: PASSING_ATIME };
          const hasBody = call.method !== 'GET' && call.method !== 'DELETE';
          return {
            method: call.method,
            url,
            query,
            ...(hasBody ? { payload: JSON.stringify(c.body), contentType: 'application/json' } : {}),
          };
        });
        cases.push(...corpus(call, fill));
        // A few at a time: the database works while the next requests are parsed and validated.
        for (let start = 0; start < cases.length; start += PARALLEL) {
          const chunk = cases.slice(start, start + PARALLEL);
          const answers = await Promise.all(chunk.map(send));
          answers.forEach((res, j) => {
            const sent = chunk[j]!;
            const problem = problemsOf(res);
            if (problem)
              failures.push(
                `case ${start + j}: ${problem} ← ${JSON.stringify({ url: sent.url.slice(0, 80), query: sent.query, payload: String(sent.payload ?? '').slice(0, 120) })}`,
              );
          });
          if (answers.some((a) => a.statusCode === 401)) await ensureAdmin();
        }
        await ensureAdmin();
        expect(failures.slice(0, 5), `${failures.length} of ${cases.length} requests failed`).toEqual([]);
      }, 300_000);
    }
  });
}
