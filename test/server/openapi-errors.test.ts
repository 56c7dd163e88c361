// The OpenAPI document declares the error answers each call may give, and an error answer matches it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('OpenAPI error responses', () => {
  it('declares 400, 401, 402, 403, 404, 409, 413, 429 and 503 with the error shape on every /v1 operation', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(answer.statusCode).toBe(200);
    const document = answer.json() as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
      >;
    };
    const operations = Object.entries(document.paths)
      .filter(([url]) => url.startsWith('/v1/'))
      .flatMap(([url, methods]) => Object.entries(methods).map(([method, op]) => ({ url, method, op })));
    expect(operations.length).toBeGreaterThan(50);
    for (const { url, method, op } of operations) {
      for (const status of ['400', '401', '402', '403', '404', '409', '413', '429', '503']) {
        expect(op.responses[status], `${method.toUpperCase()} ${url} ${status}`).toBeDefined();
      }
      const schema = JSON.stringify(op.responses['402']?.content?.['application/json']?.schema);
      expect(schema).toContain('statusCode');
      expect(schema).toContain('message');
    }
  });

  it('answers a refused call in the declared shape', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/v1/users/me' });
    expect(answer.statusCode).toBe(401);
    expect(Object.keys(answer.json()).sort()).toEqual(['error', 'message', 'statusCode']);
  });
});
