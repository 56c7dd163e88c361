// Spec 2 §3 "Audit fields on resources": every listed item answers the time of its latest revision (version)
// and the name of its author (who); both are read-only, derived from the revisions.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMINISTRATOR_ROLE_ID } from '../../server/features/users/default-roles.ts';
import { type Caller, type TestApp, createTestApp } from './helpers/test-app.ts';

let t: TestApp;
let editor: Caller;
let editorName: string;
beforeAll(async () => {
  t = await createTestApp();
  editor = await t.createUser({ roleId: ADMINISTRATOR_ROLE_ID });
  editorName = (await t.db.selectFrom('users').select('name').where('id', '=', editor.userId).executeTakeFirstOrThrow())
    .name;
});
afterAll(() => t.close());

type Item = { id: number; name: string; version?: number | null; who?: string | null } & Record<string, unknown>;
const FORGED = { version: 1, who: 'Mallory' };

const get = async (path: string) => {
  const res = await t.call('GET', path, { as: editor });
  expect(res.statusCode).toBe(200);
  return res;
};
/** A write with the resource's fresh atime, expected to succeed. */
async function save(method: 'PUT', url: string, resource: string, body: unknown): Promise<LightMyRequestResponse> {
  const atime = String((await get(resource)).headers['x-atime']);
  const res = await t.call(method, url, { as: editor, body, query: { atime } });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}
const itemNamed = async (path: string, name: string): Promise<Item> => {
  const found = ((await get(path)).json() as Item[]).find((i) => i.name === name);
  if (!found) throw new Error(`${path}: no ${name}`);
  return found;
};
const audit = (item: { version?: unknown; who?: unknown }) => ({ version: item.version, who: item.who });

function expectAudited(item: Item | { version?: unknown; who?: unknown }, after?: number): number {
  expect(item.who).toBe(editorName);
  expect(typeof item.version).toBe('number');
  if (after !== undefined) expect(item.version as number).toBeGreaterThan(after);
  return item.version as number;
}

describe('audit fields', () => {
  it('intents answer version and who; a forged pair sent back changes nothing', async () => {
    const { id } = (await save('PUT', '/v1/intent/-1', '/v1/intents', { name: 'audit_intent' })).json();
    const v1 = expectAudited(await itemNamed('/v1/intents', 'audit_intent'));
    await save('PUT', `/v1/intent/${id}/template`, '/v1/intents', { template: 'audit me please' });
    const v2 = expectAudited(await itemNamed('/v1/intents', 'audit_intent'), v1);

    const list = (await get('/v1/intents')).json() as Item[];
    await save(
      'PUT',
      '/v1/intents',
      '/v1/intents',
      list.map((i) => ({ ...i, ...FORGED })),
    );
    expect(audit(await itemNamed('/v1/intents', 'audit_intent'))).toEqual({ version: v2, who: editorName });
  });

  it('reactions answer version and who; a forged pair sent back changes nothing', async () => {
    const fields = { name: 'audit_reaction', condition: '', intents: [], priority: 0, actions: [] };
    const { id } = (await save('PUT', '/v1/reaction/-1', '/v1/reactions', fields)).json();
    const v1 = expectAudited(await itemNamed('/v1/reactions', 'audit_reaction'));
    await save('PUT', `/v1/reaction/${id}`, '/v1/reactions', { ...fields, priority: 5 });
    const v2 = expectAudited(await itemNamed('/v1/reactions', 'audit_reaction'), v1);

    const list = (await get('/v1/reactions')).json() as Item[];
    const saved = await save(
      'PUT',
      '/v1/reactions',
      '/v1/reactions',
      list.map((r) => ({ ...r, ...FORGED })),
    );
    // The save's own answer carries the real fields too.
    expect(audit((saved.json() as Item[]).find((r) => r.id === id)!)).toEqual({ version: v2, who: editorName });
    expect(audit(await itemNamed('/v1/reactions', 'audit_reaction'))).toEqual({ version: v2, who: editorName });
  });

  it('actions answer version and who; a forged pair sent back changes nothing', async () => {
    const before = (await get('/v1/actions')).json() as Item[];
    const hook = { name: 'audit_hook', url: 'https://example.com/hook' };
    await save('PUT', '/v1/actions', '/v1/actions', [...before, hook]);
    const v1 = expectAudited(await itemNamed('/v1/actions', 'audit_hook'));
    const list = (await get('/v1/actions')).json() as Item[];
    await save(
      'PUT',
      '/v1/actions',
      '/v1/actions',
      list.map((a) => (a.name === 'audit_hook' ? { ...a, timeout_ms: 2000 } : a)),
    );
    const v2 = expectAudited(await itemNamed('/v1/actions', 'audit_hook'), v1);

    const again = (await get('/v1/actions')).json() as Item[];
    await save(
      'PUT',
      '/v1/actions',
      '/v1/actions',
      again.map((a) => ({ ...a, ...FORGED })),
    );
    expect(audit(await itemNamed('/v1/actions', 'audit_hook'))).toEqual({ version: v2, who: editorName });
  });

  it('entities answer version and who; a forged pair is never stored', async () => {
    const { id } = (await save('PUT', '/v1/entities/-1', '/v1/entities', { name: 'audit_entity', values: 'a' })).json();
    const v1 = expectAudited(await itemNamed('/v1/entities', 'audit_entity'));
    await save('PUT', `/v1/entities/${id}`, '/v1/entities', { name: 'audit_entity', values: 'a\nb' });
    const v2 = expectAudited(await itemNamed('/v1/entities', 'audit_entity'), v1);

    // Every save of an entity is a revision: the author is the caller, whatever the body claims.
    const { id: _id, ...body } = await itemNamed('/v1/entities', 'audit_entity');
    await save('PUT', `/v1/entities/${id}`, '/v1/entities', { ...body, ...FORGED });
    expectAudited(await itemNamed('/v1/entities', 'audit_entity'), v2);
  });

  it('settings answer version and who; a forged pair is never stored', async () => {
    const put1 = await save('PUT', '/v1/settings', '/v1/settings', { name: 'Audited once' });
    const v1 = expectAudited(put1.json());
    expect(audit((await get('/v1/settings')).json())).toEqual(audit(put1.json()));
    await save('PUT', '/v1/settings', '/v1/settings', { name: 'Audited twice' });
    const v2 = expectAudited((await get('/v1/settings')).json(), v1);

    await save('PUT', '/v1/settings', '/v1/settings', { name: 'Audited thrice', ...FORGED });
    expectAudited((await get('/v1/settings')).json(), v2);
  });

  it('stores no forged field in any revision', async () => {
    const forged = await t.db
      .selectFrom('revisions')
      .select(['resource', 'item_id'])
      .where((eb) => eb.or([eb('data', '?', 'who'), eb('data', '?', 'version')]))
      .execute();
    expect(forged).toEqual([]);
  });

  it('answers null for an item without revisions', async () => {
    const { id } = (await save('PUT', '/v1/intent/-1', '/v1/intents', { name: 'unrecorded_intent' })).json();
    await t.db.deleteFrom('revisions').where('resource', '=', '/intents').where('item_id', '=', String(id)).execute();
    expect(audit(await itemNamed('/v1/intents', 'unrecorded_intent'))).toEqual({ version: null, who: null });
  });
});

describe('GET /v1/audit/changes', () => {
  const changes = (as: Caller, query: Record<string, string | number>) =>
    t.call('GET', '/v1/audit/changes', { as, query });

  it('lists who changed which item of a resource between two times, newest first, deletions named', async () => {
    const from = Number((await get('/v1/intents')).headers['x-atime']);
    const { id } = (await save('PUT', '/v1/intent/-1', '/v1/intents', { name: 'changed_intent' })).json();
    await save('PUT', `/v1/intent/${id}`, '/v1/intents', { name: 'renamed_intent' });
    const atime = String((await get('/v1/intents')).headers['x-atime']);
    const deleted = await t.call('DELETE', `/v1/intent/${id}`, { as: editor, query: { atime } });
    const to = Number(deleted.headers['x-atime']);

    const res = await changes(editor, { resource: '/intents', from, to });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (res.json() as { name: string; deleted: boolean; user_name: string }[]).map((c) => [
        c.name,
        c.deleted,
        c.user_name,
      ]),
    ).toEqual([
      ['renamed_intent', true, editorName],
      ['renamed_intent', false, editorName],
      ['changed_intent', false, editorName],
    ]);
    // `from` is exclusive, `to` inclusive.
    expect((await changes(editor, { resource: '/intents', from: to, to: to + 1 })).json()).toEqual([]);
    expect((await changes(editor, { resource: '/labels', from, to })).statusCode).toBe(400);
  });

  it('needs GET on the resource itself besides the History grant', async () => {
    const role = await t.db
      .insertInto('roles')
      .values({ name: 'History only' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const history = await t.db
      .selectFrom('permissions')
      .select('id')
      .where('method', '=', 'GET')
      .where('path', '=', '/history')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('role_permissions').values({ role_id: role.id, permission_id: history.id }).execute();
    const reader = await t.createUser({ roleId: role.id });
    expect((await changes(reader, { resource: '/intents', from: 0, to: 1 })).statusCode).toBe(402);
  });
});
