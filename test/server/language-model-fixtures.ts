import type { LightMyRequestResponse } from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Db } from '../../server/db/database.ts';
import type { Database } from '../../server/db/schema.ts';
import type { Caller, TestApp } from './helpers/test-app.ts';
import { testBackend } from './helpers/test-database.ts';

/** Shared steps of the language-model tests (intents, synonyms, entities, fallbacks, training). */

/** The resource's current x-atime, as the screens get it by loading what they edit. */
export async function atimeOf(
  t: TestApp,
  as: Caller,
  path: '/v1/intents' | '/v1/synonyms' | '/v1/entities' | '/v1/intents/unclassified',
) {
  const res = await t.call('GET', path, { as });
  if (res.statusCode !== 200) throw new Error(`GET ${path}: ${res.statusCode} ${res.body}`);
  return String(res.headers['x-atime']);
}

/** A write with the resource's fresh atime. */
export async function write(
  t: TestApp,
  as: Caller,
  method: 'PUT' | 'POST' | 'DELETE',
  url: string,
  options: {
    body?: unknown;
    query?: Record<string, string | number>;
    resource?: '/v1/intents' | '/v1/synonyms' | '/v1/entities' | '/v1/intents/unclassified';
  } = {},
): Promise<LightMyRequestResponse> {
  const atime = await atimeOf(t, as, options.resource ?? '/v1/intents');
  return t.call(method, url, { as, body: options.body, query: { ...options.query, atime } });
}

export function expectMessage(res: LightMyRequestResponse, status: number, message: string | RegExp): void {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  const text = res.json().message as string;
  if (typeof message === 'string' ? text !== message : !message.test(text)) {
    throw new Error(`expected message ${String(message)}, got "${text}"`);
  }
}

/** A multipart body with one file field, as the browser's FormData sends it. */
export function multipartFile(
  field: string,
  fileName: string,
  content: string,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----form${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function intentByName(
  t: TestApp,
  as: Caller,
  name: string,
): Promise<{ id: number; name: string; templates: string[] }> {
  const list = (await t.call('GET', '/v1/intents', { as })).json() as {
    id: number;
    name: string;
    templates: string[];
  }[];
  const found = list.find((i) => i.name === name);
  if (!found) throw new Error(`no intent ${name}`);
  return found;
}

/**
 * Runs `fn` with connections of its own on PostgreSQL (as separate processes would have), ended here, so
 * a burst of concurrent queries does not leave idle connections in the app's pool when the test drops its
 * database. On PGlite the app's database itself.
 */
export async function withOwnConnections<T>(t: TestApp, size: number, fn: (db: Db) => Promise<T>): Promise<T> {
  if (testBackend() !== 'postgres') return fn(t.db);
  const pool = new pg.Pool({ connectionString: t.database.location, max: size });
  pool.on('error', () => {});
  const db: Db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}
