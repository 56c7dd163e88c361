import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectAction } from '../../src/api/contract/actions.ts';
import { refusedAddressReason, webhookAllowList } from '../../server/webhook/address-policy.ts';
import { callWebhook } from '../../server/webhook/call-webhook.ts';

let server: http.Server;
let port = 0;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/redirect') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    } else if (req.url === '/slow') {
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"late":true}'), 2000);
    } else {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () =>
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ echoed: JSON.parse(body || '{}') })),
      );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  webhookAllowList.clear();
  await new Promise((resolve) => server.close(resolve));
});

const action = (url: string, timeout_ms = 1000): ProjectAction => ({
  id: 1,
  name: 'hook',
  type: 'webhook',
  url,
  method: 'POST',
  headers: {},
  timeout_ms,
});

describe('webhook address policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['192.168.0.10', 'private'],
    ['172.16.5.4', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['::ffff:127.0.0.1', 'ipv4Mapped'],
    ['::ffff:8.8.8.8', 'ipv4Mapped'],
  ])('refuses %s (%s)', (address, range) => {
    expect(refusedAddressReason(address)).toContain(range);
  });

  it('allows public unicast addresses', () => {
    expect(refusedAddressReason('8.8.8.8')).toBeNull();
    expect(refusedAddressReason('2001:4860:4860::8888')).toBeNull();
  });
});

describe('callWebhook', () => {
  it('refuses loopback, private, link-local and mapped targets, by address and by host name, before connecting', async () => {
    const before = hits.length;
    for (const url of [
      `http://127.0.0.1:${port}/x`,
      `http://localhost:${port}/x`,
      `http://[::ffff:127.0.0.1]:${port}/x`,
      'http://10.0.0.1/x',
      'http://169.254.169.254/latest/meta-data',
      `http://[::1]:${port}/x`,
    ]) {
      const result = await callWebhook(action(url), {});
      expect(result.ok, url).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(/public addresses only|cannot be resolved/);
    }
    expect(hits.length).toBe(before);
  });

  it('refuses other schemes and credentials in the URL', async () => {
    expect((await callWebhook(action('file:///etc/passwd'), {})).ok).toBe(false);
    expect((await callWebhook(action('http://user:pw@8.8.8.8/'), {})).ok).toBe(false);
  });

  describe('with the local test server on the explicit allow-list', () => {
    beforeAll(() => {
      webhookAllowList.add(`127.0.0.1:${port}`);
    });
    afterAll(() => {
      webhookAllowList.delete(`127.0.0.1:${port}`);
    });

    it('posts the payload and parses the JSON answer', async () => {
      const result = await callWebhook(action(`http://127.0.0.1:${port}/echo`), { a: 1 });
      expect(result).toEqual({ ok: true, status: 200, data: { echoed: { a: 1 } } });
    });

    it('does not follow redirects', async () => {
      const result = await callWebhook(action(`http://127.0.0.1:${port}/redirect`), {});
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(/redirect/i);
    });

    it('gives up at the time limit', async () => {
      const started = Date.now();
      const result = await callWebhook(action(`http://127.0.0.1:${port}/slow`, 300), {});
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(/within 300 ms/);
      expect(Date.now() - started).toBeLessThan(1500);
    });

    it('still refuses another port of the same host', async () => {
      expect((await callWebhook(action(`http://127.0.0.1:${port + 1}/x`), {})).ok).toBe(false);
    });
  });
});
