import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { importCallList } from '../services/campaign-calls.ts';

/**
 * The server's first start: a paused demo campaign with a short call list for tomorrow, so the Outbound screen shows
 * something to start (nothing is dialled until someone presses Start and a dialler is configured).
 */
export async function seedDemoCampaign(db: Db, projectId: number): Promise<void> {
  const { id } = await db
    .insertInto('outbound_campaigns')
    .values({
      project_id: projectId,
      name: 'Appointment reminders',
      project_env: 'dev',
      call_time_from: '09:00',
      call_time_to: '17:00',
      retry_interval: 120,
      retry_count: 3,
      timeout: 30,
      callback_secret: randomBytes(24).toString('base64url'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const csv = [
    'destination,scheduled_time',
    `+420777000001,${tomorrow} 10:00 UTC`,
    `+420777000002,${tomorrow} 10:30 UTC`,
    `sip:reception@example.com,${tomorrow} 11:00 UTC`,
  ].join('\n');
  await importCallList(db, projectId, id, csv, new Date());
}
