import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMINISTRATOR_HOLDS_ALL,
  ADMINISTRATOR_ROLE_UNDELETABLE,
  DEFAULT_ROLE_UNDELETABLE,
  ROLE_NAME_DUPLICIT,
  ROLE_NAME_EMPTY,
} from '../../src/api/contract/roles.ts';
import { type Caller, type TestApp, createTestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function atime(caller: Caller, url = '/v1/roles'): Promise<string> {
  return String((await t.call('GET', url, { as: caller })).headers['x-atime']);
}
const send = async (caller: Caller, method: 'PUT' | 'DELETE', url: string, body?: unknown) =>
  t.call(method, url, { as: caller, body, query: { atime: await atime(caller) } });

type Permission = {
  id: number;
  name: string;
  method: string;
  resources: string;
  project_env: string | null;
  covers: number[];
};

describe('permission catalogue', () => {
  it('serves id, name, method, resources, project_env and covers; and readable groups', async () => {
    const admin = await t.admin();
    const catalogue = (await t.call('GET', '/v1/permissions', { as: admin })).json() as Permission[];
    const editIntents = catalogue.find((p) => p.method === 'PUT' && p.resources === '/intents');
    const viewIntents = catalogue.find((p) => p.method === 'GET' && p.resources === '/intents');
    expect(editIntents?.covers).toContain(viewIntents?.id);
    expect(catalogue.find((p) => p.resources === '/run/deploy' && p.project_env === 'prod')).toBeDefined();
    const groups = (await t.call('GET', '/v1/permissions/resources', { as: admin })).json() as Array<{
      name: string;
      permissions: number[];
    }>;
    expect(groups[0]?.name).toBe('Dashboard');
    expect(groups.find((g) => g.name === 'Intents')?.permissions).toContain(editIntents?.id);
    expect(groups.flatMap((g) => g.permissions).sort((a, b) => a - b)).toEqual(
      catalogue.map((p) => p.id).sort((a, b) => a - b),
    );
  });
});

describe('roles', () => {
  it('creates (-1 → id), renames, validates names with the spec texts', async () => {
    const admin = await t.admin();
    const created = await send(admin, 'PUT', '/v1/roles/-1', { name: 'Support' });
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    expect(id).toBeGreaterThan(3);
    const empty = await send(admin, 'PUT', '/v1/roles/-1', { name: '   ' });
    expect([empty.statusCode, empty.json().message]).toEqual([400, `body.name: ${ROLE_NAME_EMPTY}`]);
    const dup = await send(admin, 'PUT', '/v1/roles/-1', { name: 'editor' });
    expect([dup.statusCode, dup.json().message]).toEqual([400, ROLE_NAME_DUPLICIT]);
    const renameDup = await send(admin, 'PUT', `/v1/roles/${id}`, { name: 'Viewer' });
    expect(renameDup.json().message).toBe(ROLE_NAME_DUPLICIT);
    expect((await send(admin, 'PUT', `/v1/roles/${id}`, { name: 'Helpdesk' })).statusCode).toBe(200);
    const roles = (await t.call('GET', '/v1/roles', { as: admin })).json() as Array<{ id: number; name: string }>;
    expect(roles.find((r) => r.id === id)?.name).toBe('Helpdesk');
    const log = (await t.db.selectFrom('users_logs').select('action').execute()).map((r) => r.action);
    expect(log).toEqual(expect.arrayContaining(['Created role Support', 'Renamed role Support to Helpdesk']));
  });

  it('deletes a role and removes its holders from every project, ending their sessions', async () => {
    const admin = await t.admin();
    const second = await t.db
      .insertInto('projects')
      .values({ name: 'Second', company_id: 1, language: 'en' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const holder = await t.createUser({ roleId: 3, projectIds: [1, second.id] });
    const res = await send(admin, 'DELETE', '/v1/roles/3');
    expect(res.statusCode).toBe(200);
    expect(
      await t.db.selectFrom('user_projects').select('project_id').where('user_id', '=', holder.userId).execute(),
    ).toEqual([]);
    expect((await t.call('GET', '/v1/users/me', { as: holder })).statusCode).toBe(401);
    expect(
      (await t.db.selectFrom('users_logs').select('action').orderBy('id', 'desc').executeTakeFirstOrThrow()).action,
    ).toBe('Deleted role Viewer (removed from 1 user)');
  });

  it('refuses deleting the Administrator and the default role', async () => {
    const admin = await t.admin();
    const one = await send(admin, 'DELETE', '/v1/roles/1');
    expect([one.statusCode, one.json().message]).toEqual([400, ADMINISTRATOR_ROLE_UNDELETABLE]);
    const two = await send(admin, 'DELETE', '/v1/roles/2');
    expect([two.statusCode, two.json().message]).toEqual([400, DEFAULT_ROLE_UNDELETABLE]);
    expect((await send(admin, 'DELETE', '/v1/roles/999')).statusCode).toBe(404);
  });

  it('sets the whole matrix; covered permissions come along; the Administrator keeps everything', async () => {
    const admin = await t.admin();
    const catalogue = (await t.call('GET', '/v1/permissions', { as: admin })).json() as Permission[];
    const editIntents = catalogue.find((p) => p.method === 'PUT' && p.resources === '/intents') as Permission;
    const res = await send(admin, 'PUT', '/v1/roles/permissions', [{ id: 3, permissions: [editIntents.id] }]);
    expect(res.statusCode).toBe(200);
    const roles = (await t.call('GET', '/v1/roles', { as: admin })).json() as Array<{
      id: number;
      permissions: number[];
    }>;
    expect(roles.find((r) => r.id === 3)?.permissions.sort()).toEqual([editIntents.id, ...editIntents.covers].sort());
    const strip = await send(admin, 'PUT', '/v1/roles/permissions', [{ id: 1, permissions: [] }]);
    expect([strip.statusCode, strip.json().message]).toEqual([400, ADMINISTRATOR_HOLDS_ALL]);
    const unknown = await send(admin, 'PUT', '/v1/roles/permissions', [{ id: 3, permissions: [99999] }]);
    expect(unknown.statusCode).toBe(400);
  });

  it('lets only a system grant change roles: a project administrator gets 402', async () => {
    const projectAdmin = await t.createUser({ roleId: 1 });
    expect((await t.call('GET', '/v1/roles', { as: projectAdmin })).statusCode).toBe(200);
    expect((await send(projectAdmin, 'PUT', '/v1/roles/-1', { name: 'Mine' })).statusCode).toBe(402);
    expect((await send(projectAdmin, 'PUT', '/v1/roles/permissions', [])).statusCode).toBe(402);
    expect((await send(projectAdmin, 'DELETE', '/v1/roles/3')).statusCode).toBe(402);
  });

  it("lets 'Manage roles' without 'Edit role permissions' add a role but not change permissions (402)", async () => {
    const systemRole = (
      await t.db.insertInto('roles').values({ name: 'Role manager' }).returning('id').executeTakeFirstOrThrow()
    ).id;
    // 'Manage roles' and what it covers (View users), as the roles screen ticks them.
    const held = await t.db
      .selectFrom('permissions')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('method', '=', 'PUT'), eb('path', '=', '/system/roles/{id}')]),
          eb.and([eb('method', '=', 'GET'), eb('path', '=', '/users')]),
        ]),
      )
      .execute();
    expect(held).toHaveLength(2);
    await t.db
      .insertInto('role_permissions')
      .values(held.map((p) => ({ role_id: systemRole, permission_id: p.id })))
      .execute();
    const manager = await t.createUser({ roleId: 3, systemRoleId: systemRole });
    expect((await send(manager, 'PUT', '/v1/roles/-1', { name: 'Support' })).statusCode).toBe(200);
    const res = await send(manager, 'PUT', '/v1/roles/permissions', [{ id: 3, permissions: [] }]);
    expect(res.statusCode).toBe(402);
  });
});
