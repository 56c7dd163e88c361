import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeployDiff } from '../../src/api/contract/deploy-diff.ts';
import type { Deployment } from '../../src/api/contract/deployments.ts';
import { diffResource } from '../../server/features/deployments/deploy-diff.ts';
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

async function diff(query: Record<string, string | number>, as: Caller = admin) {
  return t.call('GET', '/v1/run/deploy/diff', { as, query });
}
async function diffOf(query: Record<string, string | number>): Promise<DeployDiff> {
  const res = await diff(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function deployed(query: Record<string, string | number>): Promise<Deployment> {
  const res = await t.call('GET', '/v1/run/deploy', { as: admin, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** Only the resources that change, as `resource: added/changed/removed`. */
const summary = (d: DeployDiff) =>
  Object.fromEntries(
    d.resources
      .filter((r) => r.added + r.changed + r.removed > 0)
      .map((r) => [r.resource, `${r.added}/${r.changed}/${r.removed}`]),
  );

async function changeReaction(name: string, text: string) {
  const reactions = await t.call('GET', '/v1/reactions', { as: admin });
  const all = reactions.json();
  all.find((r: { name: string }) => r.name === name).actions = [{ name: 'utter', args: { text } }];
  const saved = await t.call('PUT', '/v1/reactions', {
    as: admin,
    body: all,
    query: { atime: reactions.headers['x-atime'] as string },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('deploy diff', () => {
  it('before the first deployment everything is added; after it nothing changes', async () => {
    const first = await diffOf({ project_env: 'prod' });
    expect(first.current_deployment_id).toBeNull();
    const intents = first.resources.find((r) => r.resource === 'intents')!;
    const count = (await t.call('GET', '/v1/intents', { as: admin })).json().length;
    expect(intents).toMatchObject({ added: count, changed: 0, removed: 0, truncated: 0 });
    expect(intents.items).toHaveLength(count);
    expect(first.resources.map((r) => r.resource)).toEqual([
      'reactions',
      'intents',
      'synonyms',
      'entities',
      'actions',
      'scopes',
      'settings',
      'knowledges',
    ]);
    expect(first.training).toMatchObject({ stale: false, state: 'done' });
    // The chatbot token is a secret and never part of a deployment.
    const settings = first.resources.find((r) => r.resource === 'settings')!;
    expect(settings.items.map((i) => i.key)).not.toContain('chatbot_token');
    expect(settings.items.map((i) => i.key)).toContain('language');

    const deployment = await deployed({ project_env: 'prod', message: 'First release' });
    const after = await diffOf({ project_env: 'prod' });
    expect(after.current_deployment_id).toBe(deployment.id);
    expect(summary(after)).toEqual({});
    // Testing has its own deployments: still everything to add there.
    expect(summary(await diffOf({ project_env: 'dev' })).intents).toBe(`${count}/0/0`);
  });

  it('shows exactly the changed items, says when the model is stale, and a rollback shows the reverse', async () => {
    const first = await deployed({ project_env: 'prod', message: 'First release' });
    await changeReaction('opening_hours', 'Closed for holidays.');
    const intents = await t.call('GET', '/v1/intents', { as: admin });
    const help = intents.json().find((i: { name: string }) => i.name === 'help');
    const added = await t.call('PUT', `/v1/intent/${help.id}/template`, {
      as: admin,
      body: { template: 'what else can you do' },
      query: { atime: intents.headers['x-atime'] as string },
    });
    expect(added.statusCode, added.body).toBe(200);

    const d = await diffOf({ project_env: 'prod' });
    expect(summary(d)).toEqual({ reactions: '0/1/0', intents: '0/1/0' });
    const reaction = d.resources.find((r) => r.resource === 'reactions')!.items[0]!;
    expect(reaction).toMatchObject({ name: 'opening_hours', change: 'changed' });
    expect(JSON.stringify(reaction.after)).toContain('Closed for holidays.');
    expect(JSON.stringify(reaction.before)).not.toContain('Closed for holidays.');
    const intent = d.resources.find((r) => r.resource === 'intents')!.items[0]!;
    expect(intent).toMatchObject({ name: 'help', change: 'changed' });
    expect((intent.after as { templates: string[] }).templates).toContain('what else can you do');
    expect(d.training?.stale).toBe(true);

    // Roll the reaction change out (the intent change needs training first), then look at rolling it back.
    const removed = await t.call('DELETE', `/v1/intent/${help.id}/template`, {
      as: admin,
      query: {
        template: 'what else can you do',
        atime: (await t.call('GET', '/v1/intents', { as: admin })).headers['x-atime'] as string,
      },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const second = await deployed({ project_env: 'prod', message: 'Holidays' });
    expect(summary(await diffOf({ project_env: 'prod' }))).toEqual({});
    const back = await diffOf({ project_env: 'prod', toDeploymentId: first.id });
    expect(back).toMatchObject({ current_deployment_id: second.id, rollback_of: first.id, training: null });
    expect(summary(back)).toEqual({ reactions: '0/1/0' });
    const undone = back.resources[0]!.items[0]!;
    expect(JSON.stringify(undone.before)).toContain('Closed for holidays.');
    expect(JSON.stringify(undone.after)).not.toContain('Closed for holidays.');
  });

  it('validates and enforces the deploy permission of the environment', async () => {
    expect((await diff({})).statusCode).toBe(400);
    expect((await diff({ project_env: 'dev', toDeploymentId: 1 })).statusCode).toBe(400);
    expect((await diff({ project_env: 'prod', toDeploymentId: 999999 })).statusCode).toBe(404);
    const viewer = await t.createUser({ roleId: 3 });
    expect((await diff({ project_env: 'dev' }, viewer)).statusCode).toBe(402);
    expect((await diff({ project_env: 'prod' }, viewer)).statusCode).toBe(402);
  });

  it('counts exactly but sends at most the cap of items; key order does not make a change', () => {
    const before = [
      { key: '1', name: 'a', value: { x: 1, y: 2 } },
      { key: '2', name: 'b', value: { x: 1 } },
    ];
    const after = [
      { key: '1', name: 'a', value: { y: 2, x: 1 } },
      { key: '3', name: 'c', value: {} },
      { key: '4', name: 'd', value: {} },
    ];
    const r = diffResource('r', 'R', before, after, 2);
    expect(r).toMatchObject({ added: 2, changed: 0, removed: 1, truncated: 1 });
    expect(r.items.map((i) => `${i.change} ${i.key}`)).toEqual(['added 3', 'added 4']);
  });
});
