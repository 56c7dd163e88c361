import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DUPLICIT_SYNONYM_NAME, SYNONYM_NAME_EMPTY, SYNONYM_NAME_SPACES } from '../../src/api/contract/synonyms.ts';
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

type Synonym = { id: number; name: string; values: string[] };
const list = async (as: Caller = admin): Promise<Synonym[]> => (await t.call('GET', '/v1/synonyms', { as })).json();
const save = (body: unknown) => write(t, admin, 'PUT', '/v1/synonyms', { body, resource: '/v1/synonyms' });

describe('synonyms', () => {
  it('saves the whole list: rename, add, delete; values trimmed and deduplicated; history by mtime', async () => {
    const [pizza] = await list();
    expect(pizza).toMatchObject({ name: 'pizza', values: ['pizza', 'pizzas', 'pie'] });
    const mtime = await atimeOf(t, admin, '/v1/synonyms');
    const res = await save([
      { id: pizza!.id, name: 'pie', values: [' pie ', 'pizza', 'pie', ''] },
      { name: 'drink', values: ['drink', 'soda', 'juice'] },
    ]);
    expect(res.statusCode).toBe(200);
    const after = await list();
    expect(after.map(({ name, values }) => ({ name, values }))).toEqual([
      { name: 'pie', values: ['pie', 'pizza'] },
      { name: 'drink', values: ['drink', 'soda', 'juice'] },
    ]);
    expect(after[0]!.id).toBe(pizza!.id);
    expect((await save([after[1]])).statusCode).toBe(200);
    expect((await list()).map((s) => s.name)).toEqual(['drink']);
    const past = await t.call('GET', '/v1/synonyms', { as: admin, query: { mtime } });
    expect((past.json() as Synonym[]).map((s) => s.name)).toEqual(['pizza']);
  });

  it('swaps two names in one save', async () => {
    await save([
      { name: 'a', values: ['1'] },
      { name: 'b', values: ['2'] },
    ]);
    const [a, b] = await list();
    expect(
      (
        await save([
          { ...a, name: 'b' },
          { ...b, name: 'a' },
        ])
      ).statusCode,
    ).toBe(200);
    expect((await list()).map((s) => `${s.id}:${s.name}`)).toEqual([`${a!.id}:b`, `${b!.id}:a`]);
  });

  it("refuses bad names with the panel's texts and saves nothing", async () => {
    const before = await list();
    expectMessage(await save([{ name: ' ', values: [] }]), 400, SYNONYM_NAME_EMPTY);
    expectMessage(await save([{ name: 'two words', values: [] }]), 400, SYNONYM_NAME_SPACES);
    expectMessage(
      await save([
        { name: 'x', values: [] },
        { name: 'x', values: [] },
      ]),
      400,
      /^Duplicit synonym name/,
    );
    expect(DUPLICIT_SYNONYM_NAME).toBe('Duplicit synonym name');
    expect(await list()).toEqual(before);
  });

  it('needs PUT /synonyms: a Viewer gets 402', async () => {
    const viewer = await t.createUser({ roleId: 3 });
    const atime = await atimeOf(t, viewer, '/v1/synonyms');
    expect((await t.call('PUT', '/v1/synonyms', { as: viewer, body: [], query: { atime } })).statusCode).toBe(402);
  });
});
