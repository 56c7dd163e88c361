import closeWithGrace from 'close-with-grace';
import { readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { jobHandlers } from './job-handlers.ts';
import { JobRunner } from './jobs/job-runner.ts';

/**
 * A worker process: takes jobs (training, evaluation) from the shared PostgreSQL queue. Run any number of
 * them beside the web servers (`DATABASE_URL=... node server/worker-main.ts`; the servers may then run
 * with JOBS_IN_PROCESS=0). On PGlite the server runs its jobs itself: one process owns the data directory.
 */
const config = readConfig();
if (!config.databaseUrl) {
  console.error('A separate worker needs DATABASE_URL (PostgreSQL); with PGlite the server runs jobs itself.');
  process.exit(1);
}
const database = await openDatabase(config);
await migrateToLatest(database.db);
const runner = new JobRunner(database.db, jobHandlers, {
  concurrency: config.jobConcurrency,
  pollMs: config.jobPollMs,
}).start();
console.log(`Job worker ${runner.workerId} taking: ${Object.keys(jobHandlers).join(', ')}`);
// The runner's timers do not hold a process open (the web server's listener does); a worker has no listener.
const keepAlive = setInterval(() => {}, 60_000);

closeWithGrace({ delay: 60_000 }, async () => {
  clearInterval(keepAlive);
  await runner.stop();
  await database.close();
});
