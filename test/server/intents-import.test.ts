import fc from 'fast-check';
import { stringify } from 'csv-stringify/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INTENT_NAME_EMPTY, INTENT_TOASTS, templateHeldBy } from '../../src/api/contract/intents.ts';
import type { Caller, TestApp } from './helpers/test-app.ts';
import { createTestApp } from './helpers/test-app.ts';
import { atimeOf, expectMessage, multipartFile, write } from './language-model-fixtures.ts';

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
const list = async (projectId = 1): Promise<Intent[]> =>
  (await t.call('GET', '/v1/intents', { as: admin, query: { project_id: projectId } })).json();
const shape = (intents: Intent[]) => intents.map(({ name, templates }) => ({ name, templates }));

function upload(csv: string, options: { mode?: 'merge' | 'replace'; projectId?: number; as?: Caller } = {}) {
  const { payload, headers } = multipartFile('file', 'intents.csv', csv);
  return t.call('PUT', '/v1/intents/import', {
    as: options.as ?? admin,
    body: payload,
    headers,
    query: { mode: options.mode ?? 'merge', project_id: options.projectId ?? 1 },
  });
}

describe('export', () => {
  it('answers GET /intents?format=csv (spec 2) with the same CSV as the older /intents/export path', async () => {
    const spec = await t.call('GET', '/v1/intents', { as: admin, query: { format: 'csv' } });
    const alias = await t.call('GET', '/v1/intents/export', { as: admin, query: { format: 'csv' } });
    expect(spec.statusCode).toBe(200);
    expect(spec.headers['content-type']).toMatch(/^text\/csv/);
    expect(spec.headers['content-disposition']).toBe('attachment; filename="intents_1.csv"');
    expect(spec.body.split('\r\n')[0]).toBe('intent,template');
    expect(spec.body).toBe(alias.body);
    // Without format the list stays JSON.
    expect(Array.isArray((await t.call('GET', '/v1/intents', { as: admin })).json())).toBe(true);
  });

  it('downloads intents_{project_id}.csv with formula-safe cells', async () => {
    const greeting = (await list()).find((i) => i.name === 'greeting')!;
    await write(t, admin, 'PUT', `/v1/intent/${greeting.id}/template`, { body: { template: '=HYPERLINK("x")' } });
    const res = await t.call('GET', '/v1/intents/export', { as: admin, query: { format: 'csv' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="intents_1.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('intent,template');
    expect(lines[1]).toBe('greeting,hello');
    expect(res.body).toContain(`greeting,"'=HYPERLINK(""x"")"`);
    expect(res.body).toContain("order [NEG],I don't want to order a #pizza");
  });

  it('round trip: export then import into an empty project gives the same intents; re-import adds nothing', async () => {
    const greeting = (await list()).find((i) => i.name === 'greeting')!;
    await write(t, admin, 'PUT', `/v1/intent/${greeting.id}/template`, {
      body: { template: '-5 degrees, "quoted"\nand a new line' },
    });
    await write(t, admin, 'PUT', '/v1/intent/-1', { body: { name: 'empty intent' } });
    const csv = (await t.call('GET', '/v1/intents/export', { as: admin, query: { format: 'csv' } })).body;
    const other = (await t.call('POST', '/v1/projects', { as: admin, body: { name: 'Copy' } })).json()
      .project_id as number;
    const res = await upload(csv, { projectId: other });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(INTENT_TOASTS.imported);
    expect(shape(await list(other))).toEqual(shape(await list()));
    const again = await upload(csv);
    expect(again.json()).toMatchObject({ intents_created: 0, templates_added: 0 });
  });
});

describe('import', () => {
  it('merges new intents and templates; replace makes the intents exactly the file', async () => {
    const merge = await upload(
      'intent,template\ngreeting,well hello there\nweather,is it raining\nweather,will it snow\n',
    );
    expect(merge.statusCode).toBe(200);
    expect(merge.json()).toMatchObject({ status: 'ok', intents_created: 1, templates_added: 3 });
    const after = await list();
    expect(after.find((i) => i.name === 'greeting')!.templates.at(-1)).toBe('well hello there');
    expect(after.find((i) => i.name === 'weather')!.templates).toEqual(['is it raining', 'will it snow']);
    const greetingId = after.find((i) => i.name === 'greeting')!.id;
    const replace = await upload('greeting,hi\nweather,sunny?\n', { mode: 'replace' });
    expect(replace.statusCode).toBe(200);
    const replaced = await list();
    expect(shape(replaced)).toEqual([
      { name: 'greeting', templates: ['hi'] },
      { name: 'weather', templates: ['sunny?'] },
    ]);
    expect(replaced[0]!.id).toBe(greetingId);
  });

  it('refuses the whole file naming the bad line, and writes nothing', async () => {
    const before = await list();
    expectMessage(
      await upload('intent,template\nweather,rain\n,orphan template\n'),
      400,
      `Line 3: ${INTENT_NAME_EMPTY}`,
    );
    expectMessage(
      await upload('weather,rain\nweather,snow\ngoodbye,HELLO\n'),
      400,
      `Line 3: ${templateHeldBy('HELLO', 'greeting')}`,
    );
    expectMessage(await upload('weather,rain\nweather,snow,extra\n'), 400, /^Line 2: expected 2 columns/);
    expectMessage(await upload('weather,"unterminated\n'), 400, /not a valid CSV/);
    expect(await list()).toEqual(before);
  });

  it('needs multipart, and PUT /intents (a Viewer gets 402)', async () => {
    expect((await t.call('PUT', '/v1/intents/import', { as: admin, body: { a: 1 } })).statusCode).toBe(415);
    const viewer = await t.createUser({ roleId: 3 });
    expect((await upload('a,b\n', { as: viewer })).statusCode).toBe(402);
    expect(Number(await atimeOf(t, admin, '/v1/intents'))).toBeGreaterThan(0);
  });
});

/** A deterministic CSV of `rows` rows over about rows/20 intents, every template unique. */
function generatedRows(rows: number, seed: number): [string, string][] {
  const out: [string, string][] = [];
  const intents = Math.max(1, Math.round(rows / 20));
  for (let i = 0; i < rows; i++) {
    const intent = `intent ${(i * 7 + seed) % intents}`;
    out.push([intent, `template ${seed} number ${i}, "${String.fromCharCode(97 + (i % 26))}"`]);
  }
  return out;
}

type Failure = 'empty-intent' | 'held-template' | 'columns' | 'none';

async function importProperty(rows: number, seed: number, failAt: number, failure: Failure): Promise<void> {
  const data = generatedRows(rows, seed);
  const records: string[][] = [['intent', 'template'], ...data.map((r) => [...r])];
  const at = 1 + failAt; // records index (after the header); the file line is at + 1
  if (failure === 'empty-intent') records[at] = ['  ', records[at]![1]!];
  if (failure === 'held-template') records[at] = ['intruder', records[1]![1]!.toUpperCase()];
  if (failure === 'columns') records[at] = [...records[at]!, 'extra'];
  const before = await list();
  const res = await upload(stringify(records), { mode: 'replace' });
  if (failure === 'none') {
    expect(res.statusCode).toBe(200);
    const expected = new Map<string, string[]>();
    for (const [intent, template] of data) expected.set(intent, [...(expected.get(intent) ?? []), template]);
    const got = await list();
    expect(new Map(got.map((i) => [i.name, i.templates]))).toEqual(expected);
    return;
  }
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toMatch(new RegExp(`^Line ${at + 1}: `));
  expect(await list()).toEqual(before);
}

describe('import is all or nothing (property)', () => {
  it('20 files of 2,000 rows with a failure injected at a random row (or none)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1999 }),
        fc.constantFrom<Failure>('empty-intent', 'held-template', 'columns', 'none'),
        (seed, failAt, failure) => importProperty(2000, seed, failAt, failure),
      ),
      { numRuns: 20 },
    );
  }, 300_000);

  it('one file of 10,000 rows fails at a random row and changes nothing, then succeeds whole', async () => {
    const failAt = 1 + Math.floor(Math.random() * 9998);
    await importProperty(10_000, 7, failAt, 'held-template');
    await importProperty(10_000, 7, failAt, 'none');
  }, 300_000);
});
