import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { TEST_ADMIN_PASSWORD } from './test-database.ts';

/**
 * Console processes started as `npm run server` starts them (server/main.ts, the environment its README lists),
 * and HAProxy with the repository's deploy/haproxy.cfg in front of them (issue 15 §3, §4).
 */
const root = path.resolve(import.meta.dirname, '../../..');
export const HAPROXY = '/usr/sbin/haproxy';
export const haproxyInstalled = () => fs.existsSync(HAPROXY);

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Thrown by a check: stop waiting at once (the process exited). */
export class FatalError extends Error {}

/** Polls `check` until it returns a value (not undefined) or `ms` pass. */
export async function waitFor<T>(what: string, ms: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      if (error instanceof FatalError) throw error;
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms${last ? ` (${String(last)})` : ''}`);
    await sleep(50);
  }
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  process: ChildProcess;
  /** What the process printed (warnings, errors): shown when a test fails. */
  output(): string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts server/main.ts on a free port with `DATABASE_URL` and waits until /healthz answers 200. */
export async function startInstance(
  name: string,
  databaseUrl: string,
  env: Record<string, string> = {},
  port?: number,
): Promise<Instance> {
  port ??= await freePort();
  const child = spawn(process.execPath, [path.join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      SEED_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (data: Buffer) => {
    output = (output + data.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  await waitFor(`${name} answers /healthz`, 90_000, async () => {
    if (gone) throw new FatalError(`${name} exited: ${output}`);
    const res = await fetch(`${url}/healthz`).catch(() => null);
    return res?.status === 200 ? true : undefined;
  }).catch((error) => {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output}`);
  });
  return {
    name,
    port,
    url,
    process: child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export interface Balancer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** HAProxy with deploy/haproxy.cfg, its two servers the given processes (CONSOLE_1, CONSOLE_2). */
export async function startHaproxy(instances: Instance[]): Promise<Balancer> {
  const port = await freePort();
  const child = spawn(HAPROXY, ['-db', '-f', path.join(root, 'deploy/haproxy.cfg')], {
    env: {
      PATH: process.env.PATH ?? '',
      CONSOLE_BIND: `127.0.0.1:${port}`,
      // Whatever the machine's open-files limit: a test needs a few dozen connections.
      CONSOLE_MAXCONN: '400',
      ...Object.fromEntries(instances.map((instance, i) => [`CONSOLE_${i + 1}`, `127.0.0.1:${instance.port}`])),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (data: Buffer) => {
    output = (output + data.toString()).slice(-10_000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // Up once every server passed its first check: each process has answered through HAProxy.
  await waitFor('HAProxy reaches both processes', 15_000, async () => {
    if (child.exitCode !== null) throw new FatalError(`haproxy exited: ${output}`);
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) seen.add(res.headers.get('x-console-instance') ?? '');
    }
    return seen.size === instances.length ? true : undefined;
  });
  return {
    url,
    port,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A JSON call with the console's header and an optional session cookie; answers status, body and instance. */
export async function call(
  base: string,
  method: string,
  url: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
  // biome-ignore lint/suspicious/noExplicitAny: the JSON answers of many calls; each test checks what it reads.
): Promise<{ status: number; body: any; instance: string | null; headers: Headers }> {
  const request = () =>
    fetch(`${base}${url}`, {
      method,
      headers: {
        'x-requested-with': 'console',
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
  let res: Response;
  try {
    res = await request();
  } catch (error) {
    // A kept-alive connection the process closed as the request went out ("other side closed"): a GET is sent again
    // once, as HTTP lets a client do with an idempotent request (RFC 9110 §9.2.2) and browsers do. Other methods fail.
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (method !== 'GET' || code !== 'UND_ERR_SOCKET') throw error;
    res = await request();
  }
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body, instance: res.headers.get('x-console-instance'), headers: res.headers };
}

/** Logs in the seeded administrator (through any address) and answers its session cookie. */
export async function loginAdmin(base: string): Promise<string> {
  const res = await fetch(`${base}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', passwd: TEST_ADMIN_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('console_session='));
  return cookie!.split(';')[0]!;
}
