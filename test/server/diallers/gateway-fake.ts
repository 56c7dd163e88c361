import http from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

export interface GatewayRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** JSON fields, or form fields (repeated names joined by a comma). */
  fields: Record<string, unknown>;
}

export interface GatewayFake {
  url: string;
  requests: GatewayRequest[];
  close(): Promise<void>;
}

/**
 * A hosted gateway's REST API on 127.0.0.1 (node:http): records each request, parses JSON or form bodies the way the
 * provider receives them, and answers with what `respond` returns.
 */
export async function startGatewayFake(
  respond: (request: GatewayRequest) => { status: number; body?: unknown },
): Promise<GatewayFake> {
  const requests: GatewayRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let fields: Record<string, unknown> = {};
      if (req.headers['content-type']?.startsWith('application/json')) fields = JSON.parse(text || '{}');
      else if (text) {
        const form = new URLSearchParams(text);
        for (const key of new Set(form.keys())) fields[key] = form.getAll(key).join(',');
      }
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, fields };
      requests.push(request);
      const answer = respond(request);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Posts a webhook the way the provider does: Twilio as a form signed with X-Twilio-Signature by Twilio's own library
 * (when given the account's auth token), jambonz as JSON (its payloads nest objects: a gather's `speech`).
 */
export async function postWebhook(
  url: string,
  fields: Record<string, unknown>,
  as: 'form' | 'json',
  twilioAuthToken?: string,
) {
  const strings = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  const body = as === 'json' ? JSON.stringify(fields) : new URLSearchParams(strings).toString();
  const headers: Record<string, string> = {
    'content-type': as === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
  };
  if (twilioAuthToken) headers['x-twilio-signature'] = twilio.getExpectedTwilioSignature(twilioAuthToken, url, strings);
  return fetch(url, { method: 'POST', headers, body });
}
