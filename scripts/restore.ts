// `npm run restore -- <file> [--force]`: puts a backup of `npm run backup` back (README, "Backups"). Embedded
// (PGlite): into DATA_DIR, which must hold no database and no running server (--force moves its database aside).
// PostgreSQL (DATABASE_URL): pg_restore into that database, which must be new and empty (--force: pg_restore --clean
// replaces the console's tables; stop the console first). Then start the console on it: it migrates what the
// backup's version left.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { readConfig } from '../server/config.ts';
import { DataDirInUse, backupKind, claimDataDir, restoreEmbedded } from '../server/db/embedded-backup.ts';

const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((a) => !a.startsWith('-'));
if (!file || !fs.existsSync(file)) {
  console.error('Usage: npm run restore -- <file> [--force] (an existing backup file)');
  process.exit(2);
}
const source = path.resolve(file);
const config = readConfig();
const kind = await backupKind(source);
const wanted = config.databaseUrl ? 'postgres' : 'embedded';
if (kind !== wanted) {
  console.error(
    kind === null
      ? `${source} is not a backup written by npm run backup.`
      : kind === 'embedded'
        ? `${source} is a backup of an embedded database: restore it with DATA_DIR set and DATABASE_URL unset.`
        : `${source} is a PostgreSQL backup (pg_dump): restore it with DATABASE_URL set.`,
  );
  process.exit(1);
}
if (config.databaseUrl) {
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
  );
  await client.end();
  const tables = rows[0]?.n ?? 0;
  if (tables > 0 && !force) {
    console.error(
      `The database already holds ${tables} tables: restore into a new, empty database (createdb), or add --force to replace them (stop the console first).`,
    );
    process.exit(1);
  }
  const result = spawnSync(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      ...(tables > 0 ? ['--clean', '--if-exists'] : []),
      `--dbname=${config.databaseUrl}`,
      source,
    ],
    { stdio: 'inherit' },
  );
  if (result.error) {
    console.error(`pg_restore could not run (${result.error.message}): install PostgreSQL's client tools.`);
    process.exit(1);
  }
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`Restored ${source} into the PostgreSQL database.`);
} else {
  try {
    // Held while restoring: neither a server nor another restore opens the directory meanwhile.
    const claim = await claimDataDir(config.dataDir);
    let movedTo: string | null;
    try {
      movedTo = await restoreEmbedded(config.dataDir, source, force);
    } finally {
      await claim.release();
    }
    console.log(
      `Restored ${source} into ${config.dataDir}.${movedTo ? ` The database that was there is in ${movedTo}: delete it when the restored console works.` : ''}`,
    );
  } catch (error) {
    console.error(
      error instanceof DataDirInUse
        ? `${error.message} Stop it, or restore into another DATA_DIR.`
        : `Restore failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
}
