import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * Backups of the embedded database (issue 37 item 3). PGlite is one process's: while the server runs, no other
 * process may open its files. So `npm run backup` asks the server for the dump: it writes a request into
 * DATA_DIR/backup-requests/ and sends SIGUSR2 to the process named in DATA_DIR/console.pid; the server dumps under
 * its own connection (no statement in between, after a CHECKPOINT) and writes `<request>.done`. With no server
 * running, the script opens the directory itself. The dump is PGlite's data directory as a gzipped tar: every table,
 * uploaded files and chat attachments included (they are rows). Restoring unpacks it into an empty DATA_DIR.
 */
export const PID_FILE = 'console.pid';
const REQUESTS = 'backup-requests';

interface BackupRequest {
  file: string;
}
interface BackupDone {
  ok: boolean;
  error?: string;
  bytes?: number;
}

/** Dumps the open embedded database to `file` (written beside it first, then renamed: never a half file). */
export async function dumpEmbedded(db: Db, pglite: PGlite, file: string): Promise<number> {
  // The app's one connection is held meanwhile: no transaction is half done in the copy.
  const dump = await db.connection().execute(async (connection) => {
    await sql`CHECKPOINT`.execute(connection);
    return pglite.dumpDataDir('gzip');
  });
  const bytes = Buffer.from(await dump.arrayBuffer());
  const partial = `${file}.partial-${randomBytes(4).toString('hex')}`;
  await fs.writeFile(partial, bytes);
  await fs.rename(partial, file);
  return bytes.length;
}

/** Unpacks a dump into `dataDir`, which must hold no database yet. */
export async function restoreEmbedded(dataDir: string, file: string): Promise<void> {
  const target = path.join(dataDir, 'pgdata');
  const existing = await fs.readdir(target).catch(() => []);
  if (existing.length > 0) {
    throw new Error(`${target} already holds a database: restore into an empty DATA_DIR (move this one away first).`);
  }
  await fs.mkdir(target, { recursive: true });
  const pglite = await PGlite.create({ dataDir: target, loadDataDir: new Blob([await fs.readFile(file)]) });
  // Opens it once: the restored directory starts as a database.
  await pglite.query('SELECT 1');
  await pglite.close();
}

/** The pid of the server running on `dataDir`, or null (no pid file, or its process is gone). */
export async function runningServer(dataDir: string): Promise<number | null> {
  const text = await fs.readFile(path.join(dataDir, PID_FILE), 'utf8').catch(() => null);
  const pid = Number(text);
  if (!text || !Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/**
 * The server's side: writes DATA_DIR/console.pid and answers each SIGUSR2 with the requests found. Returns the stop
 * function (the pid file goes, the handler too).
 */
export async function serveEmbeddedBackups(options: {
  dataDir: string;
  db: Db;
  pglite: PGlite;
  log: (message: string, error?: unknown) => void;
}): Promise<() => Promise<void>> {
  const { dataDir, db, pglite, log } = options;
  const requests = path.join(dataDir, REQUESTS);
  await fs.mkdir(requests, { recursive: true });
  await fs.writeFile(path.join(dataDir, PID_FILE), String(process.pid));
  let running = Promise.resolve();
  const handle = async () => {
    for (const name of await fs.readdir(requests)) {
      if (!name.endsWith('.json')) continue;
      const at = path.join(requests, name);
      const request = JSON.parse(await fs.readFile(at, 'utf8')) as BackupRequest;
      await fs.rm(at, { force: true });
      let done: BackupDone;
      try {
        const bytes = await dumpEmbedded(db, pglite, request.file);
        done = { ok: true, bytes };
        log(`Backup written to ${request.file} (${bytes} bytes)`);
      } catch (error) {
        done = { ok: false, error: String(error) };
        log(`Backup to ${request.file} failed`, error);
      }
      await fs.writeFile(at.replace(/\.json$/, '.done'), JSON.stringify(done));
    }
  };
  const onSignal = () => {
    running = running.then(handle).catch((error) => log('Backup requests could not be read', error));
  };
  process.on('SIGUSR2', onSignal);
  return async () => {
    process.off('SIGUSR2', onSignal);
    await running;
    await fs.rm(path.join(dataDir, PID_FILE), { force: true });
  };
}

/** The script's side: asks the running server `pid` for a dump into `file` and waits for its answer. */
export async function requestBackup(dataDir: string, pid: number, file: string, timeoutMs = 600_000): Promise<number> {
  const id = `${Date.now()}-${randomBytes(4).toString('hex')}`;
  const requests = path.join(dataDir, REQUESTS);
  await fs.mkdir(requests, { recursive: true });
  const request: BackupRequest = { file: path.resolve(file) };
  // Written whole before the server may read it.
  await fs.writeFile(path.join(requests, `${id}.tmp`), JSON.stringify(request));
  await fs.rename(path.join(requests, `${id}.tmp`), path.join(requests, `${id}.json`));
  process.kill(pid, 'SIGUSR2');
  const donePath = path.join(requests, `${id}.done`);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const text = await fs.readFile(donePath, 'utf8').catch(() => null);
    if (text) {
      await fs.rm(donePath, { force: true });
      const done = JSON.parse(text) as BackupDone;
      if (!done.ok) throw new Error(`The server could not write the backup: ${done.error}`);
      return done.bytes ?? 0;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server (pid ${pid}) did not answer the backup request within ${timeoutMs / 1000} s.`);
}
