import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Caller, type TestApp, createTestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Caller;
const TOKEN = 'logs-conversation-token-0123456789';
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterEach(async () => {
  await t.close();
});

async function converse(message: string): Promise<number> {
  const { conversation_id: id } = (
    await t.call('POST', '/v1/chat/init', { as: admin, body: {}, query: { conversation_token: TOKEN } })
  ).json();
  const res = await t.call('POST', '/v1/chat', {
    as: admin,
    body: { msg: message },
    query: { id, conversation_token: TOKEN },
  });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

describe('conversation logs', () => {
  it('lists, filters by text and env, paginates, and opens one with its transcript stored as text', async () => {
    const hostile = '<script>alert(1)</script> =HYPERLINK("http://x")';
    const a = await converse(hostile);
    const b = await converse('hello there');
    const all = await t.call('GET', '/v1/conversations', { as: admin, query: { page_size: 1 } });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ total: 2, page: 1, page_size: 1 });
    expect(all.json().items[0].id).toBe(b);
    const found = (await t.call('GET', '/v1/conversations', { as: admin, query: { text: 'script>alert' } })).json();
    expect(found.items.map((c: { id: number }) => c.id)).toEqual([a]);
    expect((await t.call('GET', '/v1/conversations', { as: admin, query: { project_env: 'prod' } })).json().total).toBe(
      0,
    );
    const detail = (await t.call('GET', `/v1/conversations/${a}`, { as: admin })).json();
    expect(detail.preview).toBe(hostile);
    expect(detail.tracker.find((e: { args: { who?: string } }) => e.args.who === 'user').value).toBe(hostile);
    expect((await t.call('GET', '/v1/conversations/999999', { as: admin })).statusCode).toBe(404);
  });

  it('exports formula-safe CSV that parses back', async () => {
    await converse('=cmd|calc!A1');
    await converse('plain, "quoted" text');
    const res = await t.call('GET', '/v1/conversations', { as: admin, query: { format: 'csv' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    const rows: string[][] = parse(res.body);
    expect(rows[0]).toContain('First message');
    expect(rows.map((r) => r.at(-1))).toEqual(expect.arrayContaining(["'=cmd|calc!A1", 'plain, "quoted" text']));
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('adds, edits and deletes notes and sets labels of existing labels only', async () => {
    const id = await converse('hello');
    const atime = (await t.call('GET', '/v1/conversations', { as: admin })).headers['x-atime'] as string;
    const note = await t.call('PUT', '/v1/conversations/notes/-1', {
      as: admin,
      body: { conversation_id: id, text: '<b>check</b>' },
      query: { atime },
    });
    expect(note.statusCode, note.body).toBe(200);
    let next = note.headers['x-atime'] as string;
    const edited = await t.call('PUT', `/v1/conversations/notes/${note.json().id}`, {
      as: admin,
      body: { conversation_id: id, text: 'checked' },
      query: { atime: next },
    });
    expect(edited.statusCode).toBe(200);
    next = edited.headers['x-atime'] as string;
    await t.db.insertInto('labels').values({ project_id: 1, name: 'vip', color: 'red' }).execute();
    const unknown = await t.call('PUT', `/v1/conversations/${id}/labels`, {
      as: admin,
      body: { labels: ['nope'] },
      query: { atime: next },
    });
    expect(unknown.statusCode).toBe(400);
    const labelled = await t.call('PUT', `/v1/conversations/${id}/labels`, {
      as: admin,
      body: { labels: ['vip'] },
      query: { atime: next },
    });
    expect(labelled.statusCode, labelled.body).toBe(200);
    next = labelled.headers['x-atime'] as string;
    expect((await t.call('GET', '/v1/conversations', { as: admin, query: { label: 'vip' } })).json().total).toBe(1);
    const detail = (await t.call('GET', `/v1/conversations/${id}`, { as: admin })).json();
    expect(detail.notes.map((n: { text: string }) => n.text)).toEqual(['checked']);
    expect(detail.labels).toEqual(['vip']);
    const removed = await t.call('DELETE', `/v1/conversations/notes/${note.json().id}`, {
      as: admin,
      query: { atime: next },
    });
    expect(removed.statusCode).toBe(200);
    const viewer = await t.createUser({ roleId: 3 });
    expect((await t.call('GET', '/v1/conversations', { as: viewer })).statusCode).toBe(200);
    const denied = await t.call('PUT', '/v1/conversations/notes/-1', {
      as: viewer,
      body: { conversation_id: id, text: 'x' },
      query: { atime: removed.headers['x-atime'] as string },
    });
    expect(denied.statusCode).toBe(402);
  });
});
