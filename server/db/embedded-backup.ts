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
 * running, the script claims the directory (the same pid file: a server starting meanwhile refuses) and opens it
 * itself. The dump is PGlite's data directory as a gzipped tar: every table, uploaded files and chat attachments
 * included (they are rows). Restoring unpacks it into an empty DATA_DIR (or, with --force, one whose database is
 * moved aside).
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
  // On the disk before it takes the backup's name: a backup that a power cut empties is no backup.
  const handle = await fs.open(partial, 'w');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(partial, file);
  return bytes.length;
}

/** What a backup file is, from its first bytes: PGlite's gzipped tar, pg_dump's custom format, or neither. */
export async function backupKind(file: string): Promise<'embedded' | 'postgres' | null> {
  const handle = await fs.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(5), 0, 5, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head[0] === 0x1f && head[1] === 0x8b) return 'embedded';
    if (head.toString('latin1') === 'PGDMP') return 'postgres';
    return null;
  } finally {
    await handle.close();
  }
}

/**
 * Unpacks a dump into `dataDir` (claimed by the caller), which must hold no database yet; with `force`, the database
 * there is moved aside first (to `pgdata.replaced-<time>`, returned) rather than removed.
 */
export async function restoreEmbedded(dataDir: string, file: string, force = false): Promise<string | null> {
  const target = path.join(dataDir, 'pgdata');
  const existing = await fs.readdir(target).catch(() => []);
  let movedTo: string | null = null;
  if (existing.length > 0) {
    if (!force) {
      throw new Error(
        `${target} already holds a database: restore into an empty DATA_DIR, or add --force to move this one aside.`,
      );
    }
    movedTo = `${target}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await fs.rename(target, movedTo);
  }
  await fs.mkdir(target, { recursive: true });
  try {
    const pglite = await PGlite.create({ dataDir: target, loadDataDir: new Blob([await fs.readFile(file)]) });
    // Opens it once: the restored directory starts as a database, and it is the console's.
    const tables = await pglite.query<{ users: string | null }>("SELECT to_regclass('users')::text AS users");
    await pglite.close();
    if (!tables.rows[0]?.users) throw new Error(`${file} holds no console database (no users table).`);
  } catch (error) {
    // Nothing half restored is left behind; the database moved aside comes back.
    await fs.rm(target, { recursive: true, force: true });
    if (movedTo) await fs.rename(movedTo, target);
    throw error;
  }
  return movedTo;
}

/**
 * DATA_DIR/console.pid: the process that holds the data directory, as JSON. `backups` is true once it is a server
 * answering backup requests (a starting server, or a script that opened the directory itself, says false).
 * `started` is the process's start time (Linux: field 22 of /proc/<pid>/stat): a pid the system gave to another
 * process since is not taken for ours, so a stale file never gets an unrelated process signalled (SIGUSR2 stops a
 * process that does not listen for it).
 */
export interface DataDirHolder {
  pid: number;
  started: string | null;
  backups: boolean;
}

/** The data directory is held by another live process (a server, or a backup or restore at work). */
export class DataDirInUse extends Error {
  readonly holder: DataDirHolder;
  constructor(dataDir: string, holder: DataDirHolder) {
    super(
      holder.backups
        ? `A server (pid ${holder.pid}) runs on ${dataDir}.`
        : `${dataDir} is in use by pid ${holder.pid} (a server starting, or a backup or restore): try again when it is done.`,
    );
    this.holder = holder;
  }
}

async function processStart(pid: number): Promise<string | null> {
  const text = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!text) return null;
  // After the command name in parentheses come fields 3, 4, …: field 22 is the 20th.
  return text.slice(text.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

async function writeHolder(file: string, holder: DataDirHolder, flag: 'wx' | 'w'): Promise<void> {
  if (flag === 'wx') {
    await fs.writeFile(file, JSON.stringify(holder), { flag: 'wx' });
    return;
  }
  // Replaced whole (a reader never sees half a file).
  const partial = `${file}.${randomBytes(4).toString('hex')}`;
  await fs.writeFile(partial, JSON.stringify(holder));
  await fs.rename(partial, file);
}

/** The live process holding `dataDir`, or null (no pid file, its process is gone, or the pid is another's now). */
export async function dataDirHolder(dataDir: string): Promise<DataDirHolder | null> {
  const text = await fs.readFile(path.join(dataDir, PID_FILE), 'utf8').catch(() => null);
  if (!text) return null;
  let holder: DataDirHolder;
  try {
    const parsed = JSON.parse(text) as Partial<DataDirHolder>;
    holder = { pid: Number(parsed.pid), started: parsed.started ?? null, backups: parsed.backups === true };
  } catch {
    // A pid file this version did not write (or a torn one): the pid alone, never signalled.
    holder = { pid: Number(text.trim()), started: null, backups: false };
  }
  if (!Number.isInteger(holder.pid) || holder.pid <= 0 || holder.pid === process.pid) return null;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: alive, another user's.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  if (holder.started !== null) {
    const started = await processStart(holder.pid);
    if (started !== null && started !== holder.started) return null;
  }
  return holder;
}

/** The pid of the server answering backups on `dataDir`, or null. */
export async function runningServer(dataDir: string): Promise<number | null> {
  const holder = await dataDirHolder(dataDir);
  return holder?.backups ? holder.pid : null;
}

export interface DataDirClaim {
  dataDir: string;
  /** Says in the pid file that this process answers backup requests now. */
  announceBackups(): Promise<void>;
  release(): Promise<void>;
}

/**
 * Takes DATA_DIR for this process before it opens the database (the server, or the backup and restore scripts
 * when they open it themselves): the pid file is created exclusively; one a dead process left is replaced.
 * Throws DataDirInUse when a live process holds it.
 */
export async function claimDataDir(dataDir: string): Promise<DataDirClaim> {
  await fs.mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, PID_FILE);
  const holder: DataDirHolder = { pid: process.pid, started: await processStart(process.pid), backups: false };
  for (let attempt = 0; ; attempt++) {
    try {
      await writeHolder(file, holder, 'wx');
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw error;
    }
    const other = await dataDirHolder(dataDir);
    if (other) throw new DataDirInUse(dataDir, other);
    // Stale: moved away under a name of our own first, so two claimants never remove each other's new file twice.
    const stale = `${file}.stale-${randomBytes(4).toString('hex')}`;
    await fs.rename(file, stale).catch(() => {});
    await fs.rm(stale, { force: true });
  }
  return {
    dataDir,
    announceBackups: () => writeHolder(file, { ...holder, backups: true }, 'w'),
    release: async () => {
      // Only our own file: one a later claimant wrote (after ours was taken for stale) stays.
      const current = await fs.readFile(file, 'utf8').catch(() => '');
      if (current.includes(`"pid":${process.pid},`)) await fs.rm(file, { force: true });
    },
  };
}

/**
 * The server's side, once its database is open on the claimed DATA_DIR: answers each SIGUSR2 with the requests found
 * and says so in the pid file. Returns the stop function (the handler goes, then the claim).
 */
export async function serveEmbeddedBackups(options: {
  claim: DataDirClaim;
  db: Db;
  pglite: PGlite;
  log: (message: string, error?: unknown) => void;
}): Promise<() => Promise<void>> {
  const { claim, db, pglite, log } = options;
  const requests = path.join(claim.dataDir, REQUESTS);
  await fs.mkdir(requests, { recursive: true });
  let running = Promise.resolve();
  const handle = async () => {
    for (const name of await fs.readdir(requests)) {
      if (!name.endsWith('.json')) continue;
      const at = path.join(requests, name);
      const request = JSON.parse(await fs.readFile(at, 'utf8')) as BackupRequest;
      await fs.rm(at, { force: true });
      let done: BackupDone;
      try {
        const began = performance.now();
        const bytes = await dumpEmbedded(db, pglite, request.file);
        done = { ok: true, bytes };
        log(`Backup written to ${request.file} (${bytes} bytes in ${Math.round(performance.now() - began)} ms)`);
      } catch (error) {
        done = { ok: false, error: String(error) };
        log(`Backup to ${request.file} failed`, error);
      }
      // Whole or not at all: the script polls for it.
      const donePath = at.replace(/\.json$/, '.done');
      await fs.writeFile(`${donePath}.tmp`, JSON.stringify(done));
      await fs.rename(`${donePath}.tmp`, donePath);
    }
  };
  const onSignal = () => {
    running = running.then(handle).catch((error) => log('Backup requests could not be read', error));
  };
  process.on('SIGUSR2', onSignal);
  // Only now may a script signal us: before the handler, SIGUSR2 would stop the process.
  await claim.announceBackups();
  return async () => {
    process.off('SIGUSR2', onSignal);
    await running;
    await claim.release();
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
  const answer = async () => {
    const text = await fs.readFile(donePath, 'utf8').catch(() => null);
    if (!text) return null;
    await fs.rm(donePath, { force: true });
    const done = JSON.parse(text) as BackupDone;
    if (!done.ok) throw new Error(`The server could not write the backup: ${done.error}`);
    return done.bytes ?? 0;
  };
  for (let polls = 0; Date.now() < deadline; polls++) {
    const bytes = await answer();
    if (bytes !== null) return bytes;
    // A server that stopped meanwhile never answers: said at once, not after the timeout.
    if (polls % 10 === 9 && (await dataDirHolder(dataDir))?.pid !== pid) {
      const last = await answer();
      if (last !== null) return last;
      await fs.rm(path.join(requests, `${id}.json`), { force: true });
      throw new Error(`The server (pid ${pid}) stopped before it wrote the backup.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server (pid ${pid}) did not answer the backup request within ${timeoutMs / 1000} s.`);
}
