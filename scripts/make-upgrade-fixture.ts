// Writes the upgrade fixture (issue 37 item 4): the data a release wrote, for test/server/upgrade.test.ts to migrate
// with the current code. Run ONCE, from a checkout of the release (its own server/ code writes the data), e.g.
//   git archive ac3ff53 | tar -x -C /tmp/rel && ln -s $PWD/node_modules /tmp/rel/node_modules
//   cp scripts/make-upgrade-fixture.ts /tmp/rel/scripts/ && cd /tmp/rel
//   node scripts/make-upgrade-fixture.ts <out dir> postgres://postgres@127.0.0.1:5432/test ac3ff53
// On PGlite, the release's server code writes: the seed of a first start (demo project and its generated history),
// a few chats, knowledge entries, an uploaded file and a campaign whose calls were dialled (fake dialler), all
// through the release's HTTP API. Its rows are then copied into a PostgreSQL database the release's migrations made,
// and dumped from there: one SQL file both backends load (a PGlite data directory's tar.gz is 4.5 MB empty).
// It writes into <out dir>:
// - dump.sql.gz: pg_dump --inserts --no-owner, psql's meta-commands removed: plain SQL that PGlite's exec and a pg
//   client's simple query both take;
// - manifest.json: the release's commit, its last migration, the rows per table and a sample of rows per table.
// Tests never run it again: the fixture is what that release wrote.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { readConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { migrations } from '../server/db/migrations/index.ts';
import { SEED_ADMIN_EMAIL, seedDatabase } from '../server/seed.ts';

/** A table's first three rows as JSON, values longer than 200 characters of JSON as {"md5": ...}; times in UTC. */
const SAMPLE_SQL = (table: string) => `
  SELECT (SELECT jsonb_object_agg(key, CASE WHEN length(value::text) > 200
            THEN jsonb_build_object('md5', md5(value::text)) ELSE value END)
          FROM jsonb_each(to_jsonb(t))) AS row
  FROM "${table}" t ORDER BY 1 LIMIT 3`;

const [outDir, postgresUrl, commit] = process.argv.slice(2);
if (!outDir || !postgresUrl || !commit) {
  throw new Error('usage: make-upgrade-fixture.ts <out dir> <postgres admin url> <release commit>');
}
export const FIXTURE_ADMIN_PASSWORD = 'Upgrade-Fixture-Passw0rd-1';

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'upgrade-fixture-'));
const database = await openDatabase({ databaseUrl: null, dataDir });
await migrateToLatest(database.db);
// As server/main.ts's first start: the demo project and weeks of its generated conversations.
await seedDatabase(database.db, { adminPassword: FIXTURE_ADMIN_PASSWORD, demo: true, demoHistory: true });
const config = { ...readConfig({ CAMPAIGN_DIALLER: 'fake', CAMPAIGN_TICK_MS: '200' }), distDir: '/nonexistent' };
const app = await buildApp({ db: database.db, config });
await app.ready();

const call = async (method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown, cookie?: string, query = {}) => {
  const res = await app.inject({
    method,
    url,
    query: { project_id: '1', ...query },
    headers: { 'x-requested-with': 'console', ...(cookie ? { cookie } : {}) },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res;
};

// The administrator's one-off password is marked expired by the seed; the fixture's is a known one, kept.
await database.db.updateTable('users').set({ password_expired: false }).where('email', '=', SEED_ADMIN_EMAIL).execute();
const login = await call('POST', '/v1/auth/login', { email: SEED_ADMIN_EMAIL, passwd: FIXTURE_ADMIN_PASSWORD });
const cookie = `console_session=${login.cookies.find((c) => c.name === 'console_session')?.value}`;

// A few conversations through the chat calls.
const TOKEN = 'upgrade-fixture-token-0123456789';
const dialogues = [
  ['hello', 'I would like to order a pizza', 'thanks, bye'],
  ['hi', 'what are your opening hours?'],
  ['good morning', 'asdf qwerty zxcv', 'bye'],
];
for (const lines of dialogues) {
  const started = await call('POST', '/v1/chat/init', { get_meta: true }, cookie, { conversation_token: TOKEN });
  const id = started.json().conversation_id;
  for (const msg of lines) await call('POST', '/v1/chat', { msg }, cookie, { id, conversation_token: TOKEN });
}

// Knowledge entries, each write with the resource's fresh atime.
const atimeOf = async (url: string) => String((await call('GET', url, undefined, cookie)).headers['x-atime']);
for (const entry of [
  { title: 'Delivery area', link: '', knowledge: 'We deliver within 10 km of the city centre, every day.' },
  { title: 'Payment', link: 'https://example.com/pay', knowledge: 'Cash, cards and vouchers are accepted.' },
]) {
  await call('PUT', '/v1/knowledges/-1', entry, cookie, { atime: await atimeOf('/v1/knowledges') });
}

// An uploaded file (storage).
const boundary = '----upgrade-fixture';
const upload = await app.inject({
  method: 'POST',
  url: '/v1/file',
  query: { project_id: '1' },
  headers: {
    'x-requested-with': 'console',
    cookie,
    'content-type': `multipart/form-data; boundary=${boundary}`,
  },
  payload: Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="menu.txt"\r\nContent-Type: text/plain\r\n\r\n` +
      `Margherita 8.50\nFunghi 9.20\n\r\n--${boundary}--\r\n`,
  ),
});
if (upload.statusCode !== 200) throw new Error(`upload: ${upload.statusCode} ${upload.body}`);

// A campaign with a call list, started with the fake dialler (answers every call) until its calls are settled.
const campaigns = '/v1/outbound/campaigns';
const created = await call(
  'PUT',
  `${campaigns}/-1`,
  { name: 'Upgrade reminders', call_time_from: '00:00', call_time_to: '23:59', retry_count: 0 },
  cookie,
  { atime: await atimeOf(campaigns) },
);
const campaignId = created.json().id as number;
// The next whole minute: the list takes no past times and minutes only.
const iso = new Date(Math.ceil((Date.now() + 5_000) / 60_000) * 60_000).toISOString();
const due = `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
const csv = ['destination,scheduled_time', ...[1, 2, 3].map((i) => `+42077700000${i},${due}`)].join('\n');
const listUpload = await app.inject({
  method: 'POST',
  url: `${campaigns}/${campaignId}/upload`,
  query: { project_id: '1' },
  headers: { 'x-requested-with': 'console', cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
  payload: Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="calls.csv"\r\nContent-Type: text/csv\r\n\r\n` +
      `${csv}\r\n--${boundary}--\r\n`,
  ),
});
if (listUpload.statusCode !== 200) throw new Error(`call list: ${listUpload.statusCode} ${listUpload.body}`);
await call('PUT', `${campaigns}/${campaignId}/state`, { state: 'running' }, cookie, {
  atime: await atimeOf(campaigns),
});
const deadline = Date.now() + 120_000;
for (;;) {
  const open = await database.db
    .selectFrom('outbound_calls')
    .select('id')
    .where('campaign_id', '=', campaignId)
    .where('status', 'not in', ['completed', 'failed'])
    .execute();
  if (open.length === 0) break;
  if (Date.now() > deadline) {
    console.warn(`${open.length} calls still open; the fixture keeps them as they are`);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
await call('PUT', `${campaigns}/${campaignId}/state`, { state: 'paused' }, cookie, {
  atime: await atimeOf(campaigns),
});
await app.close();

// What the test compares: rows per table and, per table, a sample of rows as JSON.
const pglite = database.pglite;
if (!pglite) throw new Error('PGlite expected');
await pglite.exec(`SET TimeZone = 'UTC'`);
const { rows: tables } = await pglite.query<{ name: string }>(
  `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
);
const counts: Record<string, number> = {};
const samples: Record<string, unknown[]> = {};
for (const { name } of tables) {
  const { rows } = await pglite.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`);
  counts[name] = rows[0]?.n ?? 0;
  // The first rows in the table's own order (its first column), compared after the upgrade; a long value (a model,
  // a transcript) as the md5 of its JSON text (SAMPLE_SQL, the test computes the same).
  const { rows: sample } = await pglite.query<{ row: unknown }>(SAMPLE_SQL(name));
  samples[name] = sample.map((r) => r.row);
}
const lastMigration = Object.keys(migrations).sort().at(-1);
console.log(counts);

await fs.mkdir(outDir, { recursive: true });

// The same rows on PostgreSQL: the release's migrations on a new database, every row copied as JSON, then pg_dump.
const admin = new pg.Client({ connectionString: postgresUrl });
await admin.connect();
const pgName = `upgrade_fixture_${process.pid}`;
await admin.query(`CREATE DATABASE ${pgName}`);
const url = new URL(postgresUrl);
url.pathname = `/${pgName}`;
const target = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
await migrateToLatest(target.db);
await target.close();
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
await client.query('BEGIN');
await client.query('SET LOCAL session_replication_role = replica');
for (const { name } of tables) {
  if (name.startsWith('kysely_')) continue;
  const { rows: columns } = await pglite.query<{ columns: string }>(
    `SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) AS columns
     FROM pg_attribute a WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''`,
    [`public."${name}"`],
  );
  const list = columns[0]?.columns;
  await client.query(`DELETE FROM "${name}"`);
  const { rows } = await pglite.query<{ row: string }>(`SELECT to_jsonb(t)::text AS row FROM "${name}" t`);
  for (const { row } of rows) {
    await client.query(
      `INSERT INTO "${name}" (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM jsonb_populate_record(null::"${name}", $1::jsonb)`,
      [row],
    );
  }
}
await client.query('COMMIT');
// Sequences where the data left them.
const { rows: sequences } = await pglite.query<{ name: string; value: number | null }>(
  `SELECT quote_ident(sequencename) AS name, last_value AS value FROM pg_sequences WHERE schemaname = 'public'`,
);
for (const { name, value } of sequences) {
  if (value !== null) await client.query(`SELECT setval('public.${name}', ${value}, true)`);
}
await client.end();
const sql = execFileSync('pg_dump', ['--inserts', '--no-owner', '--no-privileges', url.toString()], {
  maxBuffer: 512 * 1024 * 1024,
  encoding: 'utf8',
});
// \restrict and \unrestrict are psql's, not SQL.
const plain = sql
  .split('\n')
  .filter((line) => !line.startsWith('\\'))
  .join('\n');
await fs.writeFile(path.join(outDir, 'dump.sql.gz'), gzipSync(plain, { level: 9 }));
await admin.query(`DROP DATABASE ${pgName} WITH (FORCE)`);
await admin.end();

await fs.writeFile(
  path.join(outDir, 'manifest.json'),
  `${JSON.stringify({ commit, lastMigration, adminEmail: SEED_ADMIN_EMAIL, adminPassword: FIXTURE_ADMIN_PASSWORD, counts, samples }, null, 1)}\n`,
);
await database.close();
await fs.rm(dataDir, { recursive: true, force: true });
console.log(`wrote ${outDir}`);
