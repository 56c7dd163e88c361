import { sql } from 'kysely';
import {
  ABANDONED_AFTER_MINUTES,
  CONFIDENCE_BINS,
  type Stats,
  type StatsTotals,
  TOP_N,
} from '../../../src/api/contract/stats.ts';
import { callResult } from '../../../src/api/contract/outbound.ts';
import type { Db } from '../../db/database.ts';
import { periodHours, statsPeriod } from './stats-period.ts';

/**
 * The dashboard's statistics (issue 18) from the hourly roll-ups (stats-rollup.ts): sums over a few hundred
 * rows per period, whatever the number of conversations. Only abandoned conversations read the conversations
 * table: those active in the last half hour.
 */

/** dev is the testing environment together with the console's test window, which talks to the draft. */
const envsOf = (env: 'dev' | 'prod'): ('draft' | 'dev' | 'prod')[] => (env === 'dev' ? ['dev', 'draft'] : ['prod']);

const HOUR_MS = 3_600_000;
const HIST = Array.from({ length: CONFIDENCE_BINS }, (_, i) => `hist${i}`);
const CHANNELS: Stats['channels'][number]['channel'][] = ['console', 'widget', 'campaign'];
const CALL_RESULTS = callResult.options;

export interface HourlySums {
  conversations: number;
  user_messages: number;
  fallbacks: number;
  confidence_sum: number;
  confidence_count: number;
  ended: number;
  transferred: number;
  knowledge_answers: number;
  knowledge_no_answers: number;
  hist: number[];
}

const zeroSums = (): HourlySums => ({
  conversations: 0,
  user_messages: 0,
  fallbacks: 0,
  confidence_sum: 0,
  confidence_count: 0,
  ended: 0,
  transferred: 0,
  knowledge_answers: 0,
  knowledge_no_answers: 0,
  hist: new Array(CONFIDENCE_BINS).fill(0),
});

const share = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/**
 * The headline figures of a period's sums. Outcomes split the conversations that are over: ended (call_end, no
 * handover), transferred (handed to a person) and abandoned (neither, silent for ABANDONED_AFTER_MINUTES); those still
 * active are none of them yet. Containment is the ended share of the conversations that are over: a conversation the
 * caller walked away from is not one the bot contained.
 */
export function totalsOf(s: HourlySums, callers: number, active: number): StatsTotals {
  const abandoned = Math.max(0, s.conversations - s.ended - s.transferred - active);
  return {
    conversations: s.conversations,
    user_messages: s.user_messages,
    avg_messages: share(s.user_messages, s.conversations),
    unique_callers: callers > 0 ? callers : null,
    fallback_share: share(s.fallbacks, s.user_messages),
    avg_confidence: share(s.confidence_sum, s.confidence_count),
    ended: s.ended,
    transferred: s.transferred,
    // Started in the period, neither ended nor transferred, and not active within the last half hour.
    abandoned,
    containment: share(s.ended, s.ended + s.transferred + abandoned),
    knowledge_answers: s.knowledge_answers,
    knowledge_no_answers: s.knowledge_no_answers,
  };
}

export async function getStats(
  db: Db,
  projectId: number,
  q: { project_env: 'dev' | 'prod'; from: string; to: string; tz: string },
  now: Date = new Date(),
): Promise<Stats> {
  const period = statsPeriod(q.from, q.to, q.tz);
  const envs = envsOf(q.project_env);
  const { start, end, previousStart } = period;
  // A period not over yet (today's) is compared with the same hours of the period before, not its whole length:
  // the hours begun so far (the current one included) against as many hours from the previous period's start.
  const cut = new Date(
    Math.max(start.getTime(), Math.min(end.getTime(), (Math.floor(now.getTime() / HOUR_MS) + 1) * HOUR_MS)),
  );
  const previousCut = new Date(previousStart.getTime() + (cut.getTime() - start.getTime()));
  const hourly = db
    .selectFrom('stats_hourly')
    .where('project_id', '=', projectId)
    .where('project_env', 'in', envs)
    .where('hour_utc', '<', end);

  const [sumRows, seriesRows, intents, phrases, conversationRows, deployments, calls] = await Promise.all([
    // Both periods, per channel: a handful of rows.
    hourly
      .where('hour_utc', '>=', previousStart)
      .where(sql<boolean>`(hour_utc >= ${start} OR hour_utc < ${previousCut})`)
      .select([
        'channel',
        sql<boolean>`hour_utc >= ${start}`.as('current'),
        ...[
          'conversations',
          'user_messages',
          'fallbacks',
          'confidence_count',
          'ended',
          'transferred',
          'knowledge_answers',
          'knowledge_no_answers',
          ...HIST,
        ].map((c) => sql<number>`sum(${sql.ref(c)})::int`.as(c)),
        sql<number>`sum(confidence_sum)::float8`.as('confidence_sum'),
      ])
      .groupBy(['channel', sql`2`])
      .execute(),
    hourly
      .where('hour_utc', '>=', start)
      .select([
        (period.bucket === 'hour'
          ? sql<string>`to_char(hour_utc AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24')`
          : sql<string>`to_char(hour_utc AT TIME ZONE ${q.tz}, 'YYYY-MM-DD')`
        ).as('bucket'),
        sql<number>`sum(conversations)::int`.as('conversations'),
        sql<number>`sum(user_messages)::int`.as('user_messages'),
        sql<number>`sum(fallbacks)::int`.as('fallbacks'),
      ])
      .groupBy(sql`1`)
      .execute(),
    topCounts(db, 'intents', projectId, envs, start, end),
    topCounts(db, 'unclassified', projectId, envs, start, end),
    conversationFigures(db, projectId, envs, { previousStart, previousCut, start, end }),
    db
      .selectFrom('deployments')
      .where('project_id', '=', projectId)
      .where('project_env', '=', q.project_env)
      .where('created', '>=', start)
      .where('created', '<', end)
      .select(['id', 'created', 'note'])
      .orderBy('created')
      .orderBy('id')
      .execute(),
    campaignCalls(db, projectId, q.project_env, start, end),
  ]);

  const current = zeroSums();
  const previous = zeroSums();
  const channels = new Map<Stats['channels'][number]['channel'], number>(CHANNELS.map((c) => [c, 0]));
  for (const row of sumRows) {
    const into = row.current ? current : previous;
    const r = row as unknown as Record<string, number>;
    for (const key of [
      'conversations',
      'user_messages',
      'fallbacks',
      'confidence_sum',
      'confidence_count',
      'ended',
      'transferred',
      'knowledge_answers',
      'knowledge_no_answers',
    ] as const) {
      into[key] += Number(r[key]);
    }
    HIST.forEach((c, i) => {
      into.hist[i] += Number(r[c]);
    });
    if (row.current) channels.set(row.channel, (channels.get(row.channel) ?? 0) + Number(r.conversations));
  }
  // An answered campaign call's conversation is a token caller's, which the roll-up counts as the widget's.
  channels.set('campaign', calls.answered);
  channels.set('widget', Math.max(0, (channels.get('widget') ?? 0) - calls.answered));

  const byBucket = new Map(seriesRows.map((r) => [r.bucket, r]));
  // Buckets not begun yet are left out (they are not zero, they have not happened); the one under way says so.
  const points = (
    period.bucket === 'hour'
      ? periodHours(period).map((t) => ({ t, key: t.toISOString().slice(0, 13), ends: t.getTime() + HOUR_MS }))
      : period.dayStarts.map((d, i) => ({
          t: d.start,
          key: d.day,
          ends: (period.dayStarts[i + 1]?.start ?? end).getTime(),
        }))
  ).filter((p) => p.t < cut);

  return {
    project_env: q.project_env,
    from: q.from,
    to: q.to,
    tz: q.tz,
    bucket: period.bucket,
    totals: totalsOf(current, conversationRows.current.callers, conversationRows.current.active),
    previous: totalsOf(previous, conversationRows.previous.callers, conversationRows.previous.active),
    series: points.map(({ t, key, ends }) => {
      const row = byBucket.get(key);
      return {
        t: t.toISOString(),
        conversations: row?.conversations ?? 0,
        user_messages: row?.user_messages ?? 0,
        fallbacks: row?.fallbacks ?? 0,
        ...(ends > now.getTime() ? { partial: true as const } : {}),
      };
    }),
    confidence_histogram: current.hist,
    top_intents: intents.map((r) => ({ intent: r.name, count: r.count })),
    top_unclassified: await asQueued(db, projectId, phrases),
    channels: [...channels].map(([channel, conversations]) => ({ channel, conversations })),
    campaign_calls: CALL_RESULTS.map((result) => ({ result, calls: calls.byResult.get(result) ?? 0 })),
    deployments: deployments.map((d) => ({ id: d.id, created: new Date(d.created).toISOString(), note: d.note })),
  };
}

/** The top phrases as the fallbacks queue holds them: its id (the dashboard opens the queue on it) and the text as said. */
async function asQueued(
  db: Db,
  projectId: number,
  phrases: { name: string; count: number }[],
): Promise<Stats['top_unclassified']> {
  if (phrases.length === 0) return [];
  const queued = await db
    .selectFrom('unclassified_intents')
    .select(['id', 'intent', 'intent_key'])
    .where('project_id', '=', projectId)
    .where(
      'intent_key',
      'in',
      phrases.map((p) => p.name),
    )
    .execute();
  const byKey = new Map(queued.map((q) => [q.intent_key, q]));
  return phrases.flatMap((p) => {
    const q = byKey.get(p.name);
    // Classified between the two reads: gone from the queue, so gone from the list.
    return q ? [{ id: q.id, text: q.intent, count: p.count }] : [];
  });
}

/**
 * The environment's campaign calls of [start, end): answered ones (their conversations started then) and final ones
 * by the result of their last attempt. Read from the calls themselves (through the campaign's index): a campaign has
 * thousands of calls, not millions of messages.
 */
async function campaignCalls(
  db: Db,
  projectId: number,
  env: 'dev' | 'prod',
  start: Date,
  end: Date,
): Promise<{ answered: number; byResult: Map<string, number> }> {
  const campaigns = db
    .selectFrom('outbound_campaigns')
    .where('project_id', '=', projectId)
    .where('project_env', '=', env)
    .select('id');
  const [answered, final] = await Promise.all([
    db
      .selectFrom('outbound_calls')
      .where('campaign_id', 'in', campaigns)
      .where('answered_at', '>=', start)
      .where('answered_at', '<', end)
      .where('conversation_id', 'is not', null)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('outbound_calls')
      .where('campaign_id', 'in', campaigns)
      .where('status', 'in', ['completed', 'failed'])
      .where('ended_at', '>=', start)
      .where('ended_at', '<', end)
      .select(['last_result', sql<number>`count(*)::int`.as('n')])
      .groupBy('last_result')
      .execute(),
  ]);
  return {
    answered: answered.n,
    byResult: new Map(final.filter((r) => r.last_result !== null).map((r) => [r.last_result as string, r.n])),
  };
}

const DAY_MS = 86_400_000;

/** A phrase counted at least this often in one day or hour is a candidate of the pruned top ten. */
const FREQUENT = 10;

/**
 * The ten most frequent intents (or unclassified phrases) of [start, end): the daily rows of the whole UTC days
 * inside it and the hourly rows of the hours around them, so any whole-hour time zone is exact and a month
 * reads thirty rows per name rather than seven hundred. Byte order ("C") groups faster than a locale.
 */
async function topCounts(
  db: Db,
  what: 'intents' | 'unclassified',
  projectId: number,
  envs: string[],
  start: Date,
  end: Date,
): Promise<{ name: string; count: number }[]> {
  const column = sql`${sql.ref(what === 'intents' ? 'intent' : 'phrase')} COLLATE "C"`;
  const firstDay = Math.ceil(start.getTime() / DAY_MS) * DAY_MS;
  const endDay = Math.max(firstDay, Math.floor(end.getTime() / DAY_MS) * DAY_MS);
  const edgeEnd = new Date(Math.min(firstDay, end.getTime()));
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const hourly = sql.table(`stats_${what}_hourly`);
  const daily = sql.table(`stats_${what}_daily`);
  const days = sql`day_utc >= ${day(firstDay)}::date AND day_utc < ${day(endDay)}::date`;
  // Phrases: only those still waiting in the fallbacks queue (a classified phrase is no longer "not understood", and
  // the dashboard's list must be what the queue shows). The roll-up's phrase is the queue's key (unclassifiedKey).
  const waiting =
    what === 'unclassified'
      ? sql` AND EXISTS (SELECT 1 FROM unclassified_intents u WHERE u.project_id = ${projectId} AND u.intent_key = phrase)`
      : sql``;
  const scope = sql`project_id = ${projectId} AND project_env IN (${sql.join(envs)})${waiting}`;
  const edges = sql`SELECT ${column} AS name, count FROM ${hourly}
        WHERE ${scope} AND hour_utc >= ${start} AND hour_utc < ${edgeEnd}
      UNION ALL
      SELECT ${column}, count FROM ${hourly}
        WHERE ${scope} AND hour_utc >= ${new Date(endDay)} AND hour_utc < ${end}`;

  if (what === 'unclassified') {
    // Phrases have a long tail (most are typed once). The candidates are the phrases counted FREQUENT times in
    // one day or hour; any other phrase has at most FREQUENT - 1 per day and hour of the period, so when the
    // tenth candidate has more than that in total, the tail cannot reach the list and the answer is exact.
    const { rows } = await sql<{ name: string; count: number }>`
      WITH edges AS (${edges}),
      edge_sums AS (SELECT name, sum(count) AS n FROM edges GROUP BY name),
      candidates AS (
        SELECT ${column} AS name FROM ${daily} WHERE ${scope} AND ${days} AND count >= ${sql.lit(FREQUENT)}
        UNION
        SELECT name FROM edges WHERE count >= ${FREQUENT})
      SELECT c.name, (coalesce(e.n, 0) + coalesce((SELECT sum(d.count) FROM ${daily} d
          WHERE d.project_id = ${projectId} AND d.project_env IN (${sql.join(envs)}) AND d.phrase = c.name COLLATE "default"
            AND d.day_utc >= ${day(firstDay)}::date AND d.day_utc < ${day(endDay)}::date), 0))::int AS count
      FROM candidates c LEFT JOIN edge_sums e ON e.name = c.name
      ORDER BY count DESC, name LIMIT ${TOP_N}`.execute(db);
    const periodDaysAndHours =
      (endDay - firstDay) / DAY_MS + (end.getTime() - start.getTime() - (endDay - firstDay)) / HOUR_MS;
    if (rows.length === TOP_N && rows[TOP_N - 1]!.count > (FREQUENT - 1) * periodDaysAndHours) return rows;
  }
  const { rows } = await sql<{ name: string; count: number }>`
    SELECT name, sum(n)::int AS count FROM (
      SELECT ${column} AS name, count AS n FROM ${daily} WHERE ${scope} AND ${days}
      UNION ALL
      SELECT name, count FROM (${edges}) edge_rows
    ) counted
    GROUP BY name ORDER BY count DESC, name LIMIT ${TOP_N}`.execute(db);
  return rows;
}

/**
 * Distinct console users (from their hourly roll-up), and conversations still active (not ended, a message within
 * ABANDONED_AFTER_MINUTES) among those started in each period: the last half hour's activity, through
 * conversations_activity.
 */
async function conversationFigures(
  db: Db,
  projectId: number,
  envs: string[],
  { previousStart, previousCut, start, end }: Record<'previousStart' | 'previousCut' | 'start' | 'end', Date>,
): Promise<Record<'current' | 'previous', { callers: number; active: number }>> {
  const [callers, active] = await Promise.all([
    db
      .selectFrom('stats_callers_hourly')
      .where('project_id', '=', projectId)
      .where('project_env', 'in', envs as ('draft' | 'dev' | 'prod')[])
      .where('hour_utc', '>=', previousStart)
      .where('hour_utc', '<', end)
      .select([
        sql<number>`count(DISTINCT user_id) FILTER (WHERE hour_utc >= ${start})::int`.as('current'),
        sql<number>`count(DISTINCT user_id) FILTER (WHERE hour_utc < ${previousCut})::int`.as('previous'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('conversations')
      .where('project_id', '=', projectId)
      .where('project_env', 'in', envs as ('draft' | 'dev' | 'prod')[])
      .where('started_at', '>=', previousStart)
      .where('started_at', '<', end)
      .where('ended', '=', false)
      .where('last_activity_at', '>', sql<Date>`now() - make_interval(mins => ${ABANDONED_AFTER_MINUTES})`)
      .select([
        sql<number>`count(*) FILTER (WHERE started_at >= ${start})::int`.as('current'),
        sql<number>`count(*) FILTER (WHERE started_at < ${previousCut})::int`.as('previous'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    current: { callers: callers.current, active: active.current },
    previous: { callers: callers.previous, active: active.previous },
  };
}
