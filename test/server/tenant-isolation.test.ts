// QUALITY "Tenant isolation (IDOR)" for users, roles and project members: ids of another company and malformed ids
// never succeed, answer one uniform 404 (or 400 for a malformed id), never 5xx, and leak nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, type TestApp, createTestApp } from './helpers/test-app.ts';

let t: TestApp;
let projectAdmin: Caller;
let platformAdmin: Caller;
let stranger: { id: number; email: string; name: string };
let strangerProject: number;

beforeAll(async () => {
  t = await createTestApp();
  const company = await t.db
    .insertInto('companies')
    .values({ name: 'Rival' })
    .returning('id')
    .executeTakeFirstOrThrow();
  stranger = { email: 'secret-person@rival.example', name: 'Secret Person', id: 0 };
  stranger.id = (
    await t.db
      .insertInto('users')
      .values({
        company_id: company.id,
        name: stranger.name,
        email: stranger.email,
        passwd_hash: 'x',
        password_expired: false,
        password_changed_at: new Date(),
        system_role_id: null,
        otp_secret: null,
        otp_last_step: null,
        is_active: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  strangerProject = (
    await t.db
      .insertInto('projects')
      .values({ name: 'Rival secret bot', company_id: company.id, language: 'en' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await t.db
    .insertInto('user_projects')
    .values({ user_id: stranger.id, project_id: strangerProject, role_id: 1 })
    .execute();
  projectAdmin = await t.createUser({ roleId: 1 });
  platformAdmin = await t.admin();
});
afterAll(() => t.close());

const ABSENT = 2_147_483_000;
const MALFORMED = ['', 'null', '[]', '0', '-2', '99999999999999999999', '1.5', 'abc'];

async function atime(caller: Caller, url: string): Promise<string> {
  return String((await t.call('GET', url, { as: caller })).headers['x-atime']);
}
async function send(
  caller: Caller,
  method: 'PUT' | 'DELETE' | 'POST',
  url: string,
  body?: unknown,
  resource = '/v1/users',
) {
  const res = await t.call(method, url, { as: caller, body, query: { atime: await atime(caller, resource) } });
  expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
  expect(res.body).not.toContain(stranger.email);
  expect(res.body).not.toContain(stranger.name);
  expect(res.body).not.toContain('Rival');
  return res;
}

describe('users of another company', () => {
  it('are not listed', async () => {
    const res = await t.call('GET', '/v1/users', { as: projectAdmin });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(stranger.email);
    const members = await t.call('GET', '/v1/users/projects', { as: projectAdmin });
    expect(members.body).not.toContain('Rival');
    expect(members.body).not.toContain(`"user_id":${stranger.id}`);
  });

  it('answer exactly like an id that does not exist, for PUT, DELETE and reset', async () => {
    const body = { name: 'Taken over', email: 'taken@example.com' };
    const pairs = [
      ['PUT', `/v1/users/${stranger.id}`, `/v1/users/${ABSENT}`, body],
      ['DELETE', `/v1/users/${stranger.id}`, `/v1/users/${ABSENT}`, undefined],
      ['POST', `/v1/users/reset/${stranger.id}`, `/v1/users/reset/${ABSENT}`, undefined],
    ] as const;
    for (const [method, foreign, absent, payload] of pairs) {
      const a = await send(projectAdmin, method, foreign, payload);
      const b = await send(projectAdmin, method, absent, payload);
      expect(a.statusCode, `${method} ${foreign}`).toBe(404);
      expect(a.body).toBe(b.body);
    }
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', stranger.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: stranger.name, email: stranger.email, deleted_at: null, passwd_hash: 'x' });
  });

  it('cannot be put into a project, and their project cannot be edited', async () => {
    const addStranger = await send(
      projectAdmin,
      'PUT',
      '/v1/users/projects',
      [
        {
          project_id: 1,
          users: [
            { user_id: projectAdmin.userId, role_id: 1 },
            { user_id: stranger.id, role_id: 2 },
          ],
        },
      ],
      '/v1/users/projects',
    );
    const addAbsent = await send(
      projectAdmin,
      'PUT',
      '/v1/users/projects',
      [
        {
          project_id: 1,
          users: [
            { user_id: projectAdmin.userId, role_id: 1 },
            { user_id: ABSENT, role_id: 2 },
          ],
        },
      ],
      '/v1/users/projects',
    );
    expect(addStranger.statusCode).toBe(404);
    expect(addStranger.body).toBe(addAbsent.body);
    const foreignProject = await send(
      projectAdmin,
      'PUT',
      '/v1/users/projects',
      [{ project_id: strangerProject, users: [] }],
      '/v1/users/projects',
    );
    const absentProject = await send(
      projectAdmin,
      'PUT',
      '/v1/users/projects',
      [{ project_id: ABSENT, users: [] }],
      '/v1/users/projects',
    );
    expect(foreignProject.statusCode).toBe(404);
    expect(foreignProject.body).toBe(absentProject.body);
    const rows = await t.db.selectFrom('user_projects').selectAll().where('project_id', '=', strangerProject).execute();
    expect(rows).toEqual([{ user_id: stranger.id, project_id: strangerProject, role_id: 1 }]);
  });

  it('a grant in another project does not reach this one', async () => {
    const res = await t.call('GET', '/v1/users', { as: projectAdmin, query: { project_id: strangerProject } });
    expect(res.statusCode).toBe(402);
  });
});

describe('malformed ids', () => {
  const routes = [
    ['PUT', '/v1/users/', { name: 'X', email: 'x@example.com' }, '/v1/users'],
    ['DELETE', '/v1/users/', undefined, '/v1/users'],
    ['POST', '/v1/users/reset/', undefined, '/v1/users'],
    ['PUT', '/v1/roles/', { name: 'Whatever' }, '/v1/roles'],
    ['DELETE', '/v1/roles/', undefined, '/v1/roles'],
  ] as const;
  for (const [method, prefix, body, resource] of routes) {
    it(`${method} ${prefix}{id}: 400 or 404, nothing changed`, async () => {
      const before = await t.db.selectFrom('users').select(['id', 'name', 'email']).orderBy('id').execute();
      const rolesBefore = await t.db.selectFrom('roles').selectAll().orderBy('id').execute();
      for (const id of MALFORMED) {
        const res = await send(platformAdmin, method, `${prefix}${encodeURIComponent(id)}`, body, resource);
        expect([400, 404], `${method} ${prefix}${id} answered ${res.statusCode}`).toContain(res.statusCode);
        expect(res.json().message).toEqual(expect.any(String));
      }
      expect(await t.db.selectFrom('users').select(['id', 'name', 'email']).orderBy('id').execute()).toEqual(before);
      expect(await t.db.selectFrom('roles').selectAll().orderBy('id').execute()).toEqual(rolesBefore);
    });
  }

  it('ids inside bodies: "", null, [], 0, -2 and huge numbers are 400', async () => {
    for (const bad of ['', null, [], 0, -2, 99_999_999_999, '1']) {
      const project = await send(
        platformAdmin,
        'PUT',
        '/v1/users/projects',
        [{ project_id: bad, users: [] }],
        '/v1/users/projects',
      );
      expect(project.statusCode, `project_id ${JSON.stringify(bad)}`).toBe(400);
      const role = await send(
        platformAdmin,
        'PUT',
        '/v1/roles/permissions',
        [{ id: bad, permissions: [] }],
        '/v1/roles',
      );
      expect(role.statusCode, `role id ${JSON.stringify(bad)}`).toBe(400);
      if (bad !== null) {
        const member = await send(
          platformAdmin,
          'PUT',
          '/v1/users/projects',
          [{ project_id: 1, users: [{ user_id: bad, role_id: 2 }] }],
          '/v1/users/projects',
        );
        expect(member.statusCode, `user_id ${JSON.stringify(bad)}`).toBe(400);
      }
    }
  });
});
