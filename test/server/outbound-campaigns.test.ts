import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CAMPAIGN_ANSWERING_MACHINE,
  CAMPAIGN_NAME_EMPTY,
  CAMPAIGN_RETRY_COUNT,
  CAMPAIGN_TIME_FORMAT,
  NO_DIALLER_TEXT,
  REPORT_COLUMNS,
} from '../../src/api/contract/outbound.ts';
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

const BASE = '/v1/outbound/campaigns';
const list = async (as: Caller = admin) => {
  const res = await t.call('GET', BASE, { as });
  expect(res.statusCode).toBe(200);
  return { campaigns: res.json() as Record<string, unknown>[], atime: String(res.headers['x-atime']) };
};
const write = async (method: 'PUT' | 'DELETE', url: string, body?: unknown, as: Caller = admin) =>
  t.call(method, url, { as, body, query: { atime: (await list(as)).atime } });
const upload = (id: number, csv: string, as: Caller = admin) => {
  const { payload, headers } = multipartFile('file', 'calls.csv', csv);
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/${id}/upload`,
    query: { project_id: '1' },
    headers: { ...headers, cookie: as.cookie, 'x-requested-with': 'console' },
    payload,
  });
};
const create = async (body: Record<string, unknown> = { name: 'Reminders' }) => {
  const res = await write('PUT', `${BASE}/-1`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
};

describe('outbound campaigns', () => {
  it("creates with the spec's defaults, paused; updates; starts and pauses; deletes; keeps revisions", async () => {
    const id = await create();
    const [created] = (await list()).campaigns;
    expect(created).toMatchObject({
      id,
      name: 'Reminders',
      project_env: 'dev',
      call_time_from: '09:00',
      call_time_to: '17:00',
      retry_interval: 120,
      retry_count: 3,
      timeout: 30,
      max_concurrent: 10,
      callback_url: '',
      state: 'paused',
      pending: 0,
      progress: { queued: 0, in_progress: 0, completed: 0, failed: 0 },
      version: expect.any(Number),
      who: expect.any(String),
    });
    expect(created!.callback_secret).toMatch(/^[\w-]{20,}$/);
    const updated = await write('PUT', `${BASE}/${id}`, {
      name: 'Night shift',
      project_env: 'prod',
      call_time_from: '22:00',
      call_time_to: '06:00',
      retry_interval: 5,
      retry_count: 0,
      timeout: 20,
      max_concurrent: 3,
    });
    expect(updated.statusCode).toBe(200);
    expect((await list()).campaigns[0]).toMatchObject({
      name: 'Night shift',
      call_time_from: '22:00',
      retry_count: 0,
      max_concurrent: 3,
    });
    // The cap the engine holds is the one saved.
    const stored = await t.db.selectFrom('outbound_campaigns').select('max_concurrent').where('id', '=', id).execute();
    expect(stored).toEqual([{ max_concurrent: 3 }]);
    expect((await write('PUT', `${BASE}/${id}/state`, { state: 'running' })).statusCode).toBe(200);
    expect((await list()).campaigns[0]).toMatchObject({ state: 'running' });
    expect((await write('PUT', `${BASE}/${id}/state`, { state: 'paused' })).statusCode).toBe(200);
    expect((await list()).campaigns[0]).toMatchObject({ state: 'paused' });
    expect((await write('DELETE', `${BASE}/${id}`)).statusCode).toBe(200);
    expect((await list()).campaigns).toEqual([]);
    expect((await write('DELETE', `${BASE}/${id}`)).statusCode).toBe(404);
    const revisions = await t.db
      .selectFrom('revisions')
      .select(['deleted'])
      .where('resource', '=', '/outbound/campaigns')
      .where('item_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(revisions.map((r) => r.deleted)).toEqual([false, false, false, false, true]);
  });

  it('keeps the window in the time zone chosen (UTC when none is)', async () => {
    const prague = await create({
      name: 'Prague',
      call_time_from: '09:00',
      call_time_to: '17:00',
      time_zone: 'Europe/Prague',
    });
    const utc = await create({ name: 'Plain' });
    const byId = new Map((await list()).campaigns.map((c) => [c.id, c.time_zone]));
    expect([byId.get(prague), byId.get(utc)]).toEqual(['Europe/Prague', 'UTC']);
    // An imported call is first due when the window opens on Prague's clock: 09:00 CET = 08:00 UTC in January.
    expect((await upload(prague, 'destination,scheduled_time\n+420777123456,2039-01-01 06:00 UTC\n')).statusCode).toBe(
      200,
    );
    const [call] = (await t.call('GET', `${BASE}/${prague}/calls`, { as: admin })).json() as {
      next_attempt_at: string;
    }[];
    expect(call!.next_attempt_at).toBe('2039-01-01T08:00:00.000Z');
  });

  it("keeps the answering-machine choice (new campaigns hang up on machines; campaigns written before keep 'off')", async () => {
    const message = await create({ name: 'Messages', answering_machine: 'message' });
    const plain = await create({ name: 'Plain' });
    // A campaign stored before migration 0017 (no value written): no detection, as before.
    const { id: older } = await t.db
      .insertInto('outbound_campaigns')
      .values({
        project_id: 1,
        name: 'Older',
        project_env: 'dev',
        call_time_from: '09:00',
        call_time_to: '17:00',
        retry_interval: 120,
        retry_count: 3,
        timeout: 30,
        callback_secret: 'older-secret',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const byId = new Map((await list()).campaigns.map((c) => [c.id, c.answering_machine]));
    expect([byId.get(message), byId.get(plain), byId.get(older)]).toEqual(['message', 'hang-up', 'off']);
    const refused = await write('PUT', `${BASE}/${message}`, { name: 'Messages', answering_machine: 'voicemail' });
    expectMessage(refused, 400, new RegExp(CAMPAIGN_ANSWERING_MACHINE.replace('.', '\\.')));
    expect(new Map((await list()).campaigns.map((c) => [c.id, c.answering_machine])).get(message)).toBe('message');
  });

  it('refuses bad input with clear messages and changes nothing', async () => {
    expectMessage(
      await write('PUT', `${BASE}/-1`, { name: '  ' }),
      400,
      new RegExp(CAMPAIGN_NAME_EMPTY.replace('.', '\\.')),
    );
    expectMessage(await write('PUT', `${BASE}/-1`, { name: 'x', call_time_from: '9:00' }), 400, /HH:MM/);
    expectMessage(await write('PUT', `${BASE}/-1`, { name: 'x', call_time_to: '24:00' }), 400, /HH:MM/);
    expectMessage(await write('PUT', `${BASE}/-1`, { name: 'x', time_zone: 'Mars/Base' }), 400, /time zone/);
    expectMessage(await write('PUT', `${BASE}/-1`, { name: 'x', retry_count: -1 }), 400, /Retry count/);
    expectMessage(await write('PUT', `${BASE}/-1`, { name: 'x', retry_interval: -5 }), 400, /Retry interval/);
    expectMessage(await write('PUT', `${BASE}/-1`, { name: 'x', timeout: 0 }), 400, /Timeout/);
    expectMessage(await write('PUT', `${BASE}/-1`, { name: 'x', max_concurrent: 0 }), 400, /Calls at once/);
    expectMessage(await write('PUT', `${BASE}/-1`, { name: 'x', max_concurrent: 1.5 }), 400, /Calls at once/);
    expectMessage(await write('PUT', `${BASE}/-1`, { name: 'x', callback_url: 'ftp://example.com' }), 400, /http/);
    for (const url of ['http://127.0.0.1/hook', 'http://10.0.0.7/hook', 'http://[::1]:8080/', 'http://localhost/']) {
      expectMessage(await write('PUT', `${BASE}/-1`, { name: 'x', callback_url: url }), 400, /public addresses only/);
    }
    expect((await list()).campaigns).toEqual([]);
    expect(CAMPAIGN_TIME_FORMAT).toMatch(/HH:MM/);
    expect(CAMPAIGN_RETRY_COUNT).toMatch(/Retry count/);
  });

  it('answers 409 on a stale atime and 428 without one', async () => {
    const { atime } = await list();
    expect((await t.call('PUT', `${BASE}/-1`, { as: admin, body: { name: 'A' }, query: { atime } })).statusCode).toBe(
      200,
    );
    expect((await t.call('PUT', `${BASE}/-1`, { as: admin, body: { name: 'B' }, query: { atime } })).statusCode).toBe(
      409,
    );
    expect((await t.call('PUT', `${BASE}/-1`, { as: admin, body: { name: 'B' } })).statusCode).toBe(428);
    expect((await list()).campaigns.map((c) => c.name)).toEqual(['A']);
  });

  it('a viewer sees campaigns (without the secret) but may not edit, start, delete or import (402)', async () => {
    const id = await create();
    const viewer = await t.createUser({ roleId: VIEWER_ROLE_ID });
    const seen = (await list(viewer)).campaigns;
    expect(seen).toHaveLength(1);
    expect(seen[0]!.callback_secret).toBe('');
    expect((await write('PUT', `${BASE}/${id}`, { name: 'X' }, viewer)).statusCode).toBe(402);
    expect((await write('PUT', `${BASE}/${id}/state`, { state: 'running' }, viewer)).statusCode).toBe(402);
    expect((await write('DELETE', `${BASE}/${id}`, undefined, viewer)).statusCode).toBe(402);
    const csv = 'destination,scheduled_time\n+420777123456,2039-01-01 12:43 UTC\n';
    expect((await upload(id, csv, viewer)).statusCode).toBe(402);
    expect((await t.call('GET', `${BASE}/${id}/report`, { as: viewer })).statusCode).toBe(200);
    expect((await list()).campaigns[0]).toMatchObject({ name: 'Reminders', pending: 0, state: 'paused' });
  });

  it("another project's campaign is 404", async () => {
    const id = await create();
    const other = (await t.call('POST', '/v1/projects', { as: admin, body: { name: 'Other' } })).json()
      .project_id as number;
    const res = await t.call('GET', `${BASE}/${id}/calls`, { as: admin, query: { project_id: other } });
    expect(res.statusCode).toBe(404);
  });

  it('removes or replaces a single call before it is dialled; a dialled one is refused (409) and kept', async () => {
    const id = await create();
    const csv =
      'destination,scheduled_time\n+420777000001,2039-01-01 12:43 UTC\n+420777000002,2039-01-01 12:44 UTC\n+420777000003,2039-01-01 12:45 UTC\n';
    expect((await upload(id, csv)).statusCode).toBe(200);
    const calls = async () =>
      ((await t.call('GET', `${BASE}/${id}/calls`, { as: admin })).json() as Record<string, unknown>[]).map((c) => [
        c.id,
        c.destination,
        c.scheduled_time,
      ]);
    const [[first], [second], [third]] = (await calls()) as [number, string, string][];

    expect((await write('DELETE', `${BASE}/${id}/calls/${first}`)).statusCode).toBe(200);
    expect((await write('DELETE', `${BASE}/${id}/calls/${first}`)).statusCode).toBe(404);
    const replaced = await write('PUT', `${BASE}/${id}/calls/${second}`, {
      destination: '+420 777 000 009',
      scheduled_time: '2039-01-02 08:00 UTC',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await calls()).toEqual([
      [second, '+420777000009', '2039-01-02T08:00:00.000Z'],
      [third, '+420777000003', '2039-01-01T12:45:00.000Z'],
    ]);

    // Bad input changes nothing: a bad number, a past time, a destination already waiting, another campaign's call.
    expectMessage(
      await write('PUT', `${BASE}/${id}/calls/${second}`, {
        destination: '123',
        scheduled_time: '2039-01-02 08:00 UTC',
      }),
      400,
      /E\.164/,
    );
    expectMessage(
      await write('PUT', `${BASE}/${id}/calls/${second}`, {
        destination: '+420777000009',
        scheduled_time: '2020-01-01 08:00 UTC',
      }),
      400,
      /in the past/,
    );
    expectMessage(
      await write('PUT', `${BASE}/${id}/calls/${second}`, {
        destination: '+420777000003',
        scheduled_time: '2039-01-02 08:00 UTC',
      }),
      400,
      /already waiting/,
    );
    const other = await create({ name: 'Other' });
    expect((await write('DELETE', `${BASE}/${other}/calls/${third}`)).statusCode).toBe(404);
    expect((await t.call('DELETE', `${BASE}/${id}/calls/${third}`, { as: admin })).statusCode).toBe(428);

    // Dialled meanwhile (the engine leased it): refused with why, and kept.
    await t.db.updateTable('outbound_calls').set({ status: 'dialling', attempts: 1 }).where('id', '=', third).execute();
    expectMessage(await write('DELETE', `${BASE}/${id}/calls/${third}`), 409, /already been dialled/);
    expectMessage(
      await write('PUT', `${BASE}/${id}/calls/${third}`, {
        destination: '+420777000004',
        scheduled_time: '2039-01-02 08:00 UTC',
      }),
      409,
      /already been dialled/,
    );
    expect((await calls()).map((c) => c[1])).toEqual(['+420777000009', '+420777000003']);

    // A viewer may not (402).
    const viewer = await t.createUser({ roleId: VIEWER_ROLE_ID });
    expect((await write('DELETE', `${BASE}/${id}/calls/${second}`, undefined, viewer)).statusCode).toBe(402);
  });

  it('imports a call list all or nothing, with line numbers, duplicates and past dates refused', async () => {
    const id = await create();
    const bad = [
      'destination,scheduled_time',
      '+420 777 123 456,2039-01-01 12:43 UTC',
      '12345,2039-01-01 12:43 UTC',
      '+420777123456,2039-01-01 12:44 UTC',
      'sip:alice@example.com,2039-02-30 10:00 UTC',
      'sip:bob@example.com,2020-01-01 10:00 UTC',
      'sip:carol@example.com,tomorrow',
    ].join('\n');
    const refused = await upload(id, bad);
    expect(refused.statusCode).toBe(400);
    const message = refused.json().message as string;
    expect(message).toContain('Nothing was imported.');
    expect(message).toContain('Line 3: "12345" must be an E.164 number');
    expect(message).toContain('Line 4: +420777123456 is a duplicate of line 2');
    expect(message).toContain('Line 5: scheduled_time "2039-02-30 10:00 UTC" must look like "2039-01-01 12:43 UTC"');
    expect(message).toContain('Line 6: scheduled_time 2020-01-01 10:00 UTC is in the past');
    expect(message).toContain('Line 7:');
    expect(message).not.toContain('Line 2:');
    expect(await t.db.selectFrom('outbound_calls').select('id').execute()).toEqual([]);
    expectMessage(await upload(id, 'number,time\n+420777123456,2039-01-01 12:43 UTC\n'), 400, /^Line 1: the header/);
    expectMessage(await upload(id, 'destination,scheduled_time\n'), 400, 'The file has no calls.');

    const good = await upload(
      id,
      'destination,scheduled_time\r\n+420 777 123 456,2039-01-01 12:43 UTC\r\nsip:alice@example.com:5070,2039-01-01 20:00 UTC\r\n',
    );
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({ status: 'ok', message: 'Successfully uploaded', calls_imported: 2 });
    expect((await list()).campaigns[0]).toMatchObject({ pending: 2, progress: { queued: 2 } });
    const calls = (await t.call('GET', `${BASE}/${id}/calls`, { as: admin })).json();
    expect(calls).toEqual([
      expect.objectContaining({
        destination: '+420777123456',
        scheduled_time: '2039-01-01T12:43:00.000Z',
        status: 'queued',
        attempts: 0,
        next_attempt_at: '2039-01-01T12:43:00.000Z',
        conversation_id: null,
      }),
      // 20:00 is after the 09:00–17:00 window: first due when it next opens.
      expect.objectContaining({
        destination: 'sip:alice@example.com:5070',
        next_attempt_at: '2039-01-02T09:00:00.000Z',
      }),
    ]);
    // Already waiting in the campaign: a duplicate too.
    expectMessage(
      await upload(id, 'destination,scheduled_time\n+420777123456,2039-01-03 12:00 UTC\n'),
      400,
      /already waiting/,
    );
  });

  it('the report is one formula-safe row per call, and imports again as a call list', async () => {
    const id = await create();
    const list =
      'destination,scheduled_time\n+420777123456,2039-01-01 12:43 UTC\nsip:=1+1@pbx.example.com,2039-01-02 08:00 UTC\n';
    expect((await upload(id, list)).statusCode).toBe(200);
    const res = await t.call('GET', `${BASE}/${id}/report`, { as: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`OutboundCampaignReport_${id}_\\d{4}-\\d{2}-\\d{2}\\.csv`),
    );
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(REPORT_COLUMNS.join(','));
    expect(lines).toHaveLength(3);
    // An E.164 number is written as it is (a spreadsheet reads '+' and digits as a number, never as a formula).
    expect(lines[1]).toBe('+420777123456,2039-01-01T12:43:00.000Z,queued,0,,,,,,');
    expect(lines[2]).toBe('sip:=1+1@pbx.example.com,2039-01-02T08:00:00.000Z,queued,0,,,,,,');

    // The report itself imports into another campaign: its destinations and times, the other columns ignored.
    const again = await create({ name: 'Again' });
    const imported = await upload(again, res.body);
    expect(imported.statusCode, imported.body).toBe(200);
    const calls = (await t.call('GET', `${BASE}/${again}/calls`, { as: admin })).json() as Record<string, unknown>[];
    expect(calls.map((c) => [c.destination, c.scheduled_time])).toEqual([
      ['+420777123456', '2039-01-01T12:43:00.000Z'],
      ['sip:=1+1@pbx.example.com', '2039-01-02T08:00:00.000Z'],
    ]);
    // A report written before numbers were exempt from the guard ('+420…) imports too; a short row is refused.
    const older = `${REPORT_COLUMNS.join(',')}\n'+420777123457,2039-01-01T12:43:00.000Z,queued,0,,,,,,\n`;
    expect((await upload(again, older)).statusCode).toBe(200);
    expectMessage(
      await upload(again, `${REPORT_COLUMNS.join(',')}\n+420777123458,2039-01-01T12:43:00.000Z\n`),
      400,
      /Line 2: expected 10 columns/,
    );
  });
});

describe('without a dialler (CAMPAIGN_DIALLER=none, the default; issue 33)', () => {
  it('tells the browser, logs once at start and at each start, and the calls wait keeping their schedule', async () => {
    const lines: { level: number; msg?: string }[] = [];
    const logged = await createTestApp({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    const previous = t;
    t = logged;
    try {
      const warnings = () => lines.filter((l) => l.level === 40).map((l) => l.msg ?? '');
      expect(warnings().filter((m) => m.includes(NO_DIALLER_TEXT))).toHaveLength(1);
      admin = await t.admin();
      const viewer = await t.createUser({ roleId: VIEWER_ROLE_ID });
      for (const as of [admin, viewer]) {
        const dialler = await t.call('GET', '/v1/outbound/dialler', { as });
        expect(dialler.statusCode, dialler.body).toBe(200);
        expect(dialler.json()).toEqual({ kind: 'none', places_calls: false });
      }
      expect((await t.call('GET', '/v1/outbound/dialler', { as: null })).statusCode).toBe(401);

      const id = await create({ name: 'Waiting' });
      const imported = await upload(id, 'destination,scheduled_time\n+420777123456,2039-01-01 12:43 UTC\n');
      expect(imported.statusCode, imported.body).toBe(200);
      const before = (await t.call('GET', `${BASE}/${id}/calls`, { as: admin })).json();
      const started = await write('PUT', `${BASE}/${id}/state`, { state: 'running' });
      expect(started.statusCode, started.body).toBe(200);
      expect(warnings().filter((m) => /Campaign Waiting \(\d+\) was started, but no dialler/.test(m))).toHaveLength(1);
      // A pause logs nothing about diallers; the startup line stays the only other one.
      expect((await write('PUT', `${BASE}/${id}/state`, { state: 'paused' })).statusCode).toBe(200);
      expect((await write('PUT', `${BASE}/${id}/state`, { state: 'running' })).statusCode).toBe(200);
      expect(warnings().filter((m) => /no dialler/i.test(m))).toHaveLength(3);
      expect(warnings().filter((m) => m.includes(NO_DIALLER_TEXT))).toHaveLength(1);

      const after = (await t.call('GET', `${BASE}/${id}/calls`, { as: admin })).json();
      expect(after).toEqual(before);
      expect(after).toEqual([
        expect.objectContaining({
          status: 'queued',
          attempts: 0,
          scheduled_time: '2039-01-01T12:43:00.000Z',
          next_attempt_at: before[0].next_attempt_at,
        }),
      ]);
      expect((await list()).campaigns[0]).toMatchObject({ state: 'running', pending: 1, progress: { queued: 1 } });
    } finally {
      t = previous;
      admin = await t.admin();
      await logged.close();
    }
  });
});
