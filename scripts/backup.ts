// `npm run backup -- <file>`: a consistent backup of the console's database, taken while the server runs
// (README, "Backups"). Embedded (PGlite): the running server on DATA_DIR writes the dump (server/db/embedded-backup.ts
// says how it is asked), or, with no server running, this script itself, holding DATA_DIR meanwhile. PostgreSQL
// (DATABASE_URL): pg_dump's custom format. Either way uploaded files and chat attachments are in it (they are rows).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { readConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import {
  DataDirInUse,
  claimDataDir,
  dataDirHolder,
  dumpEmbedded,
  requestBackup,
} from '../server/db/embedded-backup.ts';

const file = process.argv[2];
if (!file || file.startsWith('-')) {
  console.error('Usage: npm run backup -- <file>');
  process.exit(2);
}
const target = path.resolve(file);
const config = readConfig();
if (config.databaseUrl) {
  const result = spawnSync('pg_dump', ['--format=custom', `--file=${target}`, config.databaseUrl], {
    stdio: 'inherit',
  });
  if (result.error) {
    console.error(`pg_dump could not run (${result.error.message}): install PostgreSQL's client tools.`);
    process.exit(1);
  }
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`Backup of the PostgreSQL database written to ${target} (pg_restore reads it).`);
} else {
  try {
    const holder = await dataDirHolder(config.dataDir);
    let bytes: number;
    if (holder?.backups) {
      bytes = await requestBackup(config.dataDir, holder.pid, target);
    } else {
      // No server: this script holds the directory while it dumps (a server starting meanwhile refuses).
      const claim = await claimDataDir(config.dataDir);
      try {
        const database = await openDatabase(config);
        if (!database.pglite) throw new Error('expected the embedded database');
        try {
          bytes = await dumpEmbedded(database.db, database.pglite, target);
        } finally {
          await database.close();
        }
      } finally {
        await claim.release();
      }
    }
    console.log(
      `Backup of ${config.dataDir} written to ${target} (${bytes} bytes)${holder?.backups ? ` by the server (pid ${holder.pid})` : ''}.`,
    );
  } catch (error) {
    console.error(error instanceof DataDirInUse ? error.message : `Backup failed: ${String(error)}`);
    process.exit(1);
  }
}
