// POST /v1/actions/:id/test: the actions screen's test call goes through the runtime's SSRF-guarded client.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookAllowList } from '../../server/webhook/address-policy.ts';
import { type Caller, type TestApp, createTestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Caller;
let hookServer: http.Server;
let hookPort = 0;
const received: { method?: string; body: string }[] = [];

beforeAll(async () => {
  hookServer = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ method: req.method, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"shipped"}');
    });
  });
  await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
  hookPort = (hookServer.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => hookServer.close(resolve));
});
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterEach(async () => {
  webhookAllowList.delete(`127.0.0.1:${hookPort}`);
  await t.close();
});

const action = (url: string) => ({ name: 'order_status', url, method: 'POST', headers: {}, timeout_ms: 2000 });

describe('action test call', () => {
  it('calls an allowed address once and answers its JSON', async () => {
    webhookAllowList.add(`127.0.0.1:${hookPort}`);
    const res = await t.call('POST', '/v1/actions/-1/test', {
      as: admin,
      body: { action: action(`http://127.0.0.1:${hookPort}/hook`), variables: { order: 7 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, status: 200, data: { status: 'shipped' } });
    expect(JSON.parse(received.at(-1)!.body)).toMatchObject({ test: true, variables: { order: 7 } });
  });

  it('refuses loopback addresses with a reason, and unknown ids are 404', async () => {
    const res = await t.call('POST', '/v1/actions/-1/test', {
      as: admin,
      body: { action: action(`http://127.0.0.1:${hookPort}/hook`) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: false });
    expect(res.json().reason).toMatch(/loopback/);
    const missing = await t.call('POST', '/v1/actions/424242/test', {
      as: admin,
      body: { action: action('https://example.com/') },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('needs the edit actions grant', async () => {
    const viewer = await t.createUser({ roleId: 3 });
    const res = await t.call('POST', '/v1/actions/-1/test', {
      as: viewer,
      body: { action: action('https://example.com/') },
    });
    expect([402, 403]).toContain(res.statusCode);
  });
});
