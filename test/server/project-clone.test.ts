import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectNameTaken } from '../../src/api/contract/projects.ts';
import { type Caller, createTestApp, DEMO_PROJECT_ID, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Caller;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterEach(async () => {
  await t.close();
});

const clone = (name: string, as: Caller | null = admin, projectId = DEMO_PROJECT_ID) =>
  t.call('POST', '/v1/projects/clone', { as, query: { project_id: projectId }, body: { name } });

async function list<T>(path: string, projectId: number): Promise<T[]> {
  const res = await t.call('GET', path, { as: admin, query: { project_id: projectId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('project clone (spec 1 §7 POST /projects/clone)', () => {
  it('copies the configuration into a new project the caller administers, without secrets, and trains it', async () => {
    await t.db
      .updateTable('project_settings')
      .set({ secrets: JSON.stringify({ sip_password_dev: 'hunter2-sip' }) })
      .where('project_id', '=', DEMO_PROJECT_ID)
      .execute();
    const res = await clone('Demo bot (copy)');
    expect(res.statusCode, res.body).toBe(200);
    const id: number = res.json().project_id;
    expect(id).not.toBe(DEMO_PROJECT_ID);

    const projects = await list<{ id: number; name: string }>('/v1/projects', id);
    expect(projects.find((p) => p.id === id)?.name).toBe('Demo bot (copy)');
    const role = await t.db
      .selectFrom('user_projects')
      .select('role_id')
      .where('project_id', '=', id)
      .where('user_id', '=', admin.userId)
      .executeTakeFirst();
    expect(role?.role_id).toBe(1);

    type Intent = { name: string; templates: string[] };
    const names = (items: Array<{ name: string }>) => items.map((i) => i.name).sort();
    const sourceIntents = await list<Intent>('/v1/intents', DEMO_PROJECT_ID);
    const cloneIntents = await list<Intent>('/v1/intents', id);
    expect(sourceIntents.length).toBeGreaterThan(0);
    expect(cloneIntents.map((i) => [i.name, [...i.templates].sort()]).sort()).toEqual(
      sourceIntents.map((i) => [i.name, [...i.templates].sort()]).sort(),
    );
    for (const path of ['/v1/synonyms', '/v1/reactions', '/v1/entities', '/v1/actions'])
      expect(names(await list(path, id)), path).toEqual(names(await list(path, DEMO_PROJECT_ID)));

    // Tests point at the clone's own reactions.
    type Test = { name: string; steps: Array<{ reactions: Array<number | string> }> };
    const cloneReactions = await list<{ id: number; name: string }>('/v1/reactions', id);
    const cloneTests = await list<Test>('/v1/tests', id);
    expect(names(cloneTests)).toEqual(names(await list<Test>('/v1/tests', DEMO_PROJECT_ID)));
    const ids = new Set(cloneReactions.map((r) => r.id));
    for (const test of cloneTests)
      for (const step of test.steps)
        for (const r of step.reactions) if (typeof r === 'number') expect(ids.has(r), `${test.name} → ${r}`).toBe(true);

    const settings = await t.db
      .selectFrom('project_settings')
      .select(['project_id', 'secrets', 'chatbot_token', 'data'])
      .where('project_id', 'in', [DEMO_PROJECT_ID, id])
      .execute();
    const source = settings.find((s) => s.project_id === DEMO_PROJECT_ID)!;
    const copy = settings.find((s) => s.project_id === id)!;
    expect(copy.secrets).toEqual({});
    expect(copy.chatbot_token).not.toBe(source.chatbot_token);
    expect(copy.data.name).toBe('Demo bot (copy)');

    const jobs = await t.db.selectFrom('jobs').select(['kind', 'project_id']).where('project_id', '=', id).execute();
    expect(jobs.map((j) => j.kind)).toContain('train-draft');
    const log = await t.db.selectFrom('users_logs').select('action').where('project_id', '=', id).execute();
    expect(log.map((l) => l.action)).toContain('Cloned project Demo bot as Demo bot (copy)');
  });

  it('refuses an existing project name with 409 and a message, whatever its case', async () => {
    const before = await t.db.selectFrom('projects').select('id').execute();
    const res = await clone(' demo BOT ');
    expect([res.statusCode, res.json().message]).toEqual([409, projectNameTaken('demo BOT')]);
    expect(await t.db.selectFrom('projects').select('id').execute()).toHaveLength(before.length);
  });

  it("needs 'Clone projects': 'Create projects' alone is refused", async () => {
    const role = (await t.db.insertInto('roles').values({ name: 'Creator' }).returning('id').executeTakeFirstOrThrow())
      .id;
    const grant = async (method: 'POST', path: string) => {
      const { id } = await t.db
        .selectFrom('permissions')
        .select('id')
        .where('method', '=', method)
        .where('path', '=', path)
        .executeTakeFirstOrThrow();
      await t.db.insertInto('role_permissions').values({ role_id: role, permission_id: id }).execute();
    };
    await grant('POST', '/projects');
    const creator = await t.createUser({ roleId: role });
    expect((await clone('Creator copy', creator)).statusCode).toBe(402);
    await grant('POST', '/projects/clone');
    expect((await clone('Creator copy', creator)).statusCode).toBe(200);
  });

  it('refuses an empty name, a caller without POST /projects, and a project the caller does not see', async () => {
    expect((await clone('  ')).statusCode).toBe(400);
    const viewer = await t.createUser({ roleId: 3 });
    expect((await clone('Mine', viewer)).statusCode).toBe(402);
    const before = await t.db.selectFrom('projects').select('id').execute();
    const outsider = await t.createUser({ roleId: 1, projectIds: [] });
    const res = await clone('Theirs', outsider);
    expect([402, 403]).toContain(res.statusCode);
    expect(await t.db.selectFrom('projects').select('id').execute()).toHaveLength(before.length);
  });
});
