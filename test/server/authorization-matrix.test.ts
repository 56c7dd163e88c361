// QUALITY "Authorization matrix": every /v1 route the app registers × every kind of caller, expected answers
// derived from the route's own access declaration, so routes added later are covered without editing this file.
import { afterAll, describe, expect, it } from 'vitest';
import type { CallAccess } from '../../src/api/contract/call.ts';
import { systemVariant } from '../../src/api/permissions.ts';
import { isAllowedBeforeEnrolment } from '../../server/auth/otp-requirement.ts';
import { createSession } from '../../server/auth/sessions.ts';
import { DEMO_PROJECT_ID, createTestApp } from './helpers/test-app.ts';

type Env = 'dev' | 'prod';
/**
 * What a cell must answer: `pass` = the access hook let it through (any answer but 401/402/403); `open` = a
 * public route, which the hook never gates (its handler may still ask for its own credentials, e.g. a chat token).
 */
type Expected = 'pass' | 'open' | 401 | 402 | 403;

// Queued jobs are not run: only who may call what is under test (a permitted clone would queue a training).
const t = await createTestApp({ config: { jobsInProcess: false } });
afterAll(() => t.close());
const routes = t.app.routeInventory.filter((r) => r.url.startsWith('/v1/'));

// Ids that exist nowhere: an allowed call reaches its handler and finds nothing to change.
const ABSENT_ID = '2147483000';
const concreteUrl = (url: string) => url.replace(/:[A-Za-z_]\w*(\([^)]*\))?/g, ABSENT_ID).replace(/\*/g, 'absent');

const catalogue = await t.db.selectFrom('permissions').select(['id', 'method', 'path', 'project_env']).execute();
const allPermissionIds = catalogue.map((p) => p.id);

async function newRole(name: string): Promise<number> {
  return (await t.db.insertInto('roles').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
}
async function newUser(
  name: string,
  values: { systemRoleId?: number; expired?: boolean; otp?: boolean } = {},
): Promise<number> {
  const { id } = await t.db
    .insertInto('users')
    .values({
      company_id: 1,
      name,
      email: `${name}@matrix.example`,
      passwd_hash: 'not-a-hash',
      password_expired: values.expired ?? false,
      password_changed_at: new Date(),
      system_role_id: values.systemRoleId ?? null,
      otp_secret: values.otp ? 'JBSWY3DPEHPK3PXP' : null,
      otp_last_step: null,
      is_active: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
async function setGrants(roleId: number, permissionIds: number[]): Promise<void> {
  await t.db.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
  if (permissionIds.length) {
    await t.db
      .insertInto('role_permissions')
      .values(permissionIds.map((permission_id) => ({ role_id: roleId, permission_id })))
      .execute();
  }
}

const projectRole = await newRole('matrix project role');
const systemRole = await newRole('matrix system role');
const everythingRole = await newRole('matrix everything');
await setGrants(everythingRole, allPermissionIds);
const otherProject = (
  await t.db
    .insertInto('projects')
    .values({ name: 'Matrix elsewhere', company_id: 1, language: 'en' })
    .returning('id')
    .executeTakeFirstOrThrow()
).id;

const member = await newUser('member');
await t.db
  .insertInto('user_projects')
  .values({ user_id: member, project_id: DEMO_PROJECT_ID, role_id: projectRole })
  .execute();
const outsider = await newUser('outsider');
await t.db
  .insertInto('user_projects')
  .values({ user_id: outsider, project_id: otherProject, role_id: everythingRole })
  .execute();
const platformAdmin = await newUser('platform', { systemRoleId: systemRole });
const expired = await newUser('expired', { expired: true });
await t.db
  .insertInto('user_projects')
  .values({ user_id: expired, project_id: DEMO_PROJECT_ID, role_id: everythingRole })
  .execute();
// With require_otp on, a user without a code holds a session that may only enrol (the pre-MFA session).
const enrolmentPending = await newUser('enrolment-pending');
await t.db
  .insertInto('user_projects')
  .values({ user_id: enrolmentPending, project_id: DEMO_PROJECT_ID, role_id: everythingRole })
  .execute();
const setRequireOtp = (on: boolean) =>
  t.db.updateTable('platform_settings').set({ require_otp: on }).where('id', '=', 1).execute();

/** Catalogue entries that satisfy a grant, and whether a project role can hold one (a /system-only entry cannot). */
function entriesFor(access: Extract<CallAccess, { kind: 'grant' }>, env: Env | undefined) {
  const paths = [access.path, systemVariant(access.path)];
  return catalogue.filter(
    (p) =>
      p.method === access.method &&
      paths.includes(p.path) &&
      (env === undefined || p.project_env === null || p.project_env === env),
  );
}

interface Cell {
  caller: string;
  cookieFor: number | null;
  env?: Env;
  expected: Expected;
  /** The platform requires one-time codes while this cell is asked. */
  requireOtp?: boolean;
}

async function ask(method: string, url: string, cell: Cell): Promise<number> {
  const cookie = cell.cookieFor === null ? undefined : `console_session=${await createSession(t.db, cell.cookieFor)}`;
  if (cell.requireOtp) await setRequireOtp(true);
  const res = await t.app
    .inject({
      method: method as 'GET',
      url: concreteUrl(url),
      query: { project_id: String(DEMO_PROJECT_ID), ...(cell.env ? { project_env: cell.env } : {}) },
      headers: { 'x-requested-with': 'console', ...(cookie ? { cookie } : {}) },
    })
    .finally(() => (cell.requireOtp ? setRequireOtp(false) : undefined));
  expect(res.statusCode, `${cell.caller} ${method} ${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  return res.statusCode;
}

const verdict = (status: number): Expected => (status === 401 || status === 402 || status === 403 ? status : 'pass');
const tally = { cells: 0, unauthorizedSuccesses: 0 };

describe('authorization matrix', () => {
  it('finds the routes and a catalogue to check them against', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(catalogue.length).toBeGreaterThan(10);
  });

  it('issues no session before the one-time code (pre-MFA is anonymous)', async () => {
    await newUser('twofactor', { otp: true });
    await t.db
      .updateTable('users')
      .set({
        passwd_hash: (
          await t.db
            .selectFrom('users')
            .select('passwd_hash')
            .where('email', '=', 'admin@example.com')
            .executeTakeFirstOrThrow()
        ).passwd_hash,
      })
      .where('email', '=', 'twofactor@matrix.example')
      .execute();
    const { TEST_ADMIN_PASSWORD } = await import('./helpers/test-database.ts');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'twofactor@matrix.example', passwd: TEST_ADMIN_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
    expect(res.cookies).toEqual([]);
  });

  for (const route of routes) {
    const { access } = route;
    it(`${route.method} ${route.url} (${access.kind === 'grant' ? `${access.method} ${access.path}${access.env ? ` ${access.env}` : ''}` : access.kind})`, async () => {
      const envs: Array<Env | undefined> =
        access.kind === 'grant' && access.env === 'query' ? ['dev', 'prod'] : [undefined, 'dev', 'prod'];
      for (const env of envs) {
        const cells: Cell[] = [];
        const open = access.kind === 'public';
        const signedIn: Expected = open ? 'open' : access.kind === 'session' ? 'pass' : 402;
        cells.push({ caller: 'anonymous', cookieFor: null, env, expected: open ? 'open' : 401 });
        cells.push({ caller: 'pre-MFA (no session issued)', cookieFor: null, env, expected: open ? 'open' : 401 });
        cells.push({
          caller: 'pre-MFA session (require_otp, no code enrolled)',
          cookieFor: enrolmentPending,
          env,
          requireOtp: true,
          expected: open ? 'open' : isAllowedBeforeEnrolment(route.method, route.url) ? 'pass' : 403,
        });
        cells.push({
          caller: 'password expired',
          cookieFor: expired,
          env,
          expected: open ? 'open' : access.kind === 'grant' ? 403 : 'pass',
        });
        cells.push({ caller: 'no role in project', cookieFor: outsider, env, expected: signedIn });
        if (access.kind !== 'grant') {
          cells.push({ caller: 'project role', cookieFor: member, env, expected: open ? 'open' : 'pass' });
          cells.push({ caller: 'system role', cookieFor: platformAdmin, env, expected: open ? 'open' : 'pass' });
          await setGrants(projectRole, []);
          await setGrants(systemRole, []);
          for (const cell of cells) await check(route.method, route.url, cell);
          continue;
        }
        const grantEnv = access.env === 'query' ? env : access.env;
        const matching = entriesFor(access, grantEnv);
        // A grant that names nothing in the catalogue would be open to every session: refuse it.
        expect(matching, `${route.method} ${route.url} names a grant missing from the catalogue`).not.toEqual([]);
        const matchingIds = matching.map((p) => p.id);
        const projectHoldable = matching.filter((p) => p.path === access.path).map((p) => p.id);
        const allButMatching = allPermissionIds.filter((id) => !entriesFor(access, undefined).some((p) => p.id === id));

        for (const cell of cells) await check(route.method, route.url, cell);

        await setGrants(projectRole, allButMatching);
        await setGrants(systemRole, allButMatching);
        await check(route.method, route.url, {
          caller: 'project role without grant',
          cookieFor: member,
          env,
          expected: 402,
        });
        await check(route.method, route.url, {
          caller: 'system role without grant',
          cookieFor: platformAdmin,
          env,
          expected: 402,
        });

        await setGrants(projectRole, matchingIds);
        await setGrants(systemRole, matchingIds);
        await check(route.method, route.url, {
          caller: 'project role with grant',
          cookieFor: member,
          env,
          expected: projectHoldable.length ? 'pass' : 402,
        });
        await check(route.method, route.url, {
          caller: 'system role with grant',
          cookieFor: platformAdmin,
          env,
          expected: 'pass',
        });

        if (access.env === 'query') {
          // The grant for the other environment does not open this one.
          const other = entriesFor(access, env === 'dev' ? 'prod' : 'dev')
            .filter((p) => p.project_env !== null)
            .map((p) => p.id);
          await setGrants(projectRole, other);
          await check(route.method, route.url, {
            caller: 'project role with the other env',
            cookieFor: member,
            env,
            expected: 402,
          });
        }
        if (access.kind === 'grant' && access.env === 'query') {
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: concreteUrl(route.url),
            query: { project_id: String(DEMO_PROJECT_ID) },
            headers: {
              'x-requested-with': 'console',
              cookie: `console_session=${await createSession(t.db, platformAdmin)}`,
            },
          });
          expect(res.statusCode).toBe(400);
        }
      }
    });
  }

  it('counted every cell and found no unauthorized success', () => {
    expect(tally.cells).toBeGreaterThan(routes.length * 6);
    expect(tally.unauthorizedSuccesses).toBe(0);
  });
});

async function check(method: string, url: string, cell: Cell): Promise<void> {
  const status = await ask(method, url, cell);
  tally.cells++;
  if (cell.expected === 'open') return;
  if (cell.expected !== 'pass' && verdict(status) === 'pass') tally.unauthorizedSuccesses++;
  expect(
    verdict(status),
    `${cell.caller}${cell.env ? ` (${cell.env})` : ''}: ${method} ${url} answered ${status}`,
  ).toBe(cell.expected);
}
