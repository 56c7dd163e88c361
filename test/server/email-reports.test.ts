// Issue 37 §2: email reports, mailed through a real SMTP server on loopback and parsed back; their figures are
// GET /v1/stats's, each scheduled period is mailed once however many instances run, failures are told plainly.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EmailReport, EmailReportBody } from '../../src/api/contract/email-reports.ts';
import type { Stats } from '../../src/api/contract/stats.ts';
import { buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { seedDemoHistory } from '../../server/features/chat/demo-history.ts';
import { sendsOf } from '../../server/features/email-reports/email-report-sends.ts';
import { EmailReportSender } from '../../server/features/email-reports/email-report-sender.ts';
import { lastWholePeriod } from '../../server/features/email-reports/report-period.ts';
import { createSmtpMailer } from '../../server/features/email-reports/smtp-mailer.ts';
import { type Caller, type TestApp, createTestApp } from './helpers/test-app.ts';
import { type SmtpInbox, startSmtpInbox } from './helpers/smtp-inbox.ts';
import { testBackend } from './helpers/test-database.ts';

const FROM = 'bot-console@example.com';
const weekly: EmailReportBody = {
  name: 'Weekly figures',
  project_env: 'prod',
  period: 'weekly',
  tz: 'Europe/Prague',
  recipients: ['ops@example.com', 'boss@example.com'],
  sections: ['headline', 'top_intents', 'top_unclassified', 'knowledge', 'campaigns'],
  enabled: false,
};

let inbox: SmtpInbox;
let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  inbox = await startSmtpInbox({
    recipient: (a) => (a.startsWith('nobody@') ? { code: 550, message: '5.1.1 No such user here' } : null),
  });
  // The app's own schedule stays quiet here (an hour between looks); the tests below tick senders themselves.
  t = await createTestApp({ config: { smtp: { url: inbox.url, from: FROM }, emailReportsTickMs: 3_600_000 } });
  admin = await t.admin();
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});
afterEach(() => {
  inbox.messages.length = 0;
});

const atime = async () => String((await t.call('GET', '/v1/email-reports', { as: admin })).headers['x-atime']);
async function create(body: EmailReportBody): Promise<number> {
  const res = await t.call('PUT', '/v1/email-reports/-1', { as: admin, body, query: { atime: await atime() } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}
async function list(): Promise<EmailReport[]> {
  const res = await t.call('GET', '/v1/email-reports', { as: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('email reports: the store', () => {
  it('creates, lists, updates with atime (409 when stale), keeps History and audits deletions', async () => {
    const before = Number(await atime());
    const id = await create(weekly);
    const stale = String(before);
    const conflict = await t.call('PUT', `/v1/email-reports/${id}`, {
      as: admin,
      body: { ...weekly, name: 'Too late' },
      query: { atime: stale },
    });
    expect(conflict.statusCode).toBe(409);
    const saved = await t.call('PUT', `/v1/email-reports/${id}`, {
      as: admin,
      body: { ...weekly, name: 'Monday figures', recipients: [' OPS@Example.com '] },
      query: { atime: await atime() },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const afterUpdate = Number(saved.headers['x-atime']);
    expect((await list()).find((r) => r.id === id)).toMatchObject({
      name: 'Monday figures',
      recipients: ['ops@example.com'],
      last_send: null,
    });
    const history = await t.call('GET', '/v1/email-reports', { as: admin, query: { mtime: afterUpdate - 1 } });
    expect((history.json() as EmailReport[]).find((r) => r.id === id)?.name).toBe('Weekly figures');
    const gone = await t.call('DELETE', `/v1/email-reports/${id}`, { as: admin, query: { atime: await atime() } });
    expect(gone.statusCode).toBe(200);
    const deleted = await t.call('GET', '/v1/audit/deleted', { as: admin, query: { mtime: before } });
    expect(deleted.json()).toContainEqual(
      expect.objectContaining({ resource: '/email-reports', item_id: String(id), name: 'Monday figures' }),
    );
    expect(
      (await t.call('DELETE', `/v1/email-reports/${id}`, { as: admin, query: { atime: await atime() } })).statusCode,
    ).toBe(404);
  });

  it("answers 404 for another project's report, and lists only the project's own", async () => {
    const other = (
      await t.db
        .insertInto('projects')
        .values({ name: 'Elsewhere', company_id: 1, language: 'en' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const theirs = (
      await t.db
        .insertInto('email_reports')
        .values({
          project_id: other,
          name: 'Their figures',
          project_env: 'prod',
          period: 'daily',
          tz: 'UTC',
          recipients: JSON.stringify(['them@example.com']),
          sections: JSON.stringify(['headline']),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const stamp = await atime();
    const put = await t.call('PUT', `/v1/email-reports/${theirs}`, {
      as: admin,
      body: weekly,
      query: { atime: stamp },
    });
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe('Email report not found.');
    expect(
      (await t.call('DELETE', `/v1/email-reports/${theirs}`, { as: admin, query: { atime: stamp } })).statusCode,
    ).toBe(404);
    expect((await t.call('POST', `/v1/email-reports/${theirs}/send`, { as: admin })).statusCode).toBe(404);
    expect((await list()).map((r) => r.name)).not.toContain('Their figures');
    expect(inbox.messages).toHaveLength(0);
  });

  it('refuses bad input with messages a person can act on', async () => {
    const refused = async (body: unknown) => {
      const res = await t.call('PUT', '/v1/email-reports/-1', { as: admin, body, query: { atime: await atime() } });
      expect(res.statusCode).toBe(400);
      return res.json().message as string;
    };
    expect(await refused({ ...weekly, recipients: ['not an address'] })).toContain('not a valid email address');
    expect(await refused({ ...weekly, recipients: [] })).toContain('Add at least one recipient.');
    expect(await refused({ ...weekly, tz: 'Mars/Olympus' })).toContain('Unknown time zone.');
    expect(await refused({ ...weekly, period: 'hourly' })).toContain('Period is daily, weekly or monthly.');
  });

  it("needs the grant, and the statistics of the report's environment", async () => {
    const permission = async (method: string, path: string, env: 'dev' | 'prod' | null = null) =>
      (
        await t.db
          .selectFrom('permissions')
          .select('id')
          .where('method', '=', method as 'GET')
          .where('path', '=', path)
          .$call((q) => (env ? q.where('project_env', '=', env) : q.where('project_env', 'is', null)))
          .executeTakeFirstOrThrow()
      ).id;
    const { id: roleId } = await t.db
      .insertInto('roles')
      .values({ name: 'Reports without production' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const permission_id of [
      await permission('GET', '/email-reports'),
      await permission('PUT', '/email-reports'),
      await permission('GET', '/stats', 'dev'),
    ]) {
      await t.db.insertInto('role_permissions').values({ role_id: roleId, permission_id }).execute();
    }
    const user = await t.createUser({ roleId });
    const outsider = await t.createUser({});
    const stamp = await atime();
    expect((await t.call('GET', '/v1/email-reports', { as: outsider })).statusCode).toBe(402);
    const prod = await t.call('PUT', '/v1/email-reports/-1', { as: user, body: weekly, query: { atime: stamp } });
    expect(prod.statusCode).toBe(402);
    const dev = await t.call('PUT', '/v1/email-reports/-1', {
      as: user,
      body: { ...weekly, project_env: 'dev' },
      query: { atime: stamp },
    });
    expect(dev.statusCode, dev.body).toBe(200);
  });
});

/** The plain-text line of a figure: "- Label: value (previous period p, change c)" → [value, previous]. */
function figure(text: string, label: string): [string, string] {
  const line = text.split('\n').find((l) => l.startsWith(`- ${label}: `));
  if (!line) throw new Error(`no line for ${label} in\n${text}`);
  const m = /^- [^:]+: (\S+) \(previous period (\S+), change \S+\)$/.exec(line);
  if (!m) throw new Error(`bad line ${line}`);
  return [m[1]!, m[2]!];
}

describe('email reports: mailing', () => {
  it("mails a weekly report whose figures equal GET /v1/stats's for the same week, HTML, text and PNG charts", async () => {
    const adminId = admin.userId;
    await seedDemoHistory(t.db, 1, adminId);
    const id = await create({ ...weekly, name: 'Weekly figures (mail)' });
    const res = await t.call('POST', `/v1/email-reports/${id}/send`, { as: admin });
    expect(res.statusCode, res.body).toBe(200);
    const week = lastWholePeriod('weekly', 'Europe/Prague', new Date());
    expect(res.json()).toMatchObject({ kind: 'test', status: 'sent', from: week.from, to: week.to, error: null });
    expect(res.json().delivered.sort()).toEqual(['boss@example.com', 'ops@example.com']);
    await inbox.waitFor(1);
    const { to, mail } = inbox.messages[0]!;
    expect(to.sort()).toEqual(['boss@example.com', 'ops@example.com']);
    expect(mail.from?.text).toContain(FROM);
    expect(mail.subject).toContain(`${week.from} to ${week.to}`);
    // mailparser puts each cid: picture into the HTML as a data: URL.
    expect(mail.html).toContain('data:image/png;base64,');
    const pngs = mail.attachments.filter((a) => a.contentType === 'image/png');
    expect(pngs.map((a) => a.cid).sort()).toEqual(['conversations-chart', 'intents-chart']);
    for (const png of pngs) expect(png.content.subarray(1, 4).toString()).toBe('PNG');

    const stats = (
      await t.call('GET', '/v1/stats', {
        as: admin,
        query: { project_env: 'prod', from: week.from, to: week.to, tz: 'Europe/Prague' },
      })
    ).json() as Stats;
    expect(stats.totals.conversations).toBeGreaterThan(0);
    const text = mail.text ?? '';
    const count = (v: number | null | undefined) => (v === null || v === undefined ? '–' : String(v));
    const share = (v: number | null) => (v === null ? '–' : `${(v * 100).toFixed(1)}%`);
    expect(figure(text, 'Conversations')).toEqual([
      count(stats.totals.conversations),
      count(stats.previous.conversations),
    ]);
    expect(figure(text, 'User messages')).toEqual([
      count(stats.totals.user_messages),
      count(stats.previous.user_messages),
    ]);
    expect(figure(text, 'Unique callers')).toEqual([
      count(stats.totals.unique_callers),
      count(stats.previous.unique_callers),
    ]);
    expect(figure(text, 'Transferred')).toEqual([count(stats.totals.transferred), count(stats.previous.transferred)]);
    expect(figure(text, 'Ended')).toEqual([count(stats.totals.ended), count(stats.previous.ended)]);
    expect(figure(text, 'Abandoned')).toEqual([count(stats.totals.abandoned), count(stats.previous.abandoned)]);
    expect(figure(text, 'Containment')).toEqual([share(stats.totals.containment), share(stats.previous.containment)]);
    expect(figure(text, 'Fallback share')).toEqual([
      share(stats.totals.fallback_share),
      share(stats.previous.fallback_share),
    ]);
    expect(figure(text, 'Answered from the knowledge base')).toEqual([
      count(stats.totals.knowledge_answers),
      count(stats.previous.knowledge_answers),
    ]);
    expect(stats.top_intents.length).toBeGreaterThan(0);
    for (const { intent, count: n } of stats.top_intents) expect(text).toContain(`- ${intent}: ${n}\n`);
    for (const { text: phrase, count: n } of stats.top_unclassified) expect(text).toContain(`- ${phrase}: ${n}\n`);
    for (const { result, calls } of stats.campaign_calls) expect(text).toContain(`- ${result}: ${calls}\n`);
    // The screen shows the last send.
    expect((await list()).find((r) => r.id === id)?.last_send).toMatchObject({ status: 'sent', kind: 'test' });
  }, 60_000);

  it('tells which recipient the server refused, and does not count the report as sent', async () => {
    const id = await create({ ...weekly, name: 'Half refused', recipients: ['ops@example.com', 'nobody@example.com'] });
    const res = await t.call('POST', `/v1/email-reports/${id}/send`, { as: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'failed', delivered: ['ops@example.com'] });
    expect(res.json().error).toContain('refused some recipients: nobody@example.com');
    expect(res.json().error).toContain('550');
    const all = await create({ ...weekly, name: 'All refused', recipients: ['nobody@example.com'] });
    const none = (await t.call('POST', `/v1/email-reports/${all}/send`, { as: admin })).json();
    expect(none).toMatchObject({ status: 'failed', delivered: [] });
    expect(none.error).toContain('refused every recipient: nobody@example.com');
    expect((await list()).find((r) => r.id === all)?.last_send?.status).toBe('failed');
  });

  it('says so when the SMTP server refuses mail or cannot be reached', async () => {
    const refusing = await startSmtpInbox({ sender: () => ({ code: 554, message: '5.7.1 Relaying denied' }) });
    const report = { id: await create({ ...weekly, name: 'Refused' }), project_id: 1 };
    try {
      const sender = new EmailReportSender({
        db: t.db,
        mailer: createSmtpMailer({ url: refusing.url, from: FROM }),
        tickMs: 1,
      });
      const refused = await sender.sendNow(1, report.id);
      expect(refused.status).toBe('failed');
      expect(refused.error).toMatch(/refused the sender: 554 5\.7\.1 Relaying denied/);
      await sender.stop();
    } finally {
      await refusing.close();
    }
    const gone = new EmailReportSender({
      db: t.db,
      mailer: createSmtpMailer({ url: refusing.url, from: FROM }),
      tickMs: 1,
    });
    const unreachable = await gone.sendNow(1, report.id);
    expect(unreachable).toMatchObject({ status: 'failed', delivered: [] });
    expect(unreachable.error).toMatch(/cannot be reached/);
    await gone.stop();
    const unconfigured = new EmailReportSender({ db: t.db, mailer: null, tickMs: 1 });
    expect((await unconfigured.sendNow(1, report.id)).error).toContain('Email is not configured on the server');
  });

  it('retries a scheduled mailing with backoff after a temporary refusal, then sends it once', async () => {
    let refuse = true;
    const flaky = await startSmtpInbox({
      recipient: () => (refuse ? { code: 451, message: '4.3.0 Try again later' } : null),
    });
    const id = await create({ ...weekly, name: 'Flaky', enabled: true, recipients: ['ops@example.com'] });
    await t.db
      .updateTable('email_reports')
      .set({ created_at: sql`'2020-01-01'::timestamptz` })
      .where('id', '=', id)
      .execute();
    let now = new Date();
    const sender = new EmailReportSender({
      db: t.db,
      mailer: createSmtpMailer({ url: flaky.url, from: FROM }),
      tickMs: 1,
      now: () => now,
      retryDelaysMs: [60_000],
    });
    try {
      await sender.tick();
      const [first] = await sendsOf(t.db, id);
      expect(first).toMatchObject({ kind: 'scheduled', status: 'retrying', attempts: 1 });
      expect(first!.error).toContain('451');
      expect((await list()).find((r) => r.id === id)?.last_send?.next_attempt_at).toBe(
        new Date(now.getTime() + 60_000).toISOString(),
      );
      refuse = false;
      await sender.tick(); // not due yet
      expect((await sendsOf(t.db, id))[0]).toMatchObject({ status: 'retrying', attempts: 1 });
      now = new Date(now.getTime() + 61_000);
      await sender.tick();
      await sender.tick();
      const sends = await sendsOf(t.db, id);
      expect(sends).toHaveLength(1);
      expect(sends[0]).toMatchObject({ status: 'sent', attempts: 2, delivered: ['ops@example.com'], error: null });
      expect(flaky.messages).toHaveLength(1);
    } finally {
      await sender.stop();
      await flaky.close();
      await t.db.deleteFrom('email_reports').where('id', '=', id).execute();
    }
  });
});

describe('email reports: several instances', () => {
  it('two app instances on one database mail each period once', async () => {
    const id = await create({ ...weekly, name: 'Twice?', enabled: true, recipients: ['ops@example.com'] });
    await t.db
      .updateTable('email_reports')
      .set({ created_at: sql`'2020-01-01'::timestamptz` })
      .where('id', '=', id)
      .execute();
    // Each instance its own connection pool on PostgreSQL; PGlite is one process, so both share its database.
    const second =
      testBackend() === 'postgres' ? await openDatabase({ databaseUrl: t.database.location, dataDir: '' }) : null;
    const config = {
      ...readConfig({}),
      distDir: '/nonexistent',
      smtp: { url: inbox.url, from: FROM },
      emailReportsTickMs: 20,
    };
    const apps: FastifyInstance[] = [];
    try {
      for (const db of [t.db, second?.db ?? t.db]) {
        const app = await buildApp({ db, config: { ...config, jobsInProcess: false } });
        await app.ready();
        apps.push(app);
      }
      const deadline = Date.now() + 20_000;
      while ((await sendsOf(t.db, id))[0]?.status !== 'sent') {
        if (Date.now() > deadline) throw new Error(JSON.stringify(await sendsOf(t.db, id)));
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      // Many more ticks of both: nothing more is mailed.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await sendsOf(t.db, id)).toHaveLength(1);
      expect(inbox.messages.filter((m) => m.mail.subject?.startsWith('Twice?'))).toHaveLength(1);
    } finally {
      for (const app of apps) await app.close();
      await second?.close();
      await t.db.deleteFrom('email_reports').where('id', '=', id).execute();
    }
  });
});
