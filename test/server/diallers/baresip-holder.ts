/**
 * A stand-in for a server process (run by baresip-parent-death.test.ts): starts the SIP dialler's baresip the way the
 * dialler does, prints its process id, and stays up until it is killed.
 */
import { BaresipProcess } from '../../../server/features/campaigns/diallers/baresip-process.ts';

const baresip = new BaresipProcess(
  { binary: 'baresip', modulePath: '/usr/lib/baresip/modules', sipHost: '127.0.0.1' },
  () => {},
  () => {},
);
await baresip.start();
process.stdout.write(`baresip ${baresip.pid}\n`);
setInterval(() => {}, 60_000);
