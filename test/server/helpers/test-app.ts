import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../server/app.ts';
import { hashPassword } from '../../../server/auth/passwords.ts';
import { type ServerConfig, readConfig } from '../../../server/config.ts';
import type { Db } from '../../../server/db/database.ts';
import { SEED_ADMIN_EMAIL } from '../../../server/seed.ts';
import { TEST_ADMIN_PASSWORD, type TestDatabase, openTestDatabase } from './test-database.ts';

export const DEMO_PROJECT_ID = 1;
export const USER_PASSWORD = 'Plenty-0f-Entropy-here';

export interface Caller {
  cookie: string;
  userId: number;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: TestDatabase;
  /** app.inject with the console's header, the caller's cookie and project 1 unless told otherwise. */
  call(
    method: InjectOptions['method'],
    url: string,
    options?: {
      as?: Caller | null;
      body?: unknown;
      query?: Record<string, string | number>;
      headers?: Record<string, string>;
    },
  ): Promise<LightMyRequestResponse>;
  login(email: string, password: string): Promise<Caller>;
  /** The seeded administrator, password no longer expired. */
  admin(): Promise<Caller>;
  /** A user holding `roleId` in the given projects (and optionally a system role). */
  createUser(options: {
    email?: string;
    roleId?: number;
    projectIds?: number[];
    systemRoleId?: number | null;
  }): Promise<Caller>;
  close(): Promise<void>;
}

let counter = 0;
// One argon2 hash of the test users' password per process, not one per user: the hash costs tens of milliseconds by
// design, and a login still verifies it for real.
let userPasswordHash: Promise<string> | null = null;
function userPasswordHashOnce(): Promise<string> {
  userPasswordHash ??= hashPassword(USER_PASSWORD);
  return userPasswordHash;
}

/** `config` overrides the environment-free defaults (e.g. `uploadMaxBytes`, `oidc`), as server/config.ts would. */
export async function createTestApp(
  options: { config?: Partial<ServerConfig>; logger?: object } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = { ...readConfig({}), distDir: '/nonexistent', ...options.config };
  const app = await buildApp({ db: database.db, config, logger: options.logger });
  await app.ready();
  const db = database.db;

  const call: TestApp['call'] = (method, url, options = {}) => {
    const query: Record<string, string> = { project_id: String(DEMO_PROJECT_ID) };
    for (const [k, v] of Object.entries(options.query ?? {})) query[k] = String(v);
    return app.inject({
      method,
      url,
      query,
      headers: {
        'x-requested-with': 'console',
        ...(options.as ? { cookie: options.as.cookie } : {}),
        ...(options.headers ?? {}),
      },
      ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
    });
  };

  const login: TestApp['login'] = async (email, password) => {
    const res = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, passwd: password } });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    const cookie = res.cookies.find((c) => c.name === 'console_session');
    return { cookie: `console_session=${cookie?.value}`, userId: res.json().user.id };
  };

  return {
    app,
    db,
    database,
    call,
    login,
    async admin() {
      await db.updateTable('users').set({ password_expired: false }).where('email', '=', SEED_ADMIN_EMAIL).execute();
      return login(SEED_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    },
    async createUser({ email, roleId, projectIds = [DEMO_PROJECT_ID], systemRoleId = null }) {
      counter += 1;
      const address = email ?? `user${counter}-${Date.now()}@example.com`;
      const { id } = await db
        .insertInto('users')
        .values({
          company_id: 1,
          name: `Test User ${counter}`,
          email: address,
          passwd_hash: await userPasswordHashOnce(),
          password_expired: false,
          password_changed_at: new Date(),
          system_role_id: systemRoleId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (roleId !== undefined) {
        for (const projectId of projectIds) {
          await db
            .insertInto('user_projects')
            .values({ user_id: id, project_id: projectId, role_id: roleId })
            .execute();
        }
      }
      return login(address, USER_PASSWORD);
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
