import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { PGliteOptions } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type OpenedDatabase, openDatabase } from '../../../server/db/database.ts';
import { migrateToLatest } from '../../../server/db/migrate.ts';
import { seedDatabase } from '../../../server/seed.ts';

/** The seeded administrator's password in every test database. */
export const TEST_ADMIN_PASSWORD = 'Seeded-Admin-Passw0rd-1';
export const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type Backend = 'pglite' | 'postgres';
export const testBackend = (): Backend => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

/** One template per test run, so runs side by side (developers, helpers, CI) never share one. */
export interface TemplateInfo {
  dir: string;
  pgName: string;
}

export function newTemplateInfo(): TemplateInfo {
  const id = `${process.pid}_${Date.now().toString(36)}`;
  return { dir: path.resolve(`.tmp/test-db-template-${id}`), pgName: `console_tpl_${id}` };
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: TemplateInfo;
  }
}

const template = (): TemplateInfo => inject('dbTemplate');

/**
 * A fresh PGlite data directory takes seconds to initialise, so one is migrated and seeded once per run and
 * each test copies it; on PostgreSQL each test gets `CREATE DATABASE ... TEMPLATE`.
 */
export async function prepareTemplate({ dir: templateRoot, pgName: templateDb }: TemplateInfo): Promise<void> {
  if (testBackend() === 'postgres') {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateDb} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${templateDb}`);
    await admin.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${templateDb}`;
    const opened = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    await migrateToLatest(opened.db);
    await seedDatabase(opened.db, { adminPassword: TEST_ADMIN_PASSWORD });
    await opened.close();
    return;
  }
  await fs.rm(templateRoot, { recursive: true, force: true });
  const opened = await openDatabase({ databaseUrl: null, dataDir: templateRoot });
  await migrateToLatest(opened.db);
  await seedDatabase(opened.db, { adminPassword: TEST_ADMIN_PASSWORD });
  await opened.close();
}

export interface TestDatabase extends OpenedDatabase {
  /** The data directory (PGlite) or connection URL (PostgreSQL) of this copy. */
  location: string;
}

/** Removes the run's template when the run ends. */
export async function dropTemplate({ dir, pgName }: TemplateInfo): Promise<void> {
  await fs.rm(dir, { recursive: true, force: true });
  if (testBackend() !== 'postgres') return;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
  await admin.end();
}

/** Advisory lock key under which test databases are copied from the template, one at a time. */
const TEMPLATE_COPY_LOCK = 7_204_311;

/** `fresh`: a copy of the template of its own even on PGlite (for a test that reopens or shares the directory). */
export async function openTestDatabase(options: { fresh?: boolean } = {}): Promise<TestDatabase> {
  const { dir: templateRoot, pgName: templateDb } = template();
  const name = `t_${randomBytes(6).toString('hex')}`;
  if (testBackend() === 'postgres') {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    // PostgreSQL refuses to copy a template that another CREATE DATABASE is copying at that moment ("being
    // accessed by other users"): test files in parallel take turns for the copy, not for the tests.
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_COPY_LOCK]);
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDb}`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_COPY_LOCK]);
      await admin.end();
    }
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    const opened = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    return {
      ...opened,
      location: url.toString(),
      close: async () => {
        await opened.close();
        const drop = new pg.Client({ connectionString: POSTGRES_URL });
        await drop.connect();
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await drop.end();
      },
    };
  }
  if (!options.fresh) {
    const reused = await reuseFileDatabase();
    if (reused) return reused;
  }
  return copyTemplate(templateRoot);
}

/** A copy of the template in a directory of its own, closed and removed by its `close`. */
async function copyTemplate(templateRoot: string): Promise<TestDatabase> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'console-test-'));
  await fs.cp(templateRoot, dir, { recursive: true });
  const opened = await openDatabase({ databaseUrl: null, dataDir: dir, pglite: await fastPgliteOptions() });
  return {
    ...opened,
    location: dir,
    close: async () => {
      await opened.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

const pgliteDist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
let compiled: Promise<PGliteOptions> | null = null;

/**
 * PGlite compiles its 9 MB WebAssembly module and unpacks its file bundle on every start: a test file compiles
 * them once. Durability is relaxed (no wait for the file system after each query): a test's process never
 * outlives its writes (the durability test runs its own processes with the server's settings).
 */
function fastPgliteOptions(): Promise<PGliteOptions> {
  compiled ??= (async () => ({
    pgliteWasmModule: await WebAssembly.compile(await fs.readFile(path.join(pgliteDist, 'pglite.wasm'))),
    fsBundle: new Blob([await fs.readFile(path.join(pgliteDist, 'pglite.data'))]),
    relaxedDurability: true,
  }))();
  return compiled;
}

/**
 * Opening a copy of the template costs seconds (copy, start), so a test file opens one and every test after
 * the first gets it back as the template left it: tables the previous test wrote to (statement triggers keep
 * a list) are emptied and refilled from a snapshot taken at the first open, and every sequence is set back.
 * A test that holds the file's database while it asks for another gets a copy of its own.
 */
interface FileDatabase {
  copy: TestDatabase;
  inUse: boolean;
  /** Restores the tables written since the last reset. */
  reset(): Promise<void>;
}

let fileDatabase: Promise<FileDatabase> | null = null;

async function reuseFileDatabase(): Promise<TestDatabase | null> {
  fileDatabase ??= (async () => {
    const copy = await copyTemplate(template().dir);
    return { copy, inUse: false, reset: await snapshotTables(copy) };
  })();
  const current = await fileDatabase;
  if (current.inUse) return null;
  current.inUse = true;
  await current.reset();
  return {
    ...current.copy,
    close: async () => {
      current.inUse = false;
    },
  };
}

/** Closes the file's database (the server project's setup file calls it after the file's tests). */
export async function closeFileDatabase(): Promise<void> {
  if (!fileDatabase) return;
  const current = await fileDatabase;
  fileDatabase = null;
  await current.copy.close();
}

async function snapshotTables(copy: TestDatabase): Promise<() => Promise<void>> {
  const pglite = copy.pglite;
  if (!pglite) throw new Error('the file database is PGlite');
  const { rows: tables } = await pglite.query<{ name: string; columns: string }>(`
    SELECT c.relname AS name,
      string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) FILTER (WHERE a.attgenerated = '') AS columns
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') GROUP BY c.relname ORDER BY c.relname`);
  const { rows: sequences } = await pglite.query<{ name: string; value: number | null }>(
    `SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name, last_value AS value
     FROM pg_sequences WHERE schemaname = 'public'`,
  );
  const setup = [
    'CREATE SCHEMA test_snapshot',
    'CREATE TABLE test_snapshot.dirty (name text PRIMARY KEY)',
    `CREATE FUNCTION test_snapshot.mark_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN INSERT INTO test_snapshot.dirty VALUES (TG_TABLE_NAME) ON CONFLICT DO NOTHING; RETURN NULL; END $$`,
    ...tables.flatMap(({ name, columns }) => [
      `CREATE TABLE test_snapshot.${quote(name)} AS SELECT ${columns} FROM public.${quote(name)}`,
      `CREATE TRIGGER test_snapshot_dirty AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.${quote(name)}
       FOR EACH STATEMENT EXECUTE FUNCTION test_snapshot.mark_dirty()`,
    ]),
  ];
  await pglite.exec(setup.map((s) => `${s};`).join('\n'));
  const columnsOf = new Map(tables.map((t) => [t.name, t.columns]));
  const setSequences = sequences.map(({ name, value }) =>
    value === null ? `SELECT setval('${name}', 1, false)` : `SELECT setval('${name}', ${value}, true)`,
  );
  return async () => {
    // A test may have left a transaction open, settings changed or advisory locks held.
    await pglite.exec('ROLLBACK; RESET ALL; SELECT pg_advisory_unlock_all();');
    const { rows } = await pglite.query<{ name: string }>('SELECT name FROM test_snapshot.dirty');
    const dirty = rows.map((r) => r.name).filter((name) => columnsOf.has(name));
    const statements = [
      'BEGIN',
      // Foreign keys and our triggers stay quiet while the rows go back.
      'SET LOCAL session_replication_role = replica',
      ...dirty.map((name) => `DELETE FROM public.${quote(name)}`),
      ...dirty.map((name) => {
        const columns = columnsOf.get(name);
        return `INSERT INTO public.${quote(name)} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM test_snapshot.${quote(name)}`;
      }),
      'DELETE FROM test_snapshot.dirty',
      ...setSequences,
      'COMMIT',
    ];
    await pglite.exec(statements.map((s) => `${s};`).join('\n'));
  };
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
