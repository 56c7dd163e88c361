import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { type TestDatabase, openTestDatabase } from './helpers/test-database.ts';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({
    db: database.db,
    config: readConfig({}),
    extraApiPlugins: [
      async (api) => {
        api.get('/test-explodes', { config: { access: { kind: 'public' } } }, async () => {
          throw new Error('secret internal detail at /srv/db.ts:42');
        });
      },
    ],
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

function expectSecurityHeaders(res: LightMyRequestResponse) {
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('same-origin');
}

describe('security headers and errors', () => {
  it('sends the headers and no-store on API answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/users/me', headers: { 'x-requested-with': 'console' } });
    expect(res.statusCode).toBe(401);
    expectSecurityHeaders(res);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 as JSON with the headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expectSecurityHeaders(res);
    expect(res.json().message).toMatch(/No route/);
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', passwd: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expectSecurityHeaders(res);
  });

  it('never leaks internals on 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/test-explodes' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('.ts');
    expect(res.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong.' });
    expectSecurityHeaders(res);
  });

  it('answers a readable 400 for a malformed body', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: ['x'], passwd: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^body\.email: /);
    const broken = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).not.toMatch(/at .*\.js/);
  });

  it('serves the OpenAPI description generated from the contract', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const spec = res.json();
    expect(spec.paths['/v1/auth/login'].post.requestBody).toBeTruthy();
  });
});
