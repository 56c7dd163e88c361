import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { ProjectAction } from '../../src/api/contract/actions.ts';
import { refusedAddressReason, webhookAllowList } from './address-policy.ts';

export const WEBHOOK_RESPONSE_MAX_BYTES = 256 * 1024;

import type { WebhookResult } from '../chat/webhook-result.ts';

export type { WebhookResult };

/** Resolves the host and checks every address it has; the request is then pinned to the checked one. */
export async function resolveAllowed(url: URL): Promise<{ address: string; family: 4 | 6 } | { refused: string }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const allowListed = webhookAllowList.has(`${host}:${port}`);
  const addresses = ipaddr.isValid(host)
    ? [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }]
    : await dns.lookup(host, { all: true, verbatim: true }).catch(() => []);
  if (addresses.length === 0) return { refused: `Host ${host} cannot be resolved` };
  if (!allowListed) {
    for (const a of addresses) {
      const reason = refusedAddressReason(a.address);
      if (reason)
        return { refused: `Address ${a.address} of ${host} ${reason}; webhooks may call public addresses only` };
    }
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/**
 * One webhook call: public addresses only (checked after DNS resolution and pinned, so a second lookup
 * cannot rebind), no redirects followed, the whole exchange within the action's time limit, at most
 * 256 KB of answer. A JSON answer is returned parsed; anything else as text.
 */
export async function callWebhook(action: ProjectAction, payload: unknown): Promise<WebhookResult> {
  let url: URL;
  try {
    url = new URL(action.url);
  } catch {
    return { ok: false, reason: 'Invalid URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, reason: 'Only http and https are allowed' };
  if (url.username || url.password) return { ok: false, reason: 'Credentials in the URL are not allowed' };
  const target = await resolveAllowed(url);
  if ('refused' in target) return { ok: false, reason: target.refused };
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const hasBody = action.method !== 'GET' && action.method !== 'DELETE';
  const body = hasBody ? JSON.stringify(payload) : undefined;
  const signal = AbortSignal.timeout(action.timeout_ms);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<WebhookResult>((resolve) => {
    const request = client.request(
      url,
      {
        method: action.method,
        lookup,
        signal,
        headers: {
          ...action.headers,
          accept: 'application/json',
          'user-agent': 'bot-console-webhook/1',
          ...(body !== undefined
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
            : {}),
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          resolve({ ok: false, reason: `Answered a redirect (${status}); redirects are not followed` });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > WEBHOOK_RESPONSE_MAX_BYTES) {
            request.destroy();
            resolve({ ok: false, reason: `Answer larger than ${WEBHOOK_RESPONSE_MAX_BYTES} bytes` });
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (status >= 400) {
            resolve({ ok: false, reason: `Answered HTTP ${status}` });
            return;
          }
          let data: unknown = text;
          if (/json/i.test(String(response.headers['content-type'] ?? '')) || /^\s*[{[]/.test(text)) {
            try {
              data = JSON.parse(text);
            } catch {
              data = text;
            }
          }
          resolve({ ok: true, status, data });
        });
        response.on('error', (error) => resolve({ ok: false, reason: error.message }));
      },
    );
    request.on('error', (error) => {
      const timedOut = signal.aborted;
      resolve({ ok: false, reason: timedOut ? `No answer within ${action.timeout_ms} ms` : error.message });
    });
    if (body !== undefined) request.write(body);
    request.end();
  });
}
