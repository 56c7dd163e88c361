import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { type DataDirClaim, DataDirInUse, claimDataDir, serveEmbeddedBackups } from './db/embedded-backup.ts';
import { migrateToLatest } from './db/migrate.ts';
import { SEED_ADMIN_EMAIL, seedDatabase } from './seed.ts';

const config = readConfig();
// The embedded database's directory is this process's alone: claimed (DATA_DIR/console.pid) before it is opened, so
// a second server, or `npm run backup`/`restore` opening it themselves, refuse rather than open it beside us.
let claim: DataDirClaim | null = null;
if (!config.databaseUrl) {
  try {
    claim = await claimDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    console.error(`${error.message} One process per DATA_DIR: stop it, or give this one another DATA_DIR.`);
    process.exit(1);
  }
}
const database = await openDatabase(config);
// `npm run backup` on the embedded database asks this process for the dump (server/db/embedded-backup.ts) as soon as
// the directory is open.
const stopBackups =
  claim && database.pglite
    ? await serveEmbeddedBackups({
        claim,
        db: database.db,
        pglite: database.pglite,
        log: (message, err) => (err ? console.error(message, err) : console.log(message)),
      })
    : null;
await migrateToLatest(database.db);
const seed = await seedDatabase(database.db, {
  adminPassword: config.seedAdminPassword,
  demo: config.seedDemo,
  demoHistory: config.seedDemo,
});
const app = await buildApp({
  db: database.db,
  config,
  logger: { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
});

if (seed.generatedPassword) {
  // Printed once, on the run that created the account; it is marked expired and must be changed at first login.
  console.log(`\n  Administrator: ${SEED_ADMIN_EMAIL}\n  One-off password: ${seed.generatedPassword}\n`);
}

// SIGTERM/SIGINT: stop taking requests, finish the ones accepted, then close the database. Behind a load balancer
// (SHUTDOWN_DRAIN_MS) the process first tells it to send nothing more (/healthz 503) and keeps serving meanwhile.
// SIGUSR2 is not a stop here: it asks for a backup (server/db/embedded-backup.ts).
closeWithGrace({ delay: 10_000 + config.shutdownDrainMs, skip: ['SIGUSR2'] }, async ({ err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else if (config.shutdownDrainMs > 0) {
    app.drain();
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
  }
  await stopBackups?.();
  await app.close();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
app.log.info(`Console on http://localhost:${config.port} (${database.kind})`);
