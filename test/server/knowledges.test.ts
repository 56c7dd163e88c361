import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KNOWLEDGE_EMPTY,
  KNOWLEDGE_TOO_LONG,
  type KnowledgeItem,
  LINK_NOT_HTTP,
} from '../../src/api/contract/knowledges.ts';
import { DEMO_KNOWLEDGE } from '../../server/features/knowledge/demo-knowledge.ts';
import { webhookAllowList } from '../../server/webhook/address-policy.ts';
import { type Caller, type TestApp, createTestApp } from './helpers/test-app.ts';
import { article, atime, minimalPdf, multipart, pageServer, write } from './knowledge-fixtures.ts';

let t: TestApp;
let admin: Caller;
let pages: Awaited<ReturnType<typeof pageServer>>;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  pages = await pageServer();
  base = `http://127.0.0.1:${pages.port}`;
});
afterAll(async () => {
  webhookAllowList.delete(`127.0.0.1:${pages.port}`);
  await pages.close();
  await t.close();
});

const list = async (as: Caller = admin): Promise<KnowledgeItem[]> => {
  const res = await t.call('GET', '/v1/knowledges', { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const put = (id: number, body: unknown, as: Caller = admin) => write(t, as, 'PUT', `/v1/knowledges/${id}`, body);
const count = async () => (await list()).length;

function expectRefused(res: { statusCode: number; body: string }, message: string | RegExp) {
  expect(res.statusCode, res.body).toBe(400);
  const text = JSON.parse(res.body).message as string;
  if (typeof message === 'string') expect(text).toContain(message);
  else expect(text).toMatch(message);
}

async function upload(name: string, content: Buffer | string, type = 'application/octet-stream') {
  const { body, headers } = multipart({ name, content, type });
  const res = await t.call('POST', '/v1/file', { as: admin, body, headers });
  expect(res.statusCode, res.body).toBe(200);
}

describe('knowledge entries', () => {
  it('lists the demo entries; creates, updates and deletes with revisions, audit fields and History', async () => {
    const demo = await list();
    expect(demo.map((e) => e.title)).toEqual(DEMO_KNOWLEDGE.map((e) => e.title));
    expect(demo[0]).toMatchObject({ source: 'manual', index_status: 'indexed', indexed_at: expect.any(String) });
    const before = await atime(t, admin);
    const created = await put(-1, {
      link: 'https://example.com/parking',
      title: 'Parking',
      knowledge: ' Free parking. ',
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json();
    expect((await list()).find((e) => e.id === id)).toEqual({
      id,
      link: 'https://example.com/parking',
      title: 'Parking',
      knowledge: 'Free parking.',
      source: 'manual',
      file: null,
      indexed_at: null,
      index_status: 'pending',
      index_error: null,
      version: expect.any(Number),
      who: 'Administrator',
    });
    expect((await put(id, { link: '', title: 'Parking', knowledge: 'Parking is free for guests.' })).statusCode).toBe(
      200,
    );
    expect((await list()).find((e) => e.id === id)).toMatchObject({
      link: '',
      knowledge: 'Parking is free for guests.',
    });
    // History: the state at an earlier time, and the changes between.
    const past = await t.call('GET', '/v1/knowledges', { as: admin, query: { mtime: before } });
    expect((past.json() as KnowledgeItem[]).map((e) => e.id)).not.toContain(id);
    const deleted = await write(t, admin, 'DELETE', `/v1/knowledges/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await list()).some((e) => e.id === id)).toBe(false);
    expect((await write(t, admin, 'DELETE', `/v1/knowledges/${id}`)).statusCode).toBe(404);
    const gone = await t.call('GET', '/v1/audit/deleted', { as: admin, query: { mtime: before } });
    expect(gone.json()).toContainEqual(
      expect.objectContaining({ resource: '/knowledges', item_id: String(id), name: 'Parking' }),
    );
    const now = await atime(t, admin);
    const changes = await t.call('GET', '/v1/audit/changes', {
      as: admin,
      query: { resource: '/knowledges', from: before, to: now },
    });
    expect(changes.statusCode, changes.body).toBe(200);
    expect(changes.json().map((c: { deleted: boolean }) => c.deleted)).toEqual([true, false, false]);
  });

  it('answers 409 to a stale atime and 428 without one; nothing is saved', async () => {
    const stale = await atime(t, admin);
    expect((await put(-1, { knowledge: 'First writer' })).statusCode).toBe(200);
    const n = await count();
    const res = await t.call('PUT', '/v1/knowledges/-1', {
      as: admin,
      body: { knowledge: 'Second writer' },
      query: { atime: stale },
    });
    expect(res.statusCode).toBe(409);
    expect((await t.call('PUT', '/v1/knowledges/-1', { as: admin, body: { knowledge: 'x' } })).statusCode).toBe(428);
    expect(await count()).toBe(n);
  });

  it('GET needs GET /knowledges; changes need PUT /knowledges/{id} (402); an outsider gets 402, a forged call 403', async () => {
    const viewer = await t.createUser({ roleId: 3 });
    expect((await list(viewer)).length).toBeGreaterThan(0);
    expect((await put(-1, { knowledge: 'Viewer text' }, viewer)).statusCode).toBe(402);
    const id = (await list())[0]!.id;
    expect((await write(t, viewer, 'DELETE', `/v1/knowledges/${id}`)).statusCode).toBe(402);
    expect((await t.call('GET', '/v1/knowledges/reindex', { as: viewer })).statusCode).toBe(402);
    const search = await t.call('POST', '/v1/knowledges/search', {
      as: viewer,
      body: { question: 'gift card validity' },
    });
    expect(search.statusCode).toBe(200);
    const outsider = await t.createUser({});
    expect((await t.call('GET', '/v1/knowledges', { as: outsider })).statusCode).toBe(402);
    expect((await t.call('GET', '/v1/knowledges', { as: null })).statusCode).toBe(401);
    // Without the console's header the session cookie alone is refused (request forgery).
    expect((await t.call('GET', '/v1/knowledges', { as: admin, headers: { 'x-requested-with': '' } })).statusCode).toBe(
      403,
    );
  });

  it('refuses empty text, a link that is not http(s), too long text; nothing is saved', async () => {
    const n = await count();
    expectRefused(await put(-1, { knowledge: '   ' }), KNOWLEDGE_EMPTY);
    expectRefused(await put(-1, { knowledge: '' }), KNOWLEDGE_EMPTY);
    expectRefused(await put(-1, { link: 'ftp://example.com/x', knowledge: 'Text' }), LINK_NOT_HTTP);
    expectRefused(await put(-1, { link: 'javascript:alert(1)', knowledge: 'Text' }), LINK_NOT_HTTP);
    expectRefused(await put(-1, { knowledge: 'x'.repeat(200_001) }), KNOWLEDGE_TOO_LONG);
    const id = (await list())[0]!.id;
    expectRefused(await put(id, { knowledge: '' }), KNOWLEDGE_EMPTY);
    expect((await list())[0]!.knowledge).toBe(DEMO_KNOWLEDGE[0]!.knowledge);
    expect(await count()).toBe(n);
  });
});

describe('import from a URL', () => {
  it('refuses a private address (the webhooks guard) and saves nothing', async () => {
    pages.pages.set('/private', { body: article('Private', ['Secret text of an intranet page.']) });
    const n = await count();
    const res = await write(t, admin, 'POST', '/v1/knowledges/import-url', { url: `${base}/private` });
    expectRefused(res, /127\.0\.0\.1 is a loopback address/);
    expectRefused(
      await write(t, admin, 'POST', '/v1/knowledges/import-url', { url: 'file:///etc/passwd' }),
      LINK_NOT_HTTP,
    );
    expectRefused(
      await write(t, admin, 'POST', '/v1/knowledges/import-url', { url: 'http://10.0.0.1/x' }),
      /10\.0\.0\.1 is a private address/,
    );
    expect(await count()).toBe(n);
  });

  it('imports the readable text of a page served by an allow-listed local server', async () => {
    webhookAllowList.add(`127.0.0.1:${pages.port}`);
    pages.pages.set('/opening', {
      body: article('Holiday opening hours', [
        'During the Christmas holidays the pizzeria opens at noon and closes at eight in the evening.',
        'On New Year\u2019s Day we stay closed so that the whole team can rest.',
      ]),
    });
    const res = await write(t, admin, 'POST', '/v1/knowledges/import-url', { url: `${base}/opening` });
    expect(res.statusCode, res.body).toBe(200);
    const entry = res.json() as KnowledgeItem;
    expect(entry).toMatchObject({ source: 'url', link: `${base}/opening`, title: 'Holiday opening hours' });
    expect(entry.knowledge).toContain('opens at noon and closes at eight');
    expect(entry.knowledge).toContain('New Year');
    expect(entry.knowledge).not.toContain('Copyright');
    expect((await list()).find((e) => e.id === entry.id)).toMatchObject({ source: 'url', index_status: 'pending' });
  });

  it('checks every redirect, and refuses error pages, oversized and empty pages', async () => {
    webhookAllowList.add(`127.0.0.1:${pages.port}`);
    const n = await count();
    pages.pages.set('/hop', { status: 302, body: '', location: 'http://169.254.169.254/latest/meta-data' });
    expectRefused(
      await write(t, admin, 'POST', '/v1/knowledges/import-url', { url: `${base}/hop` }),
      /169\.254\.169\.254 is a linkLocal address/,
    );
    pages.pages.set('/big', { type: 'text/plain', body: 'word '.repeat(1_100_000) });
    expectRefused(await write(t, admin, 'POST', '/v1/knowledges/import-url', { url: `${base}/big` }), /larger than/);
    expectRefused(await write(t, admin, 'POST', '/v1/knowledges/import-url', { url: `${base}/missing` }), /HTTP 404/);
    pages.pages.set('/empty', { body: '<html><body><script>x()</script></body></html>' });
    expectRefused(
      await write(t, admin, 'POST', '/v1/knowledges/import-url', { url: `${base}/empty` }),
      'no readable text',
    );
    pages.pages.set('/zip', { type: 'application/zip', body: Buffer.from('PK\u0003\u0004') });
    expectRefused(await write(t, admin, 'POST', '/v1/knowledges/import-url', { url: `${base}/zip` }), /Unsupported/);
    expect(await count()).toBe(n);
  });
});

describe('import from project storage', () => {
  it('reads a PDF, Markdown and plain text', async () => {
    await upload(
      'parking.pdf',
      minimalPdf(['Parking is free for customers.', 'The garage entrance is on Elm Street.']),
    );
    const pdf = await write(t, admin, 'POST', '/v1/knowledges/import-file', {
      file: 'parking.pdf',
      link: 'https://example.com/parking.pdf',
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.json()).toMatchObject({
      source: 'file',
      file: 'parking.pdf',
      title: 'parking',
      link: 'https://example.com/parking.pdf',
      knowledge: 'Parking is free for customers.\nThe garage entrance is on Elm Street.',
    });
    await upload(
      'faq.md',
      '# Catering\n\nWe cater **parties** of up to 80 guests.\n\n- Book a week ahead\n',
      'text/markdown',
    );
    const md = await write(t, admin, 'POST', '/v1/knowledges/import-file', { file: 'faq.md' });
    expect(md.statusCode, md.body).toBe(200);
    expect(md.json()).toMatchObject({
      title: 'Catering',
      knowledge: 'Catering\n\nWe cater parties of up to 80 guests.\n\nBook a week ahead',
    });
    await upload('notes.txt', 'Staff   parking is behind the kitchen.\n', 'text/plain');
    const txt = await write(t, admin, 'POST', '/v1/knowledges/import-file', { file: 'notes.txt', title: 'Staff' });
    expect(txt.json()).toMatchObject({ title: 'Staff', knowledge: 'Staff parking is behind the kitchen.' });
  });

  it('refuses a corrupt PDF, an oversized PDF, an unknown file and another type; nothing is saved', async () => {
    const n = await count();
    await upload('broken.pdf', Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> garbage without xref\n'));
    expectRefused(
      await write(t, admin, 'POST', '/v1/knowledges/import-file', { file: 'broken.pdf' }),
      /The PDF cannot be read|no readable text/,
    );
    await upload('huge.pdf', minimalPdf(['Big file.'], 5 * 1024 * 1024 + 1024));
    expectRefused(
      await write(t, admin, 'POST', '/v1/knowledges/import-file', { file: 'huge.pdf' }),
      /larger than 5 MB/,
    );
    expect((await write(t, admin, 'POST', '/v1/knowledges/import-file', { file: 'nope.pdf' })).statusCode).toBe(404);
    await upload('prices.csv', 'a,b\n1,2\n', 'text/csv');
    expectRefused(await write(t, admin, 'POST', '/v1/knowledges/import-file', { file: 'prices.csv' }), /Unsupported/);
    expect(await count()).toBe(n);
  });
});

describe('CSV import', () => {
  const importCsv = (content: string, as: Caller = admin) => {
    const { body, headers } = multipart({ name: 'kb.csv', content, type: 'text/csv' });
    return t.call('PUT', '/v1/knowledges/import', { as, body, headers });
  };

  it('imports `link,knowledge` rows with or without a header', async () => {
    const n = await count();
    const res = await importCsv(
      'link,knowledge\nhttps://example.com/a,"Tables can be booked by phone, up to 20 people."\n,Children eat half price on Sundays.\n',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', created: 2 });
    const added = (await list()).slice(n);
    expect(added.map((e) => [e.link, e.knowledge, e.source])).toEqual([
      ['https://example.com/a', 'Tables can be booked by phone, up to 20 people.', 'csv'],
      ['', 'Children eat half price on Sundays.', 'csv'],
    ]);
  });

  it('refuses the whole file for one bad row, naming its line', async () => {
    const n = await count();
    expectRefused(
      await importCsv('link,knowledge\nhttps://example.com/1,Fine\nmailto:x@y.z,Bad link\n'),
      `Line 3: ${LINK_NOT_HTTP}`,
    );
    expectRefused(
      await importCsv('https://example.com/1,Fine\nhttps://example.com/2,   \n'),
      `Line 2: ${KNOWLEDGE_EMPTY}`,
    );
    expectRefused(await importCsv('https://example.com/1,Fine,extra\n'), 'Line 1: expected 2 columns');
    expectRefused(await importCsv('https://example.com/1,"unterminated\n'), /not a valid CSV/);
    expectRefused(await importCsv('link,knowledge\n'), 'no rows');
    expect(await count()).toBe(n);
    const viewer = await t.createUser({ roleId: 3 });
    expect((await importCsv('https://example.com/1,Fine\n', viewer)).statusCode).toBe(402);
  });
});
