/**
 * One "server process" of the multi-process campaign test: the dialler engine on a shared PostgreSQL database with a
 * fake dialler, its clock running SCALE times faster than the wall clock from a common start (so reconciliation
 * after timeout + 60 s takes about a second, and a dead engine's 30-second lease half a second). Every process counts
 * from the same wall-clock moment (the test's), so their clocks agree whenever each one started. Every hand-over to the dialler is appended to LOG before it happens,
 * so the test sees it even when this process is SIGKILLed.
 *
 *   node test/server/helpers/campaign-worker.ts <databaseUrl> <logFile> <startEpochMs> <scale> <wallEpochMs>
 */
import fs from 'node:fs';
import { CampaignEngine } from '../../../server/features/campaigns/engine.ts';
import { FakeDialler } from '../../../server/features/campaigns/fake-dialler.ts';
import { openDatabase } from '../../../server/db/database.ts';

const [databaseUrl, logFile, startArg, scaleArg, wallArg] = process.argv.slice(2);
const start = Number(startArg);
const scale = Number(scaleArg);
const realStart = Number(wallArg);
const clock = { now: () => new Date(start + (Date.now() - realStart) * scale) };
const log = fs.openSync(logFile!, 'a');
const opened = await openDatabase({ databaseUrl: databaseUrl!, dataDir: '/nonexistent' });
const fake = new FakeDialler({
  decide: (r) => {
    fs.writeSync(log, `${r.callId}\n`);
    const roll = r.callId % 4;
    if (roll === 0) return { kind: 'end', reason: 'busy', code: '486' };
    if (roll === 1) return { kind: 'end', reason: 'no-answer', code: '408' };
    return { kind: 'answer', holdMs: 5 };
  },
  now: () => clock.now(),
});
const engine = new CampaignEngine({ db: opened.db, dialler: fake, clock, voice: null, tickMs: 20, log: () => {} });
engine.start();
// The engine's timer is unref'd (a server's listener keeps its process alive); here nothing else would.
setInterval(() => {}, 60_000);
process.on('SIGTERM', async () => {
  await engine.stop();
  await opened.close();
  process.exit(0);
});
process.send?.('ready');
