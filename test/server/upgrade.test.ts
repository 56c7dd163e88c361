import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../server/db/migrations/index.ts';
import { type Instance, call, startInstance } from './helpers/instances.ts';
import { POSTGRES_URL, testBackend } from './helpers/test-database.ts';

// Issue 37 item 4: the database the release before it (ac3ff53) wrote, with real data in it, is migrated by the
// current code as a server process starts on it: nothing is lost, the administrator logs in, a chat answers and the
// console's screens read it. The fixture (test/fixtures/upgrade-ac3ff53/README.md) is one SQL dump both backends
// load. Each future migration runs here on it too; a release that changes the data deeply adds its own fixture.
const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/upgrade-ac3ff53');

interface Manifest {
  commit: string;
  lastMigration: string;
  adminEmail: string;
  adminPassword: string;
  counts: Record<string, number>;
  samples: Record<string, Record<string, unknown>[]>;
}

/**
 * Columns a later migration moved to another table, read back from where they went (as SQL on the row `t`), so the
 * old row's values are still compared: 0014 appends a conversation's transcript as rows of conversation_entries, the
 * old column becoming its first row.
 */
const MOVED: Record<string, string> = {
  conversations: `jsonb_build_object('tracker', coalesce((SELECT e.entries FROM conversation_entries e
    WHERE e.conversation_id = t.id AND e.seq = 0), '[]'::jsonb))`,
};

/** Every row of a table as the fixture script sampled it: JSON, values longer than 200 characters as their md5. */
const rowsSql = (table: string) => `
  SELECT (SELECT jsonb_object_agg(key, CASE WHEN length(value::text) > 200
            THEN jsonb_build_object('md5', md5(value::text)) ELSE value END)
          FROM jsonb_each(to_jsonb(t)${MOVED[table] ? ` || ${MOVED[table]}` : ''}))::text AS row
  FROM "${table}" t`;

/** Tables the server's start, the login and the chat below write to: they may only grow. */
const GROW = new Set([
  'users_logs',
  'conversations',
  'permissions',
  'role_permissions',
  'unclassified_intents',
  'kysely_migration',
]);
const growsFromStats = (table: string) => table.startsWith('stats_');
/** Rows the start and the login rewrite or drop as they should (throttle windows, engine heartbeats): not compared. */
const REWRITTEN = new Set(['login_throttle', 'sessions', 'campaign_engines', 'jobs', 'kysely_migration_lock']);

const manifest = JSON.parse(await fs.readFile(path.join(FIXTURE, 'manifest.json'), 'utf8')) as Manifest;
const dump = gunzipSync(await fs.readFile(path.join(FIXTURE, 'dump.sql.gz'))).toString('utf8');
const onPostgres = testBackend() === 'postgres';

/** Queries the migrated database: PGlite's directory (the server stopped) or the PostgreSQL database. */
type Query = (sql: string) => Promise<Record<string, unknown>[]>;

let dataDir = '';
let pgName = '';
let instance: Instance;
let cookie = '';

async function loadFixture(): Promise<string> {
  if (onPostgres) {
    pgName = `upgrade_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${pgName}`);
    await admin.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${pgName}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await client.query(dump);
    await client.end();
    return url.toString();
  }
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'console-upgrade-'));
  // Where server/db/database.ts keeps PGlite's files.
  const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata') });
  // The dump came from PostgreSQL, where migration 0013 set lz4; PGlite is built without it and that migration
  // leaves its columns as they are there (0013-transcript-compression.ts): so does the load.
  await pglite.exec(dump.replace(/^ALTER TABLE ONLY .* SET COMPRESSION lz4;$/gm, ''));
  await pglite.close();
  return '';
}

async function withDatabase<T>(use: (query: Query) => Promise<T>): Promise<T> {
  if (onPostgres) {
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${pgName}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await client.query(`SET TimeZone = 'UTC'`);
    try {
      return await use(async (sql) => (await client.query(sql)).rows);
    } finally {
      await client.end();
    }
  }
  const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata') });
  await pglite.exec(`SET TimeZone = 'UTC'`);
  try {
    return await use(async (sql) => (await pglite.query<Record<string, unknown>>(sql)).rows);
  } finally {
    await pglite.close();
  }
}

beforeAll(async () => {
  const databaseUrl = await loadFixture();
  instance = await startInstance('upgraded', databaseUrl, {
    ...(onPostgres ? {} : { DATA_DIR: dataDir }),
    SEED_ADMIN_PASSWORD: '',
  });
}, 180_000);

afterAll(async () => {
  await instance?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  if (pgName) {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
    await admin.end();
  }
});

describe(`a database release ${manifest.commit} wrote, started on by the current code`, () => {
  it('logs the administrator in with the password that release kept', async () => {
    const res = await fetch(`${instance.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: manifest.adminEmail, passwd: manifest.adminPassword }),
    });
    expect(res.status, instance.output()).toBe(200);
    cookie =
      res.headers
        .getSetCookie()
        .find((c) => c.startsWith('console_session='))
        ?.split(';')[0] ?? '';
    expect(cookie).not.toBe('');
  });

  it("serves the console's reads of the old rows: conversations, knowledge, the campaign and its calls, stats", async () => {
    const conversations = await call(instance.url, 'GET', '/v1/conversations?project_id=1', { cookie });
    expect(conversations.status, JSON.stringify(conversations.body)).toBe(200);
    const knowledge = await call(instance.url, 'GET', '/v1/knowledges?project_id=1', { cookie });
    expect(knowledge.status).toBe(200);
    const titles = (knowledge.body as { title: string }[]).map((k) => k.title);
    expect(titles).toEqual(expect.arrayContaining(['Delivery area', 'Payment']));
    const campaigns = await call(instance.url, 'GET', '/v1/outbound/campaigns?project_id=1', { cookie });
    expect(campaigns.status).toBe(200);
    const campaign = (campaigns.body as { id: number; name: string }[]).find((c) => c.name === 'Upgrade reminders');
    expect(campaign).toBeDefined();
    const calls = await call(instance.url, 'GET', `/v1/outbound/campaigns/${campaign?.id}/calls?project_id=1`, {
      cookie,
    });
    expect(calls.status).toBe(200);
    const rows = (Array.isArray(calls.body) ? calls.body : calls.body.calls) as { status: string }[];
    expect(rows.map((c) => c.status)).toEqual(['completed', 'completed', 'completed']);
    const settings = await call(instance.url, 'GET', '/v1/settings?project_id=1', { cookie });
    expect(settings.status).toBe(200);
  });

  it('answers a chat on the old bot', async () => {
    const token = 'upgrade-test-conversation-0123456789';
    const init = await call(instance.url, 'POST', `/v1/chat/init?project_id=1&conversation_token=${token}`, {
      cookie,
      body: {},
    });
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    const id = init.body.conversation_id;
    const answer = await call(instance.url, 'POST', `/v1/chat?project_id=1&id=${id}&conversation_token=${token}`, {
      cookie,
      body: { msg: 'hello' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const said = (answer.body.tracker as { type: string; args?: { who?: string } }[]).filter(
      (e) => e.type === 'utter' && e.args?.who === 'bot',
    );
    expect(said.length).toBeGreaterThan(0);
  });

  it('ran every migration and lost nothing: rows per table and the sampled rows, after the server stopped', async () => {
    await instance.stop();
    await withDatabase(async (query) => {
      const applied = (await query('SELECT name FROM kysely_migration ORDER BY name')).map((r) => r.name);
      expect(applied).toEqual(Object.keys(migrations).sort());
      expect(applied).toContain(manifest.lastMigration);
      for (const [table, before] of Object.entries(manifest.counts)) {
        if (REWRITTEN.has(table)) continue;
        const [row] = await query(`SELECT count(*)::int AS n FROM "${table}"`);
        const after = Number(row?.n);
        if (GROW.has(table) || growsFromStats(table)) expect(after, table).toBeGreaterThanOrEqual(before);
        else expect(after, table).toBe(before);
      }
      for (const [table, samples] of Object.entries(manifest.samples)) {
        if (table.startsWith('kysely_') || REWRITTEN.has(table) || samples.length === 0) continue;
        const rows = (await query(rowsSql(table))).map((r) => JSON.parse(String(r.row)) as Record<string, unknown>);
        for (const sample of samples) {
          // A later migration may add columns: the old row's columns keep their values.
          const found = rows.some((row) => Object.entries(sample).every(([k, v]) => equalJson(row[k], v)));
          expect(found, `${table}: ${JSON.stringify(sample).slice(0, 300)}`).toBe(true);
        }
      }
    });
  });
});

function equalJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
