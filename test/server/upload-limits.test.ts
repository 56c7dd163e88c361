// Issue 33 §2: no partial upload, anywhere. Every multipart path gets files of limit−1, limit, limit+1 and 2×limit
// bytes, 20 times each: the first two are taken whole, the others refused whole with 413 naming the limit, and the
// rows (or files) stored are counted after every upload, so a single partial import fails the test.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileTooLarge } from '../../src/api/contract/storage.ts';
import { runningCampaign } from './campaign-fixtures.ts';
import { type Caller, type TestApp, createTestApp } from './helpers/test-app.ts';

/** Small, so 80 uploads to each of six paths take seconds; the production defaults are 10 and 20 MB. */
const LIMIT = 64 * 1024;
const ROUNDS = 20;
const SIZES = [LIMIT - 1, LIMIT, LIMIT + 1, 2 * LIMIT] as const;
/**
 * Filler per row: rows of about a kilobyte (templates and questions hold at most 2,000 characters) keep each file to
 * some 60 rows, longer ones where a cell may be long: cheap to import, still many lines.
 */
const FILL = 900;
const LONG_FILL = 6000;
const TOKEN = 'upload-limits-conversation-token-0123';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp({ config: { uploadMaxBytes: LIMIT, importMaxBytes: LIMIT, attachmentMaxBytes: LIMIT } });
  admin = await t.admin();
});
afterAll(async () => {
  await t.close();
});

/**
 * Text of exactly `size` bytes (ASCII): `header`, then rows `line(k, filler)`, the last one's filler stretched to
 * fill. Returns the text, its number of rows and its last row (which a whole import keeps to its last byte).
 */
function sizedCsv(size: number, header: string, line: (k: number, filler: string) => string, fill = FILL) {
  const lines: string[] = [];
  let used = header.length;
  for (let k = 0; ; k++) {
    const full = line(k, 'x'.repeat(fill)).length;
    if (used + 2 * full > size) {
      const rest = size - used;
      const last = 'y'.repeat(rest - line(k, '').length);
      lines.push(line(k, last));
      const text = header + lines.join('');
      expect(Buffer.byteLength(text)).toBe(size);
      return { text, rows: lines.length, last: line(k, last).trimEnd() };
    }
    lines.push(line(k, 'x'.repeat(fill)));
    used += full;
  }
}

/**
 * A multipart body with one file, sent as a stream of `chunk`-byte pieces: the piece boundaries move from upload to
 * upload, so the size limit falls at a different place in the stream each time (the cut-off streams of issue 33 came
 * from such boundaries).
 */
function multipart(content: Buffer, fileName: string, type: string, field: string, chunk: number) {
  const boundary = `----limits${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const pieces: Buffer[] = [];
  for (let at = 0; at < body.length; at += chunk) pieces.push(body.subarray(at, at + chunk));
  return {
    payload: Readable.from(pieces),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(body.length),
    },
  };
}

interface UploadPath {
  name: string;
  /** The file of exactly `size` bytes for round `round`, with what a whole import stores. */
  file(size: number, tag: string): { content: Buffer; rows: number; check?: () => Promise<void> };
  send(body: ReturnType<typeof multipart>): Promise<{ statusCode: number; json(): { message?: string } }>;
  /** Rows (or bytes) stored by this path so far. */
  stored(): Promise<number>;
  fileName: string;
  type: string;
  field?: string;
}

/** The whole last row of a file is stored (a cut one would differ in its last bytes). */
async function exists(
  table: 'intent_templates' | 'knowledges' | 'qa_trainings' | 'outbound_calls',
  column: string,
  value: string,
) {
  const rows = await sql<{
    n: number;
  }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)} = ${value}`.execute(t.db);
  expect(rows.rows[0]?.n, `${table}.${column} = ${value.slice(0, 40)}…`).toBe(1);
}

const countOf = async (query: Promise<{ n: string | number | bigint }>) => Number((await query).n);

const PNG_HEAD = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

let campaignId = 0;
let conversationId = 0;

const paths: UploadPath[] = [
  {
    name: 'intents import',
    fileName: 'intents.csv',
    type: 'text/csv',
    file: (size, tag) => {
      const csv = sizedCsv(size, 'intent,template\n', (k, f) => `u${tag},t${tag}-${k} ${f}\n`);
      const template = csv.last.slice(`u${tag},`.length);
      return {
        content: Buffer.from(csv.text),
        rows: csv.rows,
        check: () => exists('intent_templates', 'template', template),
      };
    },
    send: ({ payload, headers }) =>
      t.call('PUT', '/v1/intents/import', { as: admin, body: payload, headers, query: { mode: 'merge' } }),
    stored: () =>
      countOf(
        t.db
          .selectFrom('intent_templates')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      ),
  },
  {
    name: 'knowledge import',
    fileName: 'knowledge.csv',
    type: 'text/csv',
    file: (size, tag) => {
      const csv = sizedCsv(
        size,
        'link,knowledge\n',
        (k, f) => `https://example.com/${tag}/${k},K ${tag} ${f}\n`,
        LONG_FILL,
      );
      const knowledge = csv.last.slice(csv.last.indexOf(',') + 1);
      return {
        content: Buffer.from(csv.text),
        rows: csv.rows,
        check: () => exists('knowledges', 'knowledge', knowledge),
      };
    },
    send: ({ payload, headers }) => t.call('PUT', '/v1/knowledges/import', { as: admin, body: payload, headers }),
    stored: () =>
      countOf(
        t.db
          .selectFrom('knowledges')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      ),
  },
  {
    name: 'QA questions import',
    fileName: 'questions.csv',
    type: 'text/csv',
    file: (size, tag) => {
      const csv = sizedCsv(size, 'question,knowledge_id,link\n', (k, f) => `q${tag}-${k} ${f},,\n`);
      const question = csv.last.slice(0, -2);
      return {
        content: Buffer.from(csv.text),
        rows: csv.rows,
        check: () => exists('qa_trainings', 'question', question),
      };
    },
    send: ({ payload, headers }) => t.call('PUT', '/v1/qa-trainings/import', { as: admin, body: payload, headers }),
    stored: () =>
      countOf(
        t.db
          .selectFrom('qa_trainings')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      ),
  },
  {
    name: 'campaign call list',
    fileName: 'calls.csv',
    type: 'text/csv',
    file: (size, tag) => {
      const csv = sizedCsv(
        size,
        'destination,scheduled_time\n',
        (k, f) => `sip:${tag}-${k}-${f}@example.com,2039-01-01 12:43 UTC\n`,
        LONG_FILL,
      );
      const destination = csv.last.split(',')[0]!;
      return {
        content: Buffer.from(csv.text),
        rows: csv.rows,
        check: () => exists('outbound_calls', 'destination', destination),
      };
    },
    send: ({ payload, headers }) =>
      t.call('POST', `/v1/outbound/campaigns/${campaignId}/upload`, { as: admin, body: payload, headers }),
    stored: () =>
      countOf(
        t.db
          .selectFrom('outbound_calls')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      ),
  },
  {
    name: 'storage',
    fileName: 'data.txt',
    type: 'text/plain',
    file: (size, tag) => {
      const content = Buffer.alloc(size, 'a');
      content.write(tag);
      // One row (a new version) per upload, of exactly the size sent.
      return {
        content,
        rows: 1,
        check: async () => {
          const row = await t.db
            .selectFrom('storage_files')
            .select(['size', 'sha256'])
            .where('name', '=', 'data.txt')
            .orderBy('version', 'desc')
            .limit(1)
            .executeTakeFirstOrThrow();
          expect(row).toEqual({ size: content.length, sha256: createHash('sha256').update(content).digest('hex') });
        },
      };
    },
    send: ({ payload, headers }) => t.call('POST', '/v1/file', { as: admin, body: payload, headers }),
    stored: () =>
      countOf(
        t.db
          .selectFrom('storage_files')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      ),
  },
  {
    name: 'chat attachment',
    fileName: 'photo.png',
    type: 'image/png',
    field: 'files',
    file: (size) => {
      const content = Buffer.concat([PNG_HEAD, Buffer.alloc(size - PNG_HEAD.length, 7)]);
      return {
        content,
        rows: 1,
        check: async () => {
          const row = await t.db
            .selectFrom('chat_attachments')
            .select('content')
            .orderBy('id', 'desc')
            .limit(1)
            .executeTakeFirstOrThrow();
          expect(Buffer.from(row.content).equals(content)).toBe(true);
        },
      };
    },
    send: ({ payload, headers }) =>
      t.call('PUT', '/v1/chat/attachments', {
        as: admin,
        body: payload,
        headers,
        query: { id: conversationId, conversation_token: TOKEN },
      }),
    stored: () =>
      countOf(
        t.db
          .selectFrom('chat_attachments')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      ),
  },
];

describe('no partial upload (limit−1, limit, limit+1, 2×limit; 20 times each)', () => {
  beforeAll(async () => {
    campaignId = await runningCampaign(t.db, { state: 'paused' });
    const chat = await t.call('POST', '/v1/chat/init', { as: admin, body: {}, query: { conversation_token: TOKEN } });
    conversationId = chat.json().conversation_id;
  });

  it.each(paths)('$name: whole or refused with 413, never partly stored', async (path) => {
    let partial = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const size of SIZES) {
        const tag = `r${round}s${size}`;
        const { content, rows, check } = path.file(size, tag);
        const before = await path.stored();
        const chunk = 4096 + round * 1531 + (size % 997);
        const res = await path.send(multipart(content, path.fileName, path.type, path.field ?? 'file', chunk));
        const added = (await path.stored()) - before;
        if (size <= LIMIT) {
          expect(res.statusCode, `${path.name} ${tag}: ${JSON.stringify(res.json())}`).toBe(200);
          expect(added, `${path.name} ${tag}`).toBe(rows);
          await check?.();
        } else {
          expect(res.statusCode, `${path.name} ${tag}: ${JSON.stringify(res.json())}`).toBe(413);
          expect(res.json().message).toBe(fileTooLarge(LIMIT));
          expect(added, `${path.name} ${tag}`).toBe(0);
        }
        if (added !== 0 && added !== rows) partial++;
      }
    }
    expect(partial).toBe(0);
  });

  it('names the limit as people read it', () => {
    expect(fileTooLarge(LIMIT)).toBe('The file is larger than 64 KB.');
    expect(fileTooLarge(10 * 1024 * 1024)).toBe('The file is larger than 10 MB.');
  });
});
