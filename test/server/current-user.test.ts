// GET /users/me and the permission hook read the caller in one statement (server/auth/current-user.ts): each part
// of the answer against the tables it comes from, for project roles, a system role, both, and an inactive user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser, Grant } from '../../src/api/contract/users.ts';
import { ADMINISTRATOR_ROLE_ID, DEFAULT_ROLE_ID, VIEWER_ROLE_ID } from '../../server/features/users/default-roles.ts';
import { type Caller, DEMO_PROJECT_ID, type TestApp, createTestApp } from './helpers/test-app.ts';

let t: TestApp;
let alpha: number;
let zulu: number;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db
    .insertInto('projects')
    .values([
      { name: 'Zulu', language: 'en', company_id: 1 },
      { name: 'Alpha', language: 'en', company_id: 1 },
    ])
    .returning(['id', 'name'])
    .execute();
  alpha = rows.find((r) => r.name === 'Alpha')!.id;
  zulu = rows.find((r) => r.name === 'Zulu')!.id;
});
afterAll(async () => {
  await t.close();
});

/** A user with the given role in each project, logged in. */
async function userWith(roles: Record<number, number>, systemRoleId: number | null = null): Promise<Caller> {
  const caller = await t.createUser({ systemRoleId });
  const values = Object.entries(roles).map(([p, r]) => ({ user_id: caller.userId, project_id: Number(p), role_id: r }));
  if (values.length) await t.db.insertInto('user_projects').values(values).execute();
  return caller;
}

async function me(caller: Caller): Promise<CurrentUser> {
  const res = await t.call('GET', '/v1/users/me', { as: caller });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** A role's grants straight from the tables, by permission id. */
async function grantsOf(roleId: number): Promise<Grant[]> {
  return t.db
    .selectFrom('role_permissions')
    .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
    .select(['permissions.method', 'permissions.path', 'permissions.project_env'])
    .where('role_permissions.role_id', '=', roleId)
    .orderBy('permissions.id')
    .execute();
}

async function everyProjectByName(): Promise<{ id: number; name: string }[]> {
  const rows = await t.db.selectFrom('projects').select(['id', 'name']).execute();
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

describe('the current user', () => {
  it('with project roles: its projects by name, their roles, names and grants; no system grant', async () => {
    const caller = await userWith({ [DEMO_PROJECT_ID]: DEFAULT_ROLE_ID, [alpha]: VIEWER_ROLE_ID });
    const user = await me(caller);
    expect(user.projects).toEqual([
      { id: alpha, name: 'Alpha' },
      { id: DEMO_PROJECT_ID, name: 'Demo bot' },
    ]);
    expect(user.permissions.project_roles).toEqual({
      [String(DEMO_PROJECT_ID)]: DEFAULT_ROLE_ID,
      [String(alpha)]: VIEWER_ROLE_ID,
    });
    expect(user.permissions.role_names).toEqual({ [DEFAULT_ROLE_ID]: 'Editor', [VIEWER_ROLE_ID]: 'Viewer' });
    expect(user.permissions.role_grants).toEqual({
      [DEFAULT_ROLE_ID]: await grantsOf(DEFAULT_ROLE_ID),
      [VIEWER_ROLE_ID]: await grantsOf(VIEWER_ROLE_ID),
    });
    expect(user.permissions.role_grants[DEFAULT_ROLE_ID]!.length).toBeGreaterThan(0);
    expect(user.permissions.system_grants).toEqual([]);
  });

  it('lists every restricted (method, path) once', async () => {
    const user = await me(await userWith({ [DEMO_PROJECT_ID]: VIEWER_ROLE_ID }));
    const catalogue = await t.db.selectFrom('permissions').select(['method', 'path']).execute();
    const keys = new Set(catalogue.map((c) => `${c.method} ${c.path}`));
    expect(keys.size).toBeLessThan(catalogue.length); // some pairs have a permission per environment
    expect([...user.permissions.restricted].sort()).toEqual([...keys].sort());
  });

  it('with a system role: every project by name, system grants, and the system role only among project roles where assigned', async () => {
    const user = await me(await userWith({ [zulu]: VIEWER_ROLE_ID }, ADMINISTRATOR_ROLE_ID));
    expect(user.projects).toEqual(await everyProjectByName());
    expect(user.permissions.system_grants).toEqual(await grantsOf(ADMINISTRATOR_ROLE_ID));
    expect(user.permissions.role_names).toEqual({
      [ADMINISTRATOR_ROLE_ID]: 'Administrator',
      [VIEWER_ROLE_ID]: 'Viewer',
    });
    expect(user.permissions.role_grants).toEqual({ [VIEWER_ROLE_ID]: await grantsOf(VIEWER_ROLE_ID) });

    const assigned = await me(await userWith({ [zulu]: ADMINISTRATOR_ROLE_ID }, ADMINISTRATOR_ROLE_ID));
    expect(assigned.permissions.role_grants).toEqual({
      [ADMINISTRATOR_ROLE_ID]: await grantsOf(ADMINISTRATOR_ROLE_ID),
    });

    const systemOnly = await me(await userWith({}, VIEWER_ROLE_ID));
    expect(systemOnly.permissions).toMatchObject({ project_roles: {}, role_grants: {} });
    expect(systemOnly.projects).toEqual(await everyProjectByName());
  });

  it('is nobody once deactivated', async () => {
    const caller = await userWith({ [DEMO_PROJECT_ID]: DEFAULT_ROLE_ID });
    await t.db.updateTable('users').set({ is_active: false }).where('id', '=', caller.userId).execute();
    expect((await t.call('GET', '/v1/users/me', { as: caller })).statusCode).toBe(401);
  });
});
