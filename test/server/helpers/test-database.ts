import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type OpenedDatabase, openDatabase } from '../../../server/db/database.ts';
import { migrateToLatest } from '../../../server/db/migrate.ts';
import { seedDatabase } from '../../../server/seed/index.ts';

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

export async function openTestDatabase(): Promise<TestDatabase> {
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
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'console-test-'));
  await fs.cp(templateRoot, dir, { recursive: true });
  const opened = await openDatabase({ databaseUrl: null, dataDir: dir });
  return {
    ...opened,
    location: dir,
    close: async () => {
      await opened.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
