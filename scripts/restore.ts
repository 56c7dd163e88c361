// `npm run restore -- <file>`: puts a backup of `npm run backup` back (README, "Backups"). Embedded (PGlite): into
// DATA_DIR, which must hold no database and no running server. PostgreSQL (DATABASE_URL): pg_restore into that
// database, which must be new and empty. Then start the console on it: it migrates what the backup's version left.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readConfig } from '../server/config.ts';
import { restoreEmbedded, runningServer } from '../server/db/embedded-backup.ts';

const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.error('Usage: npm run restore -- <file> (an existing backup file)');
  process.exit(2);
}
const source = path.resolve(file);
const config = readConfig();
if (config.databaseUrl) {
  const result = spawnSync(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${config.databaseUrl}`, source],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
} else {
  const pid = await runningServer(config.dataDir);
  if (pid) {
    console.error(`A server (pid ${pid}) runs on ${config.dataDir}: stop it, or restore into another DATA_DIR.`);
    process.exit(1);
  }
  await restoreEmbedded(config.dataDir, source);
}
console.log(`Restored ${source} into ${config.databaseUrl ? 'the PostgreSQL database' : config.dataDir}.`);
