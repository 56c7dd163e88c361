import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DO_NOT_CALL_ALREADY } from '../../src/api/contract/do-not-call.ts';
import { VIEWER_ROLE_ID } from '../../server/features/users/default-roles.ts';
import type { Caller, TestApp } from './helpers/test-app.ts';
import { createTestApp } from './helpers/test-app.ts';
import { expectMessage, multipartFile } from './language-model-fixtures.ts';

let t: TestApp;
let admin: Caller;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterEach(async () => {
  await t.close();
});

const BASE = '/v1/outbound/do-not-call';
const atime = async (as: Caller = admin) =>
  String((await t.call('GET', '/v1/outbound/campaigns', { as })).headers['x-atime']);
const list = async (as: Caller = admin) => {
  const res = await t.call('GET', BASE, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; destination: string; note: string; created_by: string | null }[];
};
const add = async (body: Record<string, unknown>, as: Caller = admin) =>
  t.call('PUT', BASE, { as, body, query: { atime: await atime(as) } });
const upload = (csv: string, as: Caller = admin) => {
  const { payload, headers } = multipartFile('file', 'dnc.csv', csv);
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/upload`,
    query: { project_id: '1' },
    headers: { ...headers, cookie: as.cookie, 'x-requested-with': 'console' },
    payload,
  });
};

describe('do-not-call list', () => {
  it('adds (normalised), refuses a bad or listed destination, removes, and logs each change', async () => {
    const added = await add({ destination: '+420 601 000 001', note: 'Asked not to be called' });
    expect(added.statusCode, added.body).toBe(200);
    expect(await list()).toMatchObject([
      { destination: '+420601000001', note: 'Asked not to be called', created_by: 'Administrator' },
    ]);
    expectMessage(await add({ destination: '+420601000001' }), 400, new RegExp(DO_NOT_CALL_ALREADY));
    expectMessage(await add({ destination: '12345' }), 400, /E\.164/);
    expect((await t.call('PUT', BASE, { as: admin, body: { destination: '+420601000002' } })).statusCode).toBe(428);
    expect(await list()).toHaveLength(1);

    const id = added.json().id as number;
    const removed = await t.call('DELETE', `${BASE}/${id}`, { as: admin, query: { atime: await atime() } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await list()).toEqual([]);
    expect((await t.call('DELETE', `${BASE}/${id}`, { as: admin, query: { atime: await atime() } })).statusCode).toBe(
      404,
    );
    const actions = await t.db.selectFrom('users_logs').select('action').orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'Added +420 601 000 001 to the do-not-call list',
        `Removed entry ${id} from the do-not-call list`,
      ]),
    );
  });

  it('imports a CSV all or nothing; listed and repeated destinations are counted, not refused', async () => {
    await add({ destination: '+420601000001' });
    const bad = await upload('destination,note\n+420601000002,a\n12345,b\nsip:alice@example.com,c,extra\n');
    expectMessage(bad, 400, /Line 3: .*E\.164[\s\S]*Line 4: expected the columns destination,note/);
    expect(await list()).toHaveLength(1);
    const good = await upload(
      'destination,note\n+420601000001,again\n+420 601 000 002,complaint\nsip:alice@example.com\n+420601000002,twice\n',
    );
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({ status: 'ok', added: 2, already_listed: 2 });
    expect((await list()).map((e) => [e.destination, e.note])).toEqual([
      ['+420601000001', ''],
      ['+420601000002', 'complaint'],
      ['sip:alice@example.com', ''],
    ]);
  });

  it("a viewer reads but may not change it (402); another project's entries are not seen or removed", async () => {
    const { id } = (await add({ destination: '+420601000001' })).json() as { id: number };
    const viewer = await t.createUser({ roleId: VIEWER_ROLE_ID });
    expect(await list(viewer)).toHaveLength(1);
    expect((await add({ destination: '+420601000003' }, viewer)).statusCode).toBe(402);
    expect((await upload('destination\n+420601000003\n', viewer)).statusCode).toBe(402);
    const other = (await t.call('POST', '/v1/projects', { as: admin, body: { name: 'Other' } })).json()
      .project_id as number;
    const otherList = await t.call('GET', BASE, { as: admin, query: { project_id: other } });
    expect(otherList.json()).toEqual([]);
    const otherAtime = String(
      (await t.call('GET', '/v1/outbound/campaigns', { as: admin, query: { project_id: other } })).headers['x-atime'],
    );
    const foreign = await t.call('DELETE', `${BASE}/${id}`, {
      as: admin,
      query: { project_id: other, atime: otherAtime },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await list()).toHaveLength(1);
  });
});
