import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TrackerEntry } from '../../src/api/contract/chat.ts';
import type { DeployDiff } from '../../src/api/contract/deploy-diff.ts';
import { DEPLOY_MESSAGE_REQUIRED, type Deployment, MODEL_NOT_TRAINED } from '../../src/api/contract/deployments.ts';
import type { TestRunResult } from '../../src/api/contract/tests.ts';
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

async function deploy(query: Record<string, string | number>, as: Caller = admin) {
  return t.call('GET', '/v1/run/deploy', { as, query });
}
async function deployed(query: Record<string, string | number>): Promise<Deployment> {
  const res = await deploy(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function list(query: Record<string, string | number> = {}) {
  const res = await t.call('GET', '/v1/deployments', { as: admin, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Deployment[]; total: number };
}

/** A widget's conversation in an environment (chatbot token, no cookie): the bot's answer to one message. */
async function widgetSays(env: 'dev' | 'prod', msg: string): Promise<string[]> {
  const { chatbot_token } = await t.db
    .selectFrom('project_settings')
    .select('chatbot_token')
    .where('project_id', '=', 1)
    .executeTakeFirstOrThrow();
  const token = `widget-token-${Math.random().toString(36).slice(2)}-0123456789`;
  const headers = { 'x-chatbot-token': chatbot_token };
  const init = await t.call('POST', '/v1/chat/init', {
    as: null,
    headers,
    body: {},
    query: { conversation_token: token, project_env: env },
  });
  expect(init.statusCode, init.body).toBe(200);
  const { conversation_id: id, tracker } = init.json();
  const res = await t.call('POST', '/v1/chat', {
    as: null,
    headers,
    body: { msg, last_ts: tracker.at(-1)?.timestamp ?? 0 },
    query: { id, conversation_token: token, project_env: env },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json()
    .tracker.filter((e: TrackerEntry) => e.type === 'utter' && e.args.who === 'bot')
    .map((e: TrackerEntry) => e.value);
}

async function changeOpeningHours(text: string) {
  const reactions = await t.call('GET', '/v1/reactions', { as: admin });
  const all = reactions.json();
  all.find((r: { name: string }) => r.name === 'opening_hours').actions = [{ name: 'utter', args: { text } }];
  const saved = await t.call('PUT', '/v1/reactions', {
    as: admin,
    body: all,
    query: { atime: reactions.headers['x-atime'] as string },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

const ORIGINAL = 'We are open every day from 11:00 to 22:00.';

describe('deployments', () => {
  it('freezes the draft: a production chat keeps the deployed answer while the draft is edited', async () => {
    const first = await deployed({ project_env: 'prod', message: 'First release' });
    expect(first).toMatchObject({
      project_env: 'prod',
      note: 'First release',
      users_id: admin.userId,
      user_name: 'Administrator',
      rollback_of: null,
    });
    expect(Math.abs(first.version - Date.now() / 1000)).toBeLessThan(60);

    await changeOpeningHours('Closed for holidays.');
    expect(await widgetSays('prod', 'when are you open')).toEqual([ORIGINAL]);
    // The console's chat (the draft) already says the new text.
    const draft = await t.call('POST', '/v1/chat/init', {
      as: admin,
      body: {},
      query: { conversation_token: 'draft-token-0123456789abcdef' },
    });
    const id = draft.json().conversation_id;
    const said = await t.call('POST', '/v1/chat', {
      as: admin,
      body: { msg: 'when are you open', last_ts: draft.json().tracker.at(-1).timestamp },
      query: { id, conversation_token: 'draft-token-0123456789abcdef' },
    });
    expect(
      said
        .json()
        .tracker.filter((e: TrackerEntry) => e.type === 'utter' && e.args.who === 'bot')
        .map((e: TrackerEntry) => e.value),
    ).toEqual(['Closed for holidays.']);

    // Testing has its own deployment; production is untouched by it.
    await deployed({ project_env: 'dev', message: '' });
    expect(await widgetSays('dev', 'when are you open')).toEqual(['Closed for holidays.']);
    expect(await widgetSays('prod', 'when are you open')).toEqual([ORIGINAL]);
    const row = await t.db
      .selectFrom('conversations')
      .select(['deployment_id', 'project_env'])
      .where('project_env', '=', 'prod')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.deployment_id).toBe(first.id);
  });

  it('rolls back: a new production deployment of an older snapshot', async () => {
    const first = await deployed({ project_env: 'prod', message: 'First release' });
    await changeOpeningHours('Closed for holidays.');
    const second = await deployed({ project_env: 'prod', message: 'Holidays' });
    expect(await widgetSays('prod', 'when are you open')).toEqual(['Closed for holidays.']);
    const back = await deployed({
      project_env: 'prod',
      message: `Rollback to version ${first.id}`,
      toDeploymentId: first.id,
    });
    expect(back).toMatchObject({ project_env: 'prod', rollback_of: first.id, note: `Rollback to version ${first.id}` });
    expect(back.id).toBeGreaterThan(second.id);
    expect(await widgetSays('prod', 'when are you open')).toEqual([ORIGINAL]);
    expect((await list()).items.map((d) => d.id)).toEqual([back.id, second.id, first.id]);
    // Deployments are immutable, in the database too.
    await expect(
      t.db.updateTable('deployments').set({ note: 'edited' }).where('id', '=', first.id).execute(),
    ).rejects.toThrow(/immutable/);
    expect((await deploy({ project_env: 'prod', message: 'xyz', toDeploymentId: 999999 })).statusCode).toBe(404);
    expect((await deploy({ project_env: 'dev', message: 'x', toDeploymentId: first.id })).statusCode).toBe(400);
  });

  it('promotes the build on Testing: production gets its snapshot, not the draft edited since (issue 34)', async () => {
    const first = await deployed({ project_env: 'prod', message: 'First release' });
    await changeOpeningHours('Tested on Testing.');
    const build = await deployed({ project_env: 'dev', message: 'For QA' });
    // Edited after the testing deploy: this must not go live with the promotion.
    await changeOpeningHours('Untested edit.');

    const diffOf = async (query: Record<string, string | number>): Promise<DeployDiff> => {
      const res = await t.call('GET', '/v1/run/deploy/diff', { as: admin, query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const promotion = await diffOf({ project_env: 'prod', source: 'testing' });
    expect(promotion).toMatchObject({
      source: 'testing',
      source_deployment_id: build.id,
      current_deployment_id: first.id,
      training: null,
    });
    expect(promotion.testing_build).toMatchObject({ id: build.id, project_env: 'dev', note: 'For QA', live: true });
    const reactions = promotion.resources.find((r) => r.resource === 'reactions');
    expect(reactions?.changed).toBe(1);
    expect(JSON.stringify(reactions?.items[0].after)).toContain('Tested on Testing.');
    // The draft is still offered, with the build on Testing named beside it.
    const draft = await diffOf({ project_env: 'prod' });
    expect(draft).toMatchObject({ source: 'draft', source_deployment_id: null, testing_build: { id: build.id } });
    expect(JSON.stringify(draft.resources.find((r) => r.resource === 'reactions')?.items[0].after)).toContain(
      'Untested edit.',
    );
    // Testing's own dialog names no build: there is nothing to promote to it.
    expect((await diffOf({ project_env: 'dev', source: 'testing' })).testing_build).toBeNull();

    // The gate's tests run on the build, not on the draft.
    const tests = await t.call('GET', '/v1/tests', { as: admin });
    const created = await t.call('PUT', '/v1/tests/-1', {
      as: admin,
      body: { name: 'opening', steps: [{ input: 'when are you open', reactions: ['opening_hours'] }] },
      query: { atime: tests.headers['x-atime'] as string },
    });
    const testId = created.json().id as number;
    const saidIn = async (query: Record<string, number>) => {
      const res = await t.call('GET', `/v1/run/test/${testId}`, { as: admin, query });
      expect(res.statusCode, res.body).toBe(200);
      const run = res.json() as TestRunResult;
      expect(run.result).toBe('ok');
      return run.tracker.filter((e) => e.type === 'utter' && e.args.who === 'bot').map((e) => e.value);
    };
    expect(await saidIn({ deploymentId: build.id })).toContain('Tested on Testing.');
    expect(await saidIn({})).toContain('Untested edit.');
    expect(
      (await t.call('GET', `/v1/run/test/${testId}`, { as: admin, query: { deploymentId: 999999 } })).statusCode,
    ).toBe(404);

    const promoted = await deployed({
      project_env: 'prod',
      message: 'Release what QA tested',
      toDeploymentId: build.id,
    });
    expect(promoted).toMatchObject({ project_env: 'prod', rollback_of: build.id, note: 'Release what QA tested' });
    expect(await widgetSays('prod', 'when are you open')).toEqual(['Tested on Testing.']);
    const log = await t.db.selectFrom('users_logs').select('action').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.action).toBe(`Deployed testing build ${build.id} to production: Release what QA tested`);
    // A promotion needs a message like any production deploy.
    const short = await deploy({ project_env: 'prod', message: 'ab', toDeploymentId: build.id });
    expect(short.json().message).toBe(DEPLOY_MESSAGE_REQUIRED);
  });

  it('marks the deployment each environment serves as live', async () => {
    const a = await deployed({ project_env: 'prod', message: 'one' });
    const dev = await deployed({ project_env: 'dev', message: '' });
    expect(dev.live).toBe(true);
    const b = await deployed({ project_env: 'prod', message: 'two' });
    expect(b.live).toBe(true);
    expect((await list()).items.map((d) => [d.id, d.live])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    expect((await list({ project_env: 'dev' })).items.map((d) => [d.id, d.live])).toEqual([[dev.id, true]]);
    const back = await deployed({ project_env: 'prod', message: 'back', toDeploymentId: a.id });
    expect((await list()).items.map((d) => [d.id, d.live])).toEqual([
      [back.id, true],
      [b.id, false],
      [a.id, false],
    ]);
  });

  it('validates: production needs a message, env must be given, the model must be current; permissions by env', async () => {
    const short = await deploy({ project_env: 'prod', message: ' ab ' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(DEPLOY_MESSAGE_REQUIRED);
    expect((await deploy({ message: 'hello' })).statusCode).toBe(400);
    expect((await deploy({ project_env: 'dev' })).statusCode).toBe(200);

    // A template added after training: the stored model is stale, deploying refuses with a clear message.
    const intents = await t.call('GET', '/v1/intents', { as: admin });
    const help = intents.json().find((i: { name: string }) => i.name === 'help');
    const added = await t.call('PUT', `/v1/intent/${help.id}/template`, {
      as: admin,
      body: { template: 'what else can you do' },
      query: { atime: intents.headers['x-atime'] as string },
    });
    expect(added.statusCode, added.body).toBe(200);
    const stale = await deploy({ project_env: 'dev' });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(MODEL_NOT_TRAINED);

    const viewer = await t.createUser({ roleId: 3 });
    expect((await deploy({ project_env: 'dev' }, viewer)).statusCode).toBe(402);
    expect((await t.call('GET', '/v1/deployments', { as: viewer })).statusCode).toBe(200);
  });

  it('filters on the server: version and created ranges (whole day), user substring, environment (production by default)', async () => {
    const editor = await t.createUser({ roleId: 2, email: 'editor-deployer@example.com' });
    const a = await deployed({ project_env: 'prod', message: 'one' });
    const b = (await deploy({ project_env: 'prod', message: 'two' }, editor)).json() as Deployment;
    const c = await deployed({ project_env: 'dev', message: 'three' });
    expect((await list()).items.map((d) => d.id)).toEqual([b.id, a.id]);
    expect((await list({ project_env: 'dev' })).items.map((d) => d.id)).toEqual([c.id]);
    expect((await list({ user: 'ADMINISTR' })).items.map((d) => d.id)).toEqual([a.id]);
    expect((await list({ user: 'test user' })).items.map((d) => d.id)).toEqual([b.id]);
    expect((await list({ user: '%' })).items).toEqual([]);
    expect((await list({ version_from: a.version, version_to: b.version })).total).toBe(2);
    expect((await list({ version_from: b.version + 10 })).items).toEqual([]);
    const dayStart = Math.floor(Date.now() / 1000 / 86400) * 86400;
    // 'to' is the start of today: the whole day is included.
    expect((await list({ created_from: dayStart, created_to: dayStart })).total).toBe(2);
    expect((await list({ created_to: dayStart - 86400 })).total).toBe(0);
    expect((await list({ created_from: dayStart + 86400 })).total).toBe(0);
    expect((await list({ limit: 1 })).items.map((d) => d.id)).toEqual([b.id]);
  });
});
