import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DUPLICIT_ENTITY_NAME,
  ENTITY_NAME_ASCII,
  ENTITY_NAME_EMPTY,
  ENTITY_NAME_SPACES,
  invalidEntityName,
} from '../../src/api/contract/entities.ts';
import type { Caller, TestApp } from './helpers/test-app.ts';
import { createTestApp } from './helpers/test-app.ts';
import { atimeOf, expectMessage, write } from './language-model-fixtures.ts';

let t: TestApp;
let admin: Caller;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterEach(async () => {
  await t.close();
});

type Entity = { id: number; name: string; type: string; match: string; values: string; __is_system__: boolean };
const list = async (as: Caller = admin, projectId = 1): Promise<Entity[]> =>
  (await t.call('GET', '/v1/entities', { as, query: { project_id: projectId } })).json();
const put = (id: number, body: unknown, as: Caller = admin) =>
  write(t, as, 'PUT', `/v1/entities/${id}`, { body, resource: '/v1/entities' });

describe('entities', () => {
  it('lists the demo entities; creates with the defaults; updates; deletes', async () => {
    const names = (await list()).map((e) => e.name);
    expect(names).toEqual(['pizza_type', 'count']);
    const created = await put(-1, { name: 'city', values: 'Prague\nBrno' });
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    expect((await list()).find((e) => e.id === id)).toEqual({
      id,
      name: 'city',
      type: 'dictionary',
      match: 'lemmatized',
      occurrence: 'single',
      case_insensitive: false,
      values: 'Prague\nBrno',
      __is_system__: false,
      version: expect.any(Number),
      who: expect.any(String),
    });
    expect((await put(id, { name: 'town', match: 'fuzzy', values: 'Prague' })).statusCode).toBe(200);
    expect((await list()).find((e) => e.id === id)).toMatchObject({ name: 'town', match: 'fuzzy' });
    expect((await write(t, admin, 'DELETE', `/v1/entities/${id}`, { resource: '/v1/entities' })).statusCode).toBe(200);
    expect((await list()).find((e) => e.id === id)).toBeUndefined();
    expect((await write(t, admin, 'DELETE', `/v1/entities/${id}`, { resource: '/v1/entities' })).statusCode).toBe(404);
  });

  it("checks names with the screen's texts, and names the entity for . $ ,", async () => {
    expectMessage(await put(-1, { name: '' }), 400, ENTITY_NAME_EMPTY);
    expectMessage(await put(-1, { name: 'my city' }), 400, ENTITY_NAME_SPACES);
    expectMessage(await put(-1, { name: 'město' }), 400, ENTITY_NAME_ASCII);
    expectMessage(await put(-1, { name: 'tab\u0007' }), 400, ENTITY_NAME_ASCII);
    for (const name of ['a.b', 'a$b', 'a,b']) expectMessage(await put(-1, { name }), 400, invalidEntityName(name));
    expectMessage(await put(-1, { name: 'count' }), 400, DUPLICIT_ENTITY_NAME);
    expect((await list()).map((e) => e.name)).toEqual(['pizza_type', 'count']);
  });

  it('system entities: shared by every project, editable only with PUT /system/entities/{id}', async () => {
    const editor = await t.createUser({ roleId: 2 });
    expect((await put(-1, { name: 'country', __is_system__: true }, editor)).statusCode).toBe(402);
    const created = await put(-1, { name: 'country', values: 'Czechia', __is_system__: true });
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    const other = (await t.call('POST', '/v1/projects', { as: admin, body: { name: 'Other' } })).json()
      .project_id as number;
    expect((await list(admin, other)).map((e) => e.name)).toEqual(['country']);
    expect((await list(editor)).find((e) => e.id === id)).toMatchObject({ __is_system__: true });
    expect((await put(id, { name: 'country', values: 'Slovakia', __is_system__: true }, editor)).statusCode).toBe(402);
    const atime = await atimeOf(t, editor, '/v1/entities');
    expect((await t.call('DELETE', `/v1/entities/${id}`, { as: editor, query: { atime } })).statusCode).toBe(402);
    // Unmarking gives it to this project and hides it from the others.
    expect((await put(id, { name: 'country', values: 'Czechia', __is_system__: false })).statusCode).toBe(200);
    expect((await list(admin, other)).map((e) => e.name)).toEqual([]);
    expect((await list()).find((e) => e.id === id)).toMatchObject({ __is_system__: false });
  });

  it('a Viewer reads but gets 402 on writes; history by mtime', async () => {
    const viewer = await t.createUser({ roleId: 3 });
    expect((await list(viewer)).length).toBe(2);
    const atime = await atimeOf(t, viewer, '/v1/entities');
    expect(
      (await t.call('PUT', '/v1/entities/-1', { as: viewer, body: { name: 'x' }, query: { atime } })).statusCode,
    ).toBe(402);
    const mtime = await atimeOf(t, admin, '/v1/entities');
    await put(-1, { name: 'later' });
    const past = await t.call('GET', '/v1/entities', { as: admin, query: { mtime } });
    expect((past.json() as Entity[]).map((e) => e.name)).toEqual(['pizza_type', 'count']);
  });
});
