import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { checkTarget } from './target-guard.ts';

export interface GuardingProxy {
  /** `http://127.0.0.1:<port>`, for the browser context's proxy setting. */
  url: string;
  close(): Promise<void>;
}

/** A connection that failed, in words: the browser only learns that it failed. */
function describeSocketError(error: NodeJS.ErrnoException): string {
  const known: Record<string, string> = {
    ECONNREFUSED: 'the connection was refused',
    ECONNRESET: 'the connection was reset',
    ETIMEDOUT: 'the connection timed out',
    EHOSTUNREACH: 'the host is unreachable',
    ENETUNREACH: 'the network is unreachable',
  };
  return known[error.code ?? ''] ?? error.message;
}

/** Told why a target (`host:port`) was refused or could not be reached. */
export type ProxyFailureListener = (target: string, reason: string) => void;

/** Headers that belong to the hop to the proxy, not to the request forwarded. */
const HOP_HEADERS = ['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive', 'upgrade'];

/**
 * The only way out for the screenshot browser: every request of the page (documents, redirects the browser
 * follows, images, scripts, web sockets through CONNECT) is resolved here, checked against the address policy
 * and sent to the address that was checked. A refused target answers 403; the browser sees a failed load.
 */
export async function startGuardingProxy(
  allowPrivate: boolean,
  onFailure: ProxyFailureListener = () => {},
): Promise<GuardingProxy> {
  const sockets = new Set<net.Socket>();
  const server = http.createServer(async (request, response) => {
    let target: URL;
    try {
      target = new URL(request.url ?? '');
    } catch {
      response.writeHead(400).end('Absolute URL expected.');
      return;
    }
    if (target.protocol !== 'http:') {
      response.writeHead(400).end('Only http is forwarded; https goes through CONNECT.');
      return;
    }
    const port = Number(target.port || 80);
    const checked = await checkTarget(target.hostname, allowPrivate);
    if ('refused' in checked) {
      onFailure(`${target.hostname}:${port}`, checked.refused);
      response.writeHead(403, { 'content-type': 'text/plain' }).end(checked.refused);
      return;
    }
    const headers = { ...request.headers };
    for (const name of HOP_HEADERS) delete headers[name];
    const upstream = http.request(
      {
        host: checked.address,
        family: checked.family,
        port,
        method: request.method,
        path: `${target.pathname}${target.search}`,
        headers: { ...headers, host: target.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => {
      onFailure(`${target.hostname}:${port}`, describeSocketError(error));
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });

  server.on('connect', async (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    client.on('error', () => client.destroy());
    const match = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(request.url ?? '');
    if (!match) {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    const target = `${match[1]}:${match[2]}`;
    const checked = await checkTarget(match[1]!, allowPrivate);
    if ('refused' in checked) {
      onFailure(target, checked.refused);
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = net.connect({ host: checked.address, family: checked.family, port: Number(match[2]) }, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', (error) => {
      onFailure(target, describeSocketError(error));
      client.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
