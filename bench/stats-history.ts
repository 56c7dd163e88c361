import type { TrackerEntry } from '../src/api/contract/chat.ts';
import type { Db } from '../server/db/database.ts';
import type { StatsChannel } from '../server/db/schema.ts';
import { SEED_ADMIN_EMAIL } from '../server/seed.ts';
import { insertConversationRows } from '../server/features/chat/conversation-writes.ts';
import {
  type Rollup,
  addEntries,
  addStart,
  emptyRollup,
  hourOf,
  writeRollup,
} from '../server/features/stats/stats-rollup.ts';

/** The benchmark's history (bench/stats.ts): written in bulk as the chat's write path would have written it. */
export const DAYS = 30;

/** Deterministic pseudo-random numbers, so every run seeds the same history. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const INTENTS = Array.from({ length: 40 }, (_, i) => `intent ${i}`);
const COMMON_PHRASES = Array.from({ length: 2000 }, (_, i) => `unknown phrase number ${i}`);

/** Seeds the history into project 1's production environment (a tenth of it from console sessions). */
export async function seedHistory(db: Db, conversations: number, messages: number): Promise<void> {
  const rnd = random(18);
  const now = Date.now();
  const first = now - DAYS * 86_400_000;
  const rollups: Record<StatsChannel, Rollup> = { console: emptyRollup(), widget: emptyRollup() };
  const zipf = (n: number) => Math.floor(n * rnd() ** 3);
  let rows: object[] = [];
  const flush = async () => {
    if (rows.length) await insertConversationRows(db, rows as never);
    rows = [];
  };
  for (let c = 0; c < conversations; c++) {
    const channel: StatsChannel = rnd() < 0.1 ? 'console' : 'widget';
    const startedAt = first + rnd() * (DAYS * 86_400_000 - 3_600_000);
    // Messages spread so that the total is exactly messages.
    const count = Math.floor(((c + 1) * messages) / conversations) - Math.floor((c * messages) / conversations);
    const entries: TrackerEntry[] = [];
    for (let m = 0; m < count; m++) {
      const timestamp = (startedAt + (m + 1) * 20_000) * 1000;
      const fallback = rnd() < 0.15;
      const confidence = fallback ? rnd() * 0.45 : 0.45 + rnd() * 0.55;
      const text = fallback
        ? rnd() < 0.8
          ? COMMON_PHRASES[zipf(COMMON_PHRASES.length)]!
          : `something nobody said before ${c}-${m}`
        : 'a message';
      entries.push({
        type: 'utter',
        value: text,
        args: { who: 'user', intent: fallback ? null : INTENTS[zipf(INTENTS.length)]!, confidence },
        timestamp,
      });
    }
    const outcome = rnd();
    if (outcome < 0.5) entries.push({ type: 'action', value: 'call_end', args: {}, timestamp: 0 });
    else if (outcome < 0.6) entries.push({ type: 'action', value: 'call_transfer', args: {}, timestamp: 0 });
    const rollup = rollups[channel];
    addStart(rollup, startedAt);
    addEntries(rollup, entries, hourOf(startedAt));
    const lastAt = count ? startedAt + count * 20_000 : startedAt;
    rows.push({
      project_id: 1,
      project_env: 'prod',
      user_id: channel === 'console' ? 1 : null,
      token_hash: `bench-${c}`,
      started_at: new Date(startedAt),
      last_activity_at: new Date(lastAt),
      // Short trackers: the first message only; the figures come from the roll-ups.
      tracker: entries.slice(0, 1),
      ended: outcome < 0.6,
      messages: count,
      preview: entries[0]?.value ?? '',
    });
    if (rows.length === 2000) await flush();
  }
  await flush();
  for (const channel of ['console', 'widget'] as const) {
    await writeRollup(db, { projectId: 1, env: 'prod', userId: channel === 'console' ? 1 : null }, rollups[channel]);
  }
  await db.updateTable('users').set({ password_expired: false }).where('email', '=', SEED_ADMIN_EMAIL).execute();
}
