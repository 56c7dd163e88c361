// Where the deploy diff's server time goes at the 40,000-template scale (issue 19), in process on PGlite:
// the scale project imported into the seeded test database, each part of GET /run/deploy/diff timed alone.
// Writes bench/results/deploy-diff-profile.json; `node bench/deploy-diff-profile.ts`.
import { deployDiff } from '../server/features/deployments/deploy-diff.ts';
import { freezeConfiguration } from '../server/features/deployments/deployments.ts';
import { importIntentRows } from '../server/features/intents/intents-csv.ts';
import { trainingStatus } from '../server/features/training/training.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { seedDatabase } from '../server/seed.ts';
import { generateCsv } from './scale-project.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'diff-profile-'));
const database = await openDatabase({ ...readConfig({}), dataDir, databaseUrl: null });
const db = database.db;
await migrateToLatest(db);
await seedDatabase(db, { adminPassword: 'Profile-only: not a real password 1' });
const rows = generateCsv()
  .trim()
  .split('\n')
  .slice(1)
  .map((line, i) => {
    const comma = line.indexOf(',');
    return { line: i + 2, intent: line.slice(0, comma), template: line.slice(comma + 1) };
  });
await db
  .transaction()
  .execute((trx) => importIntentRows(trx, { projectId: 1, userId: null, atime: 1 }, rows, 'replace'));

const time = async (f: () => Promise<unknown>) => {
  const samples: number[] = [];
  let out: unknown;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    out = await f();
    samples.push(performance.now() - t0);
  }
  return { ms: Math.min(...samples).toFixed(1), out };
};
const freeze = await time(() => freezeConfiguration(db, 1));
const training = await time(() => trainingStatus(db, 1));
const diff = await time(() => deployDiff(db, 1, 'dev'));
const json = await time(async () => JSON.stringify(diff.out));
// After a deployment (written directly: deploying needs a trained model), with one template more in one intent:
// every item of both sides is compared, one is sent.
await db
  .insertInto('deployments')
  .values({
    project_id: 1,
    project_env: 'dev',
    version: 1,
    users_id: null,
    note: 'profile',
    rollback_of: null,
    configuration: JSON.stringify(await freezeConfiguration(db, 1)),
  })
  .execute();
const one = await db
  .selectFrom('intents')
  .select('id')
  .where('project_id', '=', 1)
  .orderBy('id')
  .offset(1000)
  .limit(1)
  .executeTakeFirstOrThrow();
await db
  .insertInto('intent_templates')
  .values({ intent_id: one.id, project_id: 1, template: 'one more way to say it' })
  .execute();
const changed = await time(() => deployDiff(db, 1, 'dev'));
const counts = (
  changed.out as { resources: { resource: string; added: number; changed: number; removed: number }[] }
).resources
  .filter((r) => r.added + r.changed + r.removed > 0)
  .map((r) => `${r.resource} ${r.added}/${r.changed}/${r.removed}`);
const result = JSON.stringify(
  {
    date: new Date().toISOString(),
    loadavg_1m: +(loadavg()[0] ?? 0).toFixed(2),
    freeze_ms: freeze.ms,
    training_status_ms: training.ms,
    deploy_diff_ms: diff.ms,
    stringify_ms: json.ms,
    bytes: JSON.stringify(diff.out).length,
    after_deploy_one_changed_ms: changed.ms,
    after_deploy_counts: counts,
    after_deploy_bytes: JSON.stringify(changed.out).length,
  },
  null,
  2,
);
writeFileSync(join(dirname(fileURLToPath(import.meta.url)), 'results', 'deploy-diff-profile.json'), `${result}\n`);
console.log(result);
await database.close();
rmSync(dataDir, { recursive: true, force: true });
