// `npm run backup -- <file>`: a consistent backup of the console's database, taken while the server runs
// (README, "Backups"). Embedded (PGlite): the running server on DATA_DIR writes the dump (server/db/embedded-backup.ts
// says how it is asked), or, with no server running, this script itself. PostgreSQL (DATABASE_URL): pg_dump's custom
// format. Either way uploaded files and chat attachments are in it (they are rows).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { readConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { dumpEmbedded, requestBackup, runningServer } from '../server/db/embedded-backup.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run backup -- <file>');
  process.exit(2);
}
const target = path.resolve(file);
const config = readConfig();
if (config.databaseUrl) {
  const result = spawnSync('pg_dump', ['--format=custom', `--file=${target}`, config.databaseUrl], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`Backup of the PostgreSQL database written to ${target} (pg_restore reads it).`);
} else {
  const pid = await runningServer(config.dataDir);
  let bytes: number;
  if (pid) {
    bytes = await requestBackup(config.dataDir, pid, target);
  } else {
    const database = await openDatabase(config);
    if (!database.pglite) throw new Error('expected the embedded database');
    bytes = await dumpEmbedded(database.db, database.pglite, target);
    await database.close();
  }
  console.log(
    `Backup of ${config.dataDir} written to ${target} (${bytes} bytes)${pid ? ` by the server (pid ${pid})` : ''}.`,
  );
}
