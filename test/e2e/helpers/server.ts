import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const E2E_ADMIN_PASSWORD = 'E2e-Seeded-Passw0rd-1';

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  output: () => string;
  /** Stops the server (gracefully: running jobs finish) and removes its data directory unless kept. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Where the e2e run keeps a data directory just migrated and seeded (test/e2e/helpers/global-setup.ts): each server
 * starts on a copy of it instead of initialising, migrating and seeding a database of its own.
 */
export const TEMPLATE_DIR_VARIABLE = 'E2E_TEMPLATE_DIR';

/** The real server (`node server/main.ts`) on a temporary data directory and a free port, serving the built SPA. */
export async function startServer(
  env: Record<string, string> = {},
  options: {
    fresh?: boolean;
    /** Changes the data directory before the server opens it (rows no API writes, e.g. a system role holder). */
    prepare?: (dataDir: string) => Promise<void>;
  } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'console-e2e-'));
  const template = process.env[TEMPLATE_DIR_VARIABLE];
  // fresh: an empty data directory, so the server's own first start (and SEED_* variables) apply.
  if (template && !options.fresh) await fs.cp(template, dataDir, { recursive: true });
  await options.prepare?.(dataDir);
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${log}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server did not start: ${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    port,
    dataDir,
    output: () => log,
    async stop({ keepData = false }: { keepData?: boolean } = {}) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!keepData) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
