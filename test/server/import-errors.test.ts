// Issue 33 §5 (server half): every refusal of an import says what to do. A file that is not a CSV is named (no binary
// in the message), a wrong header names the expected columns, a long list of bad lines keeps its "… and N more", and
// a chat message over the limit is refused with the limit instead of being cut.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX, CHAT_MESSAGE_TOO_LONG } from '../../src/api/contract/chat.ts';
import { runningCampaign } from './campaign-fixtures.ts';
import { type Caller, type TestApp, createTestApp } from './helpers/test-app.ts';
import { readTranscript } from '../../server/features/chat/transcript.ts';

let t: TestApp;
let admin: Caller;
let campaignId = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  campaignId = await runningCampaign(t.db, { state: 'paused' });
});
afterAll(async () => {
  await t.close();
});

function multipart(content: Buffer | string, fileName: string) {
  const boundary = `----errors${Math.random().toString(16).slice(2)}`;
  return {
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.isBuffer(content) ? content : Buffer.from(content),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const count = async (table: 'intent_templates' | 'knowledges' | 'qa_trainings' | 'outbound_calls') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n as number,
  );

/** The four CSV imports, each with the table its rows land in. */
const imports = [
  { name: 'intents', method: 'PUT', url: () => '/v1/intents/import', table: 'intent_templates' },
  { name: 'knowledge', method: 'PUT', url: () => '/v1/knowledges/import', table: 'knowledges' },
  { name: 'QA questions', method: 'PUT', url: () => '/v1/qa-trainings/import', table: 'qa_trainings' },
  {
    name: 'call list',
    method: 'POST',
    url: () => `/v1/outbound/campaigns/${campaignId}/upload`,
    table: 'outbound_calls',
  },
] as const;

async function send(path: (typeof imports)[number], content: Buffer | string, fileName = 'data.csv') {
  const before = await count(path.table);
  const { body, headers } = multipart(content, fileName);
  const res = await t.call(path.method, path.url(), { as: admin, body, headers });
  expect(await count(path.table), `${path.name}: nothing imported`).toBe(before);
  return { status: res.statusCode, message: res.json().message as string };
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** Bytes no detector knows and no text has: NUL and invalid UTF-8 among letters. */
const BINARY = Buffer.concat([
  Buffer.from('link,knowledge\n'),
  Buffer.from([0, 0xff, 0xfe, 0x80, 0x01]),
  Buffer.alloc(64, 0x9c),
]);
/** Printable ASCII and newlines only: what a message may carry of a file. */
const PLAIN = /^[\x20-\x7e\n…]*$/;

describe('a file that is not a CSV', () => {
  it.each(imports)(
    '$name: a PNG, a PDF or binary bytes are named, with no byte of them in the message',
    async (path) => {
      const png = await send(path, PNG, 'photo.csv');
      expect(png).toEqual({
        status: 415,
        message:
          'This file is a PNG image, not a CSV file. Save it as CSV (comma-separated, UTF-8) and upload that file.',
      });
      expect((await send(path, PDF, 'report.csv')).message).toMatch(/^This file is a PDF document, not a CSV file\./);
      const binary = await send(path, BINARY);
      expect(binary.status).toBe(415);
      expect(binary.message).toMatch(/^This file is not text in UTF-8, so it is not a CSV file\./);
      for (const { message } of [png, binary]) expect(message).toMatch(PLAIN);
    },
  );
});

describe('a wrong header names the expected columns', () => {
  it('knowledge: question,answer', async () => {
    expect(await send(imports[1], 'question,answer\nWhen do you open?,At nine.\n')).toEqual({
      status: 400,
      message: 'Line 1: expected the columns link,knowledge, found "question,answer".',
    });
  });

  it('intents: question,answer, and a header separated by semicolons', async () => {
    expect(await send(imports[0], 'question,answer\nhello,hi\n')).toEqual({
      status: 400,
      message: 'Line 1: expected the columns intent,template, found "question,answer".',
    });
    expect(await send(imports[0], 'Intent;Template\ngreeting;hello\n')).toEqual({
      status: 400,
      message:
        'Line 1: expected the columns intent,template, found "Intent;Template". The file seems to be separated by semicolons: save it as CSV with commas.',
    });
  });

  it('QA questions: question,answer', async () => {
    expect(await send(imports[2], 'question,answer\nWhen do you open?,At nine.\n')).toEqual({
      status: 400,
      message: 'Line 1: expected the columns question,knowledge_id,link, found "question,answer".',
    });
  });

  it('call list: number,time', async () => {
    expect(await send(imports[3], 'number,time\n+420777123456,2039-01-01 12:43 UTC\n')).toEqual({
      status: 400,
      message: 'Line 1: the header must be exactly "destination,scheduled_time" (found "number,time").',
    });
  });

  it('a file with the right header or none still imports', async () => {
    const { body, headers } = multipart('link,knowledge\nhttps://example.com/open,We open at nine.\n', 'kb.csv');
    expect((await t.call('PUT', '/v1/knowledges/import', { as: admin, body, headers })).statusCode).toBe(200);
    const plain = multipart('greeting,good morning to you\n', 'intents.csv');
    const res = await t.call('PUT', '/v1/intents/import', { as: admin, body: plain.body, headers: plain.headers });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('long lists of bad lines', () => {
  it('keep their first lines and "… and N more", uncut by the error handler', async () => {
    const lines = Array.from({ length: 120 }, (_, i) => `12345${i},2039-01-01 12:43 UTC`);
    const { status, message } = await send(imports[3], ['destination,scheduled_time', ...lines].join('\n'));
    expect(status).toBe(400);
    const shown = message.split('\n');
    expect(shown[0]).toBe('Nothing was imported.');
    expect(shown[1]).toBe('Line 2: "123450" must be an E.164 number (+420777123456) or a SIP URI.');
    expect(shown.filter((l) => l.startsWith('Line '))).toHaveLength(50);
    expect(shown.at(-1)).toBe('… and 70 more lines with problems.');
    expect(message.length).toBeGreaterThan(300);
  });

  it('quote a cell of at most 60 characters, so no line carries a whole file', async () => {
    const { message } = await send(
      imports[3],
      `destination,scheduled_time\n${'9'.repeat(5000)},2039-01-01 12:43 UTC\n`,
    );
    expect(message).toBe(
      `Nothing was imported.\nLine 2: "${'9'.repeat(59)}…" must be an E.164 number (+420777123456) or a SIP URI.`,
    );
  });
});

describe('a chat message over the limit', () => {
  it('is refused with a 400 that states the limit, and nothing of it is stored', async () => {
    const token = 'import-errors-conversation-token-01';
    const init = await t.call('POST', '/v1/chat/init', { as: admin, body: {}, query: { conversation_token: token } });
    const id = init.json().conversation_id as number;
    const say = (msg: string) =>
      t.call('POST', '/v1/chat', { as: admin, body: { msg }, query: { id, conversation_token: token } });
    const long = await say('a'.repeat(12_000));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain(CHAT_MESSAGE_TOO_LONG);
    expect(CHAT_MESSAGE_TOO_LONG).toBe('A message can be at most 2,000 characters.');
    const tracker = await readTranscript(t.db, id);
    expect(JSON.stringify(tracker)).not.toContain('a'.repeat(2000));
    expect((await say('b'.repeat(CHAT_MESSAGE_MAX))).statusCode).toBe(200);
  });
});
