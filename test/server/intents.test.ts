import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DUPLICIT_INTENT_NAME,
  DUPLICIT_INTENT_NAME_ON_RENAME,
  DUPLICIT_INTENT_TEMPLATE,
  INTENT_NAME_EMPTY,
  TEMPLATE_EMPTY,
  TEMPLATE_EXISTS_IN_INTENT,
  templateHeldBy,
} from '../../src/api/contract/intents.ts';
import { intentRenameHooks } from '../../server/features/intents/intents.ts';
import type { Caller, TestApp } from './helpers/test-app.ts';
import { createTestApp } from './helpers/test-app.ts';
import { atimeOf, expectMessage, intentByName, write } from './language-model-fixtures.ts';

let t: TestApp;
let admin: Caller;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterEach(async () => {
  await t.close();
});

type Intent = { id: number; name: string; templates: string[] };
const list = async (as: Caller = admin): Promise<Intent[]> => (await t.call('GET', '/v1/intents', { as })).json();

describe('intents: read', () => {
  it('lists the demo intents with their templates and an x-atime', async () => {
    const res = await t.call('GET', '/v1/intents', { as: admin });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['x-atime'])).toBeGreaterThan(0);
    const intents = res.json() as Intent[];
    expect(intents.length).toBeGreaterThanOrEqual(12);
    const greeting = intents.find((i) => i.name === 'greeting')!;
    expect(greeting.templates).toContain('hello');
    expect(intents.find((i) => i.name === 'order [NEG]')).toBeDefined();
    for (const i of intents) expect(i.templates.length).toBeGreaterThanOrEqual(8);
  });
});

describe('intents: create, rename, delete', () => {
  it('creates with PUT /intent/-1 and answers the id', async () => {
    const res = await write(t, admin, 'PUT', '/v1/intent/-1', { body: { name: '  weather ' } });
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    expect((await list()).find((i) => i.id === id)).toEqual({
      id,
      name: 'weather',
      templates: [],
      version: expect.any(Number),
      who: expect.any(String),
    });
  });

  it("refuses an empty name and a duplicate with the screens' texts", async () => {
    expectMessage(await write(t, admin, 'PUT', '/v1/intent/-1', { body: { name: '   ' } }), 400, INTENT_NAME_EMPTY);
    expectMessage(
      await write(t, admin, 'PUT', '/v1/intent/-1', { body: { name: 'greeting' } }),
      400,
      DUPLICIT_INTENT_NAME,
    );
    const greeting = await intentByName(t, admin, 'greeting');
    expectMessage(
      await write(t, admin, 'PUT', `/v1/intent/${greeting.id}`, { body: { name: 'goodbye' } }),
      400,
      DUPLICIT_INTENT_NAME_ON_RENAME,
    );
    expectMessage(
      await write(t, admin, 'PUT', `/v1/intent/${greeting.id}`, { body: { name: '' } }),
      400,
      INTENT_NAME_EMPTY,
    );
  });

  it('renaming a positive intent renames its [NEG] twin and calls the rename hooks', async () => {
    const seen: { from: string; to: string }[][] = [];
    const hook = async (_trx: unknown, _scope: unknown, renames: { from: string; to: string }[]) => {
      seen.push(renames);
    };
    intentRenameHooks.push(hook);
    try {
      const order = await intentByName(t, admin, 'order');
      const res = await write(t, admin, 'PUT', `/v1/intent/${order.id}`, { body: { name: 'purchase' } });
      expect(res.statusCode).toBe(200);
      const names = (await list()).map((i) => i.name);
      expect(names).toContain('purchase');
      expect(names).toContain('purchase [NEG]');
      expect(names).not.toContain('order [NEG]');
      expect(seen).toEqual([
        [
          { from: 'order', to: 'purchase' },
          { from: 'order [NEG]', to: 'purchase [NEG]' },
        ],
      ]);
    } finally {
      intentRenameHooks.splice(intentRenameHooks.indexOf(hook), 1);
    }
  });

  it('refuses a rename whose twin name is taken', async () => {
    await write(t, admin, 'PUT', '/v1/intent/-1', { body: { name: 'buy [NEG]' } });
    const order = await intentByName(t, admin, 'order');
    expectMessage(
      await write(t, admin, 'PUT', `/v1/intent/${order.id}`, { body: { name: 'buy' } }),
      400,
      DUPLICIT_INTENT_NAME_ON_RENAME,
    );
    expect((await list()).map((i) => i.name)).toContain('order');
  });

  it("deletes, and another project's id answers 404", async () => {
    const greeting = await intentByName(t, admin, 'greeting');
    expect((await write(t, admin, 'DELETE', `/v1/intent/${greeting.id}`)).statusCode).toBe(200);
    expect((await list()).find((i) => i.id === greeting.id)).toBeUndefined();
    expect((await write(t, admin, 'DELETE', `/v1/intent/${greeting.id}`)).statusCode).toBe(404);
    const other = await t.call('POST', '/v1/projects', { as: admin, body: { name: 'Other' } });
    const otherId = other.json().project_id as number;
    const goodbye = await intentByName(t, admin, 'goodbye');
    const atime = await atimeOf(t, admin, '/v1/intents');
    const res = await t.call('DELETE', `/v1/intent/${goodbye.id}`, {
      as: admin,
      query: { project_id: otherId, atime },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('templates', () => {
  it('adds and deletes one template without resending the list', async () => {
    const greeting = await intentByName(t, admin, 'greeting');
    expect(
      (await write(t, admin, 'PUT', `/v1/intent/${greeting.id}/template`, { body: { template: 'yo there' } }))
        .statusCode,
    ).toBe(200);
    expect((await intentByName(t, admin, 'greeting')).templates.at(-1)).toBe('yo there');
    const del = await write(t, admin, 'DELETE', `/v1/intent/${greeting.id}/template`, {
      query: { template: 'yo there' },
    });
    expect(del.statusCode).toBe(200);
    expect((await intentByName(t, admin, 'greeting')).templates).not.toContain('yo there');
    expect(
      (await write(t, admin, 'DELETE', `/v1/intent/${greeting.id}/template`, { query: { template: 'yo there' } }))
        .statusCode,
    ).toBe(404);
  });

  it("keeps templates unique across intents ignoring case, with the screens' texts", async () => {
    const greeting = await intentByName(t, admin, 'greeting');
    const goodbye = await intentByName(t, admin, 'goodbye');
    expectMessage(
      await write(t, admin, 'PUT', `/v1/intent/${greeting.id}/template`, { body: { template: 'HELLO' } }),
      400,
      TEMPLATE_EXISTS_IN_INTENT,
    );
    expectMessage(
      await write(t, admin, 'PUT', `/v1/intent/${goodbye.id}/template`, { body: { template: 'Hello' } }),
      400,
      templateHeldBy('hello', 'greeting'),
    );
    expectMessage(
      await write(t, admin, 'PUT', `/v1/intent/${goodbye.id}/template`, { body: { template: '  ' } }),
      400,
      TEMPLATE_EMPTY,
    );
  });

  it('edits with replaces: the old goes in the same transaction; a clash is "Duplicit intent template"', async () => {
    const greeting = await intentByName(t, admin, 'greeting');
    const edit = await write(t, admin, 'PUT', `/v1/intent/${greeting.id}/template`, {
      body: { template: 'Hello', replaces: 'hello' },
    });
    expect(edit.statusCode).toBe(200);
    let templates = (await intentByName(t, admin, 'greeting')).templates;
    expect(templates).toContain('Hello');
    expect(templates).not.toContain('hello');
    expectMessage(
      await write(t, admin, 'PUT', `/v1/intent/${greeting.id}/template`, {
        body: { template: 'bye', replaces: 'Hello' },
      }),
      400,
      DUPLICIT_INTENT_TEMPLATE,
    );
    templates = (await intentByName(t, admin, 'greeting')).templates;
    expect(templates).toContain('Hello');
  });
});

describe('whole list (updateIntents)', () => {
  it('updates, creates and deletes to match the list, moving a template between intents', async () => {
    const before = await list();
    const greeting = before.find((i) => i.name === 'greeting')!;
    const goodbye = before.find((i) => i.name === 'goodbye')!;
    const body = [
      { id: greeting.id, name: 'hello', templates: greeting.templates.filter((x) => x !== 'hi') },
      { id: goodbye.id, name: 'goodbye', templates: [...goodbye.templates, 'hi'] },
      { name: 'new one', templates: ['brand new template', ''] },
    ];
    const res = await write(t, admin, 'PUT', '/v1/intents', { body });
    expect(res.statusCode).toBe(200);
    const after = await list();
    expect(after.map((i) => i.name)).toEqual(['hello', 'goodbye', 'new one']);
    expect(after[1]!.templates).toContain('hi');
    expect(after[2]!.templates).toEqual(['brand new template']);
  });

  it('refuses the whole list on a clash and changes nothing', async () => {
    const before = await list();
    const body = [
      { name: 'a', templates: ['same'] },
      { name: 'b', templates: ['SAME'] },
    ];
    expectMessage(await write(t, admin, 'PUT', '/v1/intents', { body }), 400, templateHeldBy('SAME', 'a'));
    expectMessage(
      await write(t, admin, 'PUT', '/v1/intents', { body: [{ name: '', templates: [] }] }),
      400,
      INTENT_NAME_EMPTY,
    );
    expectMessage(
      await write(t, admin, 'PUT', '/v1/intents', {
        body: [
          { name: 'x', templates: [] },
          { name: 'x', templates: [] },
        ],
      }),
      400,
      /^Duplicit intent name/,
    );
    expect(await list()).toEqual(before);
  });
});

describe('concurrency and permissions', () => {
  it('answers 428 without atime and 409 with a stale one, writing nothing', async () => {
    expect((await t.call('PUT', '/v1/intent/-1', { as: admin, body: { name: 'x' } })).statusCode).toBe(428);
    const stale = await atimeOf(t, admin, '/v1/intents');
    await write(t, admin, 'PUT', '/v1/intent/-1', { body: { name: 'first' } });
    const res = await t.call('PUT', '/v1/intent/-1', { as: admin, body: { name: 'second' }, query: { atime: stale } });
    expect(res.statusCode).toBe(409);
    expect((await list()).map((i) => i.name)).not.toContain('second');
  });

  it('a Viewer reads but gets 402 on every write', async () => {
    const viewer = await t.createUser({ roleId: 3 });
    expect((await t.call('GET', '/v1/intents', { as: viewer })).statusCode).toBe(200);
    const greeting = await intentByName(t, admin, 'greeting');
    const atime = await atimeOf(t, viewer, '/v1/intents');
    const attempts = [
      t.call('PUT', '/v1/intent/-1', { as: viewer, body: { name: 'x' }, query: { atime } }),
      t.call('PUT', `/v1/intent/${greeting.id}`, { as: viewer, body: { name: 'x' }, query: { atime } }),
      t.call('DELETE', `/v1/intent/${greeting.id}`, { as: viewer, query: { atime } }),
      t.call('PUT', `/v1/intent/${greeting.id}/template`, { as: viewer, body: { template: 'x' }, query: { atime } }),
      t.call('DELETE', `/v1/intent/${greeting.id}/template`, { as: viewer, query: { atime, template: 'hello' } }),
      t.call('PUT', '/v1/intents', { as: viewer, body: [], query: { atime } }),
      t.call('GET', '/v1/run/train', { as: viewer }),
      t.call('GET', '/v1/worker/reload', { as: viewer }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(402);
    expect(await list()).toEqual(await list(viewer));
  });
});

describe('history and log', () => {
  it('GET ?mtime answers the intents as they were, and every write leaves a users-log line', async () => {
    const mtime = await atimeOf(t, admin, '/v1/intents');
    const greeting = await intentByName(t, admin, 'greeting');
    await write(t, admin, 'PUT', `/v1/intent/${greeting.id}`, { body: { name: 'welcome' } });
    await write(t, admin, 'PUT', '/v1/intent/-1', { body: { name: 'later' } });
    const past = await t.call('GET', '/v1/intents', { as: admin, query: { mtime } });
    expect(past.statusCode).toBe(200);
    expect(past.headers['x-atime']).toBeUndefined();
    const names = (past.json() as Intent[]).map((i) => i.name);
    expect(names).toContain('greeting');
    expect(names).not.toContain('welcome');
    expect(names).not.toContain('later');
    expect((past.json() as Intent[]).find((i) => i.name === 'greeting')!.templates).toEqual(greeting.templates);
    const log = await t.db.selectFrom('users_logs').select('action').where('action', 'like', '%intent%').execute();
    expect(log.map((l) => l.action)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Renamed intent/), 'Added intent later']),
    );
  });
});

describe('text services', () => {
  it('negates and un-negates templates (PUT /intents/template-negation) without atime', async () => {
    const res = await t.call('PUT', '/v1/intents/template-negation', {
      as: admin,
      body: { templates: ['I want to pay', "I don't want to pay"] },
      query: { language: 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().templates).toEqual(["I don't want to pay", 'I want to pay']);
    const cs = await t.call('PUT', '/v1/intents/template-negation', {
      as: admin,
      body: { templates: ['chci platit'] },
      query: { language: 'cs' },
    });
    expect(cs.json().templates).toEqual(['nechci platit']);
  });

  it('strips stop words (POST /intents/strip-stopwords)', async () => {
    const res = await t.call('POST', '/v1/intents/strip-stopwords', {
      as: admin,
      body: { template: 'I would like to order a pizza' },
      query: { language: 'en' },
    });
    expect(res.statusCode).toBe(200);
    const { preprocessed } = res.json();
    expect(preprocessed).toContain('pizza');
    expect(preprocessed.split(' ').length).toBeLessThan(7);
  });
});
