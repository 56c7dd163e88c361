import { createHmac } from 'node:crypto';
import type { ProjectAction } from '../../../src/api/contract/actions.ts';
import type { Db } from '../../db/database.ts';
import { callWebhook } from '../../webhook/call-webhook.ts';
import type { Clock } from './clock.ts';
import { leaseDueCallbacks, markCallbackDelivered, rescheduleCallback } from './outbound-calls.ts';

/** Header of the callbacks' signature: `sha256=` and the hex HMAC-SHA256 of the body with the campaign's secret. */
export const CALLBACK_SIGNATURE_HEADER = 'x-signature';
const CALLBACK_TIMEOUT_MS = 10_000;
/** A delivery being attempted is leased this long: an instance that dies mid-POST leaves it to another. */
const LEASE_MS = 60_000;
const BATCH = 20;
/** Given up after this many attempts (about a day and a half of backoff). */
export const MAX_CALLBACK_ATTEMPTS = 40;

export const signCallback = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** 10 s, 20 s, 40 s, ... at most an hour between attempts. */
export const callbackBackoffMs = (attempts: number) => Math.min(3_600_000, 10_000 * 2 ** Math.max(0, attempts - 1));

/**
 * Delivers the outbox of final call outcomes (issue 17 §2): at least once, from any instance. Due rows are leased
 * (outbound-calls.ts, the only writer of outbound_callbacks), POSTed as signed JSON through the webhooks'
 * SSRF-guarded client, then marked delivered or rescheduled with backoff.
 */
export async function deliverDueCallbacks(db: Db, clock: Clock): Promise<number> {
  const rows = await leaseDueCallbacks(db, {
    now: clock.now(),
    leaseMs: LEASE_MS,
    batch: BATCH,
    maxAttempts: MAX_CALLBACK_ATTEMPTS,
  });
  await Promise.all(
    rows.map(async (row) => {
      const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
      const body = JSON.stringify(payload);
      const action = {
        name: 'campaign-callback',
        url: row.callback_url,
        method: 'POST',
        headers: { [CALLBACK_SIGNATURE_HEADER]: signCallback(row.callback_secret, body) },
        timeout_ms: CALLBACK_TIMEOUT_MS,
      } as unknown as ProjectAction;
      const result = row.callback_url
        ? await callWebhook(action, payload)
        : { ok: false as const, reason: 'The campaign has no callback URL' };
      if (result.ok) await markCallbackDelivered(db, row.id, clock.now());
      else
        await rescheduleCallback(
          db,
          row.id,
          new Date(clock.now().getTime() + callbackBackoffMs(row.attempts)),
          result.reason,
        );
    }),
  );
  return rows.length;
}
