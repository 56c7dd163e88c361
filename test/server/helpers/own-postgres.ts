import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './instances.ts';

/**
 * A PostgreSQL cluster of a test's own (initdb and pg_ctl of the installed PostgreSQL, a temporary directory, a free
 * port), so the test may stop and start it (issue 15 §4). PostgreSQL refuses to run as root: as root (CI) the
 * cluster belongs to the `postgres` account the Debian package creates, and its commands run through runuser.
 */
export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

const asRoot = () => process.getuid?.() === 0;

function accountExists(name: string): boolean {
  return spawnSync('id', ['-u', name]).status === 0;
}

/** Why an own cluster cannot be made here, or null. */
export function ownPostgresUnavailable(): string | null {
  if (!fs.existsSync(path.join(POSTGRES_BIN, 'initdb'))) return `no initdb in ${POSTGRES_BIN} (set POSTGRES_BIN)`;
  if (asRoot() && !accountExists('postgres')) return 'running as root and no postgres account to run PostgreSQL as';
  return null;
}

function run(binary: string, args: string[]): string {
  const command = path.join(POSTGRES_BIN, binary);
  const [file, argv] = asRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  try {
    return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${binary} ${args.join(' ')}: ${e.stderr || e.stdout || e.message}`);
  }
}

export interface OwnPostgres {
  port: number;
  /** The URL of a database on this cluster. */
  url(database: string): string;
  stop(): void;
  start(): void;
  /** Stops the cluster and removes its directory. */
  destroy(): void;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-pg-'));
  if (asRoot()) execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--no-instructions']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=100',
  ].join(' ');
  const log = path.join(dir, 'postgres.log');
  const cluster: OwnPostgres = {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    // -m fast: open connections are ended at once, as a restart or a failover ends them.
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start: () => run('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', 'start']),
    destroy: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {}
      fs.rmSync(dir, { recursive: true, force: true });
    },
  } as OwnPostgres;
  cluster.start();
  return cluster;
}

/** Copies database `from` of the shared test server into `database` on the own cluster (pg_dump | psql). */
export function copyDatabase(fromUrl: string, cluster: OwnPostgres, database: string): void {
  execFileSync(path.join(POSTGRES_BIN, 'psql'), [cluster.url('postgres'), '-qc', `CREATE DATABASE ${database}`]);
  const dump = execFileSync(path.join(POSTGRES_BIN, 'pg_dump'), ['--no-owner', '--no-privileges', fromUrl], {
    maxBuffer: 512 * 1024 * 1024,
  });
  execFileSync(path.join(POSTGRES_BIN, 'psql'), ['-q', '-v', 'ON_ERROR_STOP=1', cluster.url(database)], {
    input: dump,
    stdio: ['pipe', 'ignore', 'pipe'],
  });
}
