import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGES, VOICES } from '../../src/api/contract/platform.ts';
import { SECRET_PLACEHOLDER } from '../../src/api/contract/settings.ts';
import { supportedLanguages } from '../../server/nlu/languages/registry.ts';
import { DEMO_CONFIDENCE_THRESHOLD } from '../../server/features/training/demo-language-model.ts';
import { type Caller, type TestApp, createTestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Caller;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterEach(async () => {
  await t.close();
});

const getSettings = async (as: Caller = admin) => {
  const res = await t.call('GET', '/v1/settings', { as });
  expect(res.statusCode).toBe(200);
  return { body: res.json(), atime: String(res.headers['x-atime']) };
};
const putSettings = (body: unknown, atime: string, as: Caller = admin) =>
  t.call('PUT', '/v1/settings', { as, body, query: { atime } });

describe('settings', () => {
  it('answers every field of spec 2 §3 with defaults for a new project, and x-atime', async () => {
    const { body, atime } = await getSettings();
    for (const field of [
      'name',
      'instances_dev',
      'instances_prod',
      'context_phrases',
      'confidence_threshold',
      'voices_id',
      'voice_pitch',
      'voice_speed',
      'long_silence_utter',
      'long_silence_timeout',
      'long_silence_retries',
      'long_silence_hangup_utter',
      'sip_server_dev',
      'sip_number_dev',
      'sip_password_dev',
      'sip_server_prod',
      'sip_number_prod',
      'sip_password_prod',
      'stt_corrections',
      'stt_provider',
      'autocorrect_threshold',
      'is_chat',
      'language',
      'chatbot_client_scss',
      'chatbot_client_js',
      'config_struct',
      'config_dev',
      'config_prod',
      'multi_intent',
      'chatbot_base_url',
      'chatbot_token',
      'conversations_retention',
      'id',
    ]) {
      expect(body, field).toHaveProperty(field);
    }
    // The seeded demo sets its threshold by hand (a new project has none: the model's own, from its cross-validation).
    expect(body.confidence_threshold).toBe(DEMO_CONFIDENCE_THRESHOLD);
    expect(body.id).toBe(1);
    expect(body.chatbot_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Number(atime)).toBeGreaterThanOrEqual(0);
  });

  it('saves a change, renames the project with it, and answers the new x-atime', async () => {
    const { atime } = await getSettings();
    const res = await putSettings(
      { name: 'Renamed bot', confidence_threshold: 0.7, context_phrases: ['balance'] },
      atime,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed bot', confidence_threshold: 0.7, context_phrases: ['balance'] });
    expect(BigInt(String(res.headers['x-atime']))).toBeGreaterThan(BigInt(atime));
    const project = await t.db.selectFrom('projects').select('name').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(project.name).toBe('Renamed bot');
    expect((await getSettings()).body.confidence_threshold).toBe(0.7);
  });

  it('never answers a SIP password in clear; a PUT without a new one keeps it, an empty one clears it', async () => {
    let { atime } = await getSettings();
    let res = await putSettings({ sip_password_prod: 'very-secret-1' }, atime);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('very-secret-1');
    expect(res.json()).toMatchObject({
      sip_password_prod: SECRET_PLACEHOLDER,
      has_sip_password_prod: true,
      has_sip_password_dev: false,
    });
    atime = String(res.headers['x-atime']);
    res = await putSettings({ name: 'Other', sip_password_prod: SECRET_PLACEHOLDER }, atime);
    expect(res.json().has_sip_password_prod).toBe(true);
    atime = String(res.headers['x-atime']);
    res = await putSettings({ name: 'Other again' }, atime);
    expect(res.json().has_sip_password_prod).toBe(true);
    const got = await t.call('GET', '/v1/settings', { as: admin });
    expect(got.body).not.toContain('very-secret-1');
    const history = await t.db.selectFrom('revisions').select('data').where('resource', '=', '/settings').execute();
    expect(JSON.stringify(history)).not.toContain('very-secret-1');
    const stored = await t.db
      .selectFrom('project_settings')
      .select('secrets')
      .where('project_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(stored.secrets.sip_password_prod).toBe('very-secret-1');
    res = await putSettings({ sip_password_prod: '' }, String(res.headers['x-atime']));
    expect(res.json()).toMatchObject({ sip_password_prod: '', has_sip_password_prod: false });
  });

  it.each([
    [{ confidence_threshold: 1.5 }, 'Confidence threshold must be between 0 and 1.'],
    [{ instances_prod: -1 }, 'Instances for production must be at least 0.'],
    [{ stt_provider: 'nope' }, 'Speech-to-text provider must be one of'],
    [{ language: 'xx' }, 'Language must be one of'],
    [{ voices_id: 'robot' }, 'Unknown voice'],
    [{ name: '' }, 'Name cannot be empty.'],
    [{ chatbot_base_url: 'javascript:alert(1)' }, 'Chatbot base URL must start with http:// or https://.'],
    [{ long_silence_utter: 'x'.repeat(1001) }, 'at most 1000 characters'],
    [{ config_dev: [1, 2] }, 'must be a JSON object'],
    [{ is_chat: 'yes' }, 'Chat only must be true or false.'],
    [{ name: 'a\u0000b' }, 'cannot contain NUL'],
  ])('refuses %j with a readable message', async (body, message) => {
    const { atime } = await getSettings();
    const res = await putSettings(body, atime);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('ignores fields a PUT may not set (id, chatbot token, project)', async () => {
    const { body: before, atime } = await getSettings();
    const res = await putSettings({ id: 99, chatbot_token: 'mine', project_id: 2, has_sip_password_dev: true }, atime);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 1, chatbot_token: before.chatbot_token, has_sip_password_dev: false });
  });

  it('answers 428 without atime and 409 with a stale one', async () => {
    const { atime } = await getSettings();
    expect((await t.call('PUT', '/v1/settings', { as: admin, body: { name: 'x' } })).statusCode).toBe(428);
    expect((await putSettings({ name: 'first' }, atime)).statusCode).toBe(200);
    const stale = await putSettings({ name: 'second' }, atime);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Conflict! Data not saved.');
    expect((await getSettings()).body.name).toBe('first');
  });

  it('lets a viewer read but not write settings (402)', async () => {
    const viewer = await t.createUser({ roleId: 3 });
    const { atime } = await getSettings(viewer);
    const res = await putSettings({ name: 'viewer was here' }, atime, viewer);
    expect(res.statusCode).toBe(402);
  });

  it('renews the chatbot token and shows it', async () => {
    const first = await t.call('GET', '/v1/project/api-token', { as: admin });
    expect(first.statusCode).toBe(200);
    const renewed = await t.call('PUT', '/v1/project/api-token', {
      as: admin,
      query: { atime: String(first.headers['x-atime']) },
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().token).not.toBe(first.json().token);
    expect((await getSettings()).body.chatbot_token).toBe(renewed.json().token);
  });

  it('gives a new project its own default settings', async () => {
    const created = await t.call('POST', '/v1/projects', { as: admin, body: { name: 'Czech bot', language: 'cs' } });
    expect(created.statusCode).toBe(200);
    const projectId = created.json().project_id;
    const res = await t.call('GET', '/v1/settings', { as: admin, query: { project_id: projectId } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: projectId,
      name: 'Czech bot',
      language: 'cs',
      voices_id: 'espeak-cs-female',
    });
  });
});

describe('reference lists and platform settings', () => {
  it('lists the languages the language model supports and real voices', async () => {
    const languages = await t.call('GET', '/v1/languages', { as: admin });
    expect(
      languages
        .json()
        .map((l: { code: string }) => l.code)
        .sort(),
    ).toEqual(supportedLanguages().sort());
    expect(LANGUAGES.length).toBeGreaterThan(0);
    const voices = await t.call('GET', '/v1/voices', { as: admin });
    expect(voices.json()).toHaveLength(VOICES.length);
  });

  it('keeps the maximum password age off by default and lets an administrator set it', async () => {
    const got = await t.call('GET', '/v1/platform/settings', { as: admin });
    expect(got.json()).toEqual({ max_password_age_days: null, require_otp: false });
    const put = await t.call('PUT', '/v1/platform/settings', {
      as: admin,
      body: { max_password_age_days: 180 },
      query: { atime: String(got.headers['x-atime']) },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ max_password_age_days: 180, require_otp: false });
    const bad = await t.call('PUT', '/v1/platform/settings', {
      as: admin,
      body: { max_password_age_days: 0 },
      query: { atime: String(put.headers['x-atime']) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('at least 1 day');
    const editor = await t.createUser({ roleId: 2 });
    expect((await t.call('GET', '/v1/platform/settings', { as: editor })).statusCode).toBe(402);
    // Platform access is open to everyone in the console (issue 34); the server still refuses their writes.
    const atime = { atime: String(put.headers['x-atime']) };
    const write = await t.call('PUT', '/v1/platform/settings', {
      as: editor,
      body: { require_otp: true },
      query: atime,
    });
    expect(write.statusCode).toBe(402);
    const company = await t.call('PUT', '/v1/companies/-1', { as: editor, body: { name: 'Sneaky' }, query: atime });
    expect(company.statusCode).toBe(402);
    expect((await t.call('GET', '/v1/companies', { as: editor })).statusCode).toBe(200);
  });

  it('creates, renames and deletes a company; refuses deleting one in use', async () => {
    const list = await t.call('GET', '/v1/companies', { as: admin });
    expect(list.json()).toEqual([expect.objectContaining({ id: 1, name: 'Demo' })]);
    let atime = String(list.headers['x-atime']);
    const created = await t.call('PUT', '/v1/companies/-1', { as: admin, body: { name: 'Acme' }, query: { atime } });
    expect(created.statusCode).toBe(200);
    const id = created.json().id;
    atime = String(created.headers['x-atime']);
    const dup = await t.call('PUT', `/v1/companies/${id}`, { as: admin, body: { name: 'demo' }, query: { atime } });
    expect(dup.json().message).toBe('Duplicit company name');
    const inUse = await t.call('DELETE', '/v1/companies/1', { as: admin, query: { atime } });
    expect(inUse.statusCode).toBe(400);
    const deleted = await t.call('DELETE', `/v1/companies/${id}`, { as: admin, query: { atime } });
    expect(deleted.statusCode).toBe(200);
    expect(
      (await t.call('DELETE', '/v1/companies/999', { as: admin, query: { atime: String(deleted.headers['x-atime']) } }))
        .statusCode,
    ).toBe(404);
  });

  it('resets a user one-time code', async () => {
    const user = await t.createUser({ roleId: 2 });
    await t.db.updateTable('users').set({ otp_secret: 'JBSWY3DPEHPK3PXP' }).where('id', '=', user.userId).execute();
    const users = await t.call('GET', '/v1/users', { as: admin });
    const res = await t.call('POST', `/v1/users/${user.userId}/otp-reset`, {
      as: admin,
      query: { atime: String(users.headers['x-atime'] ?? 0) },
    });
    expect(res.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select('otp_secret')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(row.otp_secret).toBeNull();
    expect((await t.call('POST', '/v1/users/99999/otp-reset', { as: admin, query: { atime: 0 } })).statusCode).toBe(
      404,
    );
  });
});
