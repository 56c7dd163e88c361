import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { type TestDatabase, openTestDatabase } from './helpers/test-database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('route inventory', () => {
  it('refuses to start when a /v1 route declares no permission', async () => {
    const build = async () => {
      const app = await buildApp({
        db: database.db,
        config: readConfig({}),
        extraApiPlugins: [
          async (api) => {
            api.get('/undeclared', async () => ({ leaked: true }));
          },
        ],
      });
      await app.ready();
      return app;
    };
    await expect(build()).rejects.toThrow(/declares no permission/);
  });

  it('lists every /v1 route with its declared access', async () => {
    const app = await buildApp({ db: database.db, config: readConfig({}) });
    await app.ready();
    const listed = new Set(app.routeInventory.map((r) => `${r.method} ${r.url}`));
    expect(listed).toContain('POST /v1/auth/login');
    expect(listed).toContain('GET /v1/users/me');
    for (const route of app.routeInventory) expect(['public', 'session', 'grant']).toContain(route.access.kind);
    // Every route the inventory lists is really served.
    for (const route of app.routeInventory) {
      expect(app.hasRoute({ method: route.method as 'GET', url: route.url })).toBe(true);
    }
    await app.close();
  });
});
